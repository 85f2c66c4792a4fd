package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * NoData (B): Byte1('n'), Int32(4). Sent by Describe when the statement or portal returns no rows.
 */
public final class NoData implements BackendMessage {

    public static final NoData INSTANCE = new NoData();

    private NoData() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static NoData decode(ByteBuf body) {
        WireFormat.expectEnd(body, "NoData");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "NoData";
    }
}
