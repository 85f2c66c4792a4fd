package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * AuthenticationGSSContinue (B): Byte1('R'), Int32 length, Int32(8), Byte<i>n</i> GSSAPI token. The
 * server's next token of the security context; the client feeds it to its context and answers with a
 * GSSResponse when that produces a token of its own (with Kerberos, the last server token needs no answer).
 *
 * @param data the GSSAPI token; the array is this message's own, do not modify it
 */
public record AuthenticationGSSContinue(byte[] data) implements BackendMessage {

    public static final byte TYPE = 'R';
    public static final int CODE = 8;

    public AuthenticationGSSContinue {
        if (data == null) {
            throw new IllegalArgumentException("GSSAPI token must not be null");
        }
    }

    /** Decodes what follows the request code: the rest of the message is the token. */
    public static AuthenticationGSSContinue decode(ByteBuf rest) {
        return new AuthenticationGSSContinue(WireFormat.readRemaining(rest));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AuthenticationGSSContinue other && Arrays.equals(data, other.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "AuthenticationGSSContinue[" + data.length + " bytes]";
    }
}
