package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * AuthenticationGSS (B): Byte1('R'), Int32(8) length, Int32(7). The server asks for GSSAPI authentication:
 * the client starts a GSSAPI security context for the server's service principal and sends its first token in
 * a GSSResponse. Not sent when the connection is already GSS-encrypted: the encryption's context has
 * authenticated the client then.
 */
public final class AuthenticationGSS implements BackendMessage {

    public static final int CODE = 7;

    public static final AuthenticationGSS INSTANCE = new AuthenticationGSS();

    private AuthenticationGSS() {
    }

    /** Decodes what follows the request code: nothing. */
    public static AuthenticationGSS decode(ByteBuf rest) {
        WireFormat.expectEnd(rest, "AuthenticationGSS");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "AuthenticationGSS";
    }
}
