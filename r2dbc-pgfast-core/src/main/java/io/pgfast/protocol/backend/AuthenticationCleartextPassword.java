package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * AuthenticationCleartextPassword (B): Byte1('R'), Int32(8), Int32(3). The server asks for the
 * password in clear text (answered with PasswordMessage).
 */
public final class AuthenticationCleartextPassword implements BackendMessage {

    public static final int CODE = 3;

    public static final AuthenticationCleartextPassword INSTANCE = new AuthenticationCleartextPassword();

    private AuthenticationCleartextPassword() {
    }

    /** Decodes what follows the request code: nothing. */
    public static AuthenticationCleartextPassword decode(ByteBuf rest) {
        WireFormat.expectEnd(rest, "AuthenticationCleartextPassword");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "AuthenticationCleartextPassword";
    }
}
