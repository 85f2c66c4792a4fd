package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * ParseComplete (B): Byte1('1'), Int32(4). Sent when a Parse has completed.
 */
public final class ParseComplete implements BackendMessage {

    public static final ParseComplete INSTANCE = new ParseComplete();

    private ParseComplete() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static ParseComplete decode(ByteBuf body) {
        WireFormat.expectEnd(body, "ParseComplete");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "ParseComplete";
    }
}
