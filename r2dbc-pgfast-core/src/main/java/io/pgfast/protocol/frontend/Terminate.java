package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Terminate (F): Byte1('X'), Int32(4). Closes the session; the client then closes the connection.
 */
public final class Terminate implements FrontendMessage {

    public static final byte TYPE = 'X';

    public static final Terminate INSTANCE = new Terminate();

    private Terminate() {
    }

    @Override
    public void encode(ByteBuf out) {
        WireFormat.endMessage(out, WireFormat.beginMessage(out, TYPE));
    }

    @Override
    public String toString() {
        return "Terminate";
    }
}
