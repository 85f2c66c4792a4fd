package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * CopyDone (B): Byte1('c'), Int32(4). The server's COPY OUT data stream has ended.
 */
public final class CopyDone implements BackendMessage {

    public static final CopyDone INSTANCE = new CopyDone();

    private CopyDone() {
    }

    /** Decodes the (empty) body; any byte in it is a protocol error. */
    public static CopyDone decode(ByteBuf body) {
        WireFormat.expectEnd(body, "CopyDone");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "CopyDone";
    }
}
