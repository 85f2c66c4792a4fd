package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.WireFormat;

/**
 * AuthenticationSASLFinal (B): Byte1('R'), Int32 length, Int32(12), Byte<i>n</i> SASL data: the
 * outcome (for SCRAM-SHA-256 the server-final-message), which the client verifies before the
 * AuthenticationOk that follows.
 */
public final class AuthenticationSASLFinal extends AuthenticationDataMessage {

    public static final int CODE = 12;

    /** @param data SASL data; the array becomes this message's own, do not modify it */
    public AuthenticationSASLFinal(byte[] data) {
        super(data, "SASL data");
    }

    /** Decodes what follows the request code: the rest of the message is the data. */
    public static AuthenticationSASLFinal decode(ByteBuf rest) {
        return new AuthenticationSASLFinal(WireFormat.readRemaining(rest));
    }
}
