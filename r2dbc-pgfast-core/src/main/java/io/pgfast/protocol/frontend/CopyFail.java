package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * CopyFail (F): Byte1('f'), Int32 length, String error message. Aborts the client's COPY FROM STDIN;
 * the server fails the COPY with an ErrorResponse carrying this message.
 */
public record CopyFail(String message) implements FrontendMessage {

    public static final byte TYPE = 'f';

    /** @throws IllegalArgumentException when message is null or contains NUL */
    public CopyFail {
        WireFormat.checkCString(message, "CopyFail message");
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        WireFormat.writeCString(out, message);
        WireFormat.endMessage(out, length);
    }
}
