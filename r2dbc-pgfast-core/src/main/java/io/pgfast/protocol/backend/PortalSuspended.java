package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * PortalSuspended (B): Byte1('s'), Int32(4). Sent when an Execute reached its row limit before the portal was exhausted; the portal can be executed again for more rows.
 */
public final class PortalSuspended implements BackendMessage {

    public static final PortalSuspended INSTANCE = new PortalSuspended();

    private PortalSuspended() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static PortalSuspended decode(ByteBuf body) {
        WireFormat.expectEnd(body, "PortalSuspended");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "PortalSuspended";
    }
}
