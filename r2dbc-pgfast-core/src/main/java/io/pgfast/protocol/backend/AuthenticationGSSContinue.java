package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.WireFormat;

/**
 * AuthenticationGSSContinue (B): Byte1('R'), Int32 length, Int32(8), Byte<i>n</i> GSSAPI token. The
 * server's next token of the security context; the client feeds it to its context and answers with a
 * GSSResponse when that produces a token of its own (with Kerberos, the last server token needs no answer).
 */
public final class AuthenticationGSSContinue extends AuthenticationDataMessage {

    public static final int CODE = 8;

    /** @param data GSSAPI token; the array becomes this message's own, do not modify it */
    public AuthenticationGSSContinue(byte[] data) {
        super(data, "GSSAPI token");
    }

    /** Decodes what follows the request code: the rest of the message is the data. */
    public static AuthenticationGSSContinue decode(ByteBuf rest) {
        return new AuthenticationGSSContinue(WireFormat.readRemaining(rest));
    }
}
