package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * BindComplete (B): Byte1('2'), Int32(4). Sent when a Bind has completed.
 */
public final class BindComplete implements BackendMessage {

    public static final BindComplete INSTANCE = new BindComplete();

    private BindComplete() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static BindComplete decode(ByteBuf body) {
        WireFormat.expectEnd(body, "BindComplete");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "BindComplete";
    }
}
