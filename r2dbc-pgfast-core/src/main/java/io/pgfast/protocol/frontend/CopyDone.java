package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * CopyDone (F): Byte1('c'), Int32(4). Ends the client's COPY FROM STDIN data stream.
 */
public final class CopyDone implements FrontendMessage {

    public static final byte TYPE = 'c';

    public static final CopyDone INSTANCE = new CopyDone();

    private CopyDone() {
    }

    @Override
    public void encode(ByteBuf out) {
        WireFormat.endMessage(out, WireFormat.beginMessage(out, TYPE));
    }

    @Override
    public String toString() {
        return "CopyDone";
    }
}
