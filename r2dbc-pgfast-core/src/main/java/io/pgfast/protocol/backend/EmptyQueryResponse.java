package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * EmptyQueryResponse (B): Byte1('I'), Int32(4). Sent instead of CommandComplete for an empty query string.
 */
public final class EmptyQueryResponse implements BackendMessage {

    public static final EmptyQueryResponse INSTANCE = new EmptyQueryResponse();

    private EmptyQueryResponse() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static EmptyQueryResponse decode(ByteBuf body) {
        WireFormat.expectEnd(body, "EmptyQueryResponse");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "EmptyQueryResponse";
    }
}
