package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Flush (F): Byte1('H'), Int32(4). Asks the server to send everything it has produced so far, without ending the extended-query sequence.
 */
public final class Flush implements FrontendMessage {

    public static final byte TYPE = 'H';

    public static final Flush INSTANCE = new Flush();

    private Flush() {
    }

    @Override
    public void encode(ByteBuf out) {
        WireFormat.endMessage(out, WireFormat.beginMessage(out, TYPE));
    }

    @Override
    public String toString() {
        return "Flush";
    }
}
