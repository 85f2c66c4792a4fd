package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.WireFormat;

/**
 * AuthenticationSASLContinue (B): Byte1('R'), Int32 length, Int32(11), Byte<i>n</i> SASL data: a
 * challenge (for SCRAM-SHA-256 the server-first-message), answered with SASLResponse.
 */
public final class AuthenticationSASLContinue extends AuthenticationDataMessage {

    public static final int CODE = 11;

    /** @param data SASL data; the array becomes this message's own, do not modify it */
    public AuthenticationSASLContinue(byte[] data) {
        super(data, "SASL data");
    }

    /** Decodes what follows the request code: the rest of the message is the data. */
    public static AuthenticationSASLContinue decode(ByteBuf rest) {
        return new AuthenticationSASLContinue(WireFormat.readRemaining(rest));
    }
}
