package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * CloseComplete (B): Byte1('3'), Int32(4). Sent when a Close has completed.
 */
public final class CloseComplete implements BackendMessage {

    public static final CloseComplete INSTANCE = new CloseComplete();

    private CloseComplete() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static CloseComplete decode(ByteBuf body) {
        WireFormat.expectEnd(body, "CloseComplete");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "CloseComplete";
    }
}
