package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * GSSResponse (F): Byte1('p'), Int32 length, Byte<i>n</i> GSSAPI token. Answers AuthenticationGSS (the
 * context's first token) and AuthenticationGSSContinue (the next ones). The type byte is the one of
 * PasswordMessage and SASLResponse: the server knows from its own request which it reads.
 */
public final class GSSResponse implements FrontendMessage {

    public static final byte TYPE = 'p';

    private final byte[] data;

    /** @param data the GSSAPI token; copied */
    public GSSResponse(byte[] data) {
        if (data == null) {
            throw new IllegalArgumentException("GSSAPI token must not be null");
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
        return "GSSResponse[" + data.length + " bytes]";
    }
}
