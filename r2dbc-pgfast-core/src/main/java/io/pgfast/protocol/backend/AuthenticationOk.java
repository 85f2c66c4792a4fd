package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.WireFormat;

/** AuthenticationOk (B): Byte1('R'), Int32(8), Int32(0). Authentication succeeded. */
public final class AuthenticationOk implements BackendMessage {

    public static final int CODE = 0;

    public static final AuthenticationOk INSTANCE = new AuthenticationOk();

    private AuthenticationOk() {
    }

    /** Decodes what follows the request code: nothing. */
    public static AuthenticationOk decode(ByteBuf rest) {
        WireFormat.expectEnd(rest, "AuthenticationOk");
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "AuthenticationOk";
    }
}
