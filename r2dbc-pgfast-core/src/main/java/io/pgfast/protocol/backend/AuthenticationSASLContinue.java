package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * AuthenticationSASLContinue (B): Byte1('R'), Int32 length, Int32(11), Byte<i>n</i> SASL data: a
 * challenge (for SCRAM-SHA-256 the server-first-message), answered with SASLResponse.
 *
 * @param data the mechanism-specific data; the array is this message's own, do not modify it
 */
public record AuthenticationSASLContinue(byte[] data) implements BackendMessage {

    public static final byte TYPE = 'R';
    public static final int CODE = 11;

    public AuthenticationSASLContinue {
        if (data == null) {
            throw new IllegalArgumentException("SASL data must not be null");
        }
    }

    /** Decodes what follows the request code: the rest of the message is the SASL data. */
    public static AuthenticationSASLContinue decode(ByteBuf rest) {
        return new AuthenticationSASLContinue(WireFormat.readRemaining(rest));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AuthenticationSASLContinue other && Arrays.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "AuthenticationSASLContinue[" + data.length + " bytes]";
    }
}
