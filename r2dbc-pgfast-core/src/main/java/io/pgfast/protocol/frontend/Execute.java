package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Execute (F): Byte1('E'), Int32 length, String portal name (empty = the unnamed portal), Int32
 * maximum number of rows to return (0 = no limit). When the limit is reached the server sends
 * PortalSuspended instead of CommandComplete, and the portal can be executed again.
 */
public record Execute(String portal, int maxRows) implements FrontendMessage {

    public static final byte TYPE = 'E';

    /** Execute the unnamed portal to its end: what every statement without a fetch size sends. */
    public static final Execute UNNAMED_ALL_ROWS = new Execute("", 0);

    /** @throws IllegalArgumentException when maxRows is negative, or portal is null or contains NUL */
    public Execute {
        WireFormat.checkCString(portal, "portal name");
        if (maxRows < 0) {
            throw new IllegalArgumentException("maxRows must be 0 (no limit) or positive, was " + maxRows);
        }
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        WireFormat.writeCString(out, portal);
        out.writeInt(maxRows);
        WireFormat.endMessage(out, length);
    }
}
