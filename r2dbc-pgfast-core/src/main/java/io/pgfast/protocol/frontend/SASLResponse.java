package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * SASLResponse (F): Byte1('p'), Int32 length, Byte<i>n</i> data. Answers AuthenticationSASLContinue
 * (for SCRAM, the client-final-message).
 */
public final class SASLResponse implements FrontendMessage {

    public static final byte TYPE = 'p';

    private final byte[] data;

    /** @param data the mechanism-specific response; copied */
    public SASLResponse(byte[] data) {
        if (data == null) {
            throw new IllegalArgumentException("SASL data must not be null");
        }
        this.data = data.clone();
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeBytes(data);
        WireFormat.endMessage(out, length);
    }

    @Override
    public String toString() {
        return "SASLResponse[" + data.length + " bytes]";
    }
}
