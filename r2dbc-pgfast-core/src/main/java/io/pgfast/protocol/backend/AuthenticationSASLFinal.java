package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * AuthenticationSASLFinal (B): Byte1('R'), Int32 length, Int32(12), Byte<i>n</i> SASL data: the
 * outcome (for SCRAM-SHA-256 the server-final-message), which the client verifies before the
 * AuthenticationOk that follows.
 *
 * @param data the mechanism-specific data; the array is this message's own, do not modify it
 */
public record AuthenticationSASLFinal(byte[] data) implements BackendMessage {

    public static final byte TYPE = 'R';
    public static final int CODE = 12;

    public AuthenticationSASLFinal {
        if (data == null) {
            throw new IllegalArgumentException("SASL data must not be null");
        }
    }

    /** Decodes what follows the request code: the rest of the message is the SASL data. */
    public static AuthenticationSASLFinal decode(ByteBuf rest) {
        return new AuthenticationSASLFinal(WireFormat.readRemaining(rest));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AuthenticationSASLFinal other && Arrays.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "AuthenticationSASLFinal[" + data.length + " bytes]";
    }
}
