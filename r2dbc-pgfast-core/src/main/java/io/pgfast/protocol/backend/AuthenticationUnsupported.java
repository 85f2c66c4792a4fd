package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;

/**
 * An authentication request (Byte1('R')) for a method this driver does not implement:
 * AuthenticationKerberosV5 (2), AuthenticationSCMCredential (6), AuthenticationSSPI (9), or a request code the protocol
 * documentation does not define. The startup flow answers it by failing the connection with
 * {@link #method()} in the message.
 *
 * @param code   the request code the server sent
 * @param method the method's name in the PostgreSQL docs, or "unknown method (code N)"
 */
public record AuthenticationUnsupported(int code, String method) implements BackendMessage {

    public AuthenticationUnsupported {
        if (method == null) {
            throw new IllegalArgumentException("method must not be null");
        }
    }

    /** Decodes what follows the request code. Any data is skipped: the driver will not answer it. */
    public static AuthenticationUnsupported decode(int code, ByteBuf rest) {
        rest.skipBytes(rest.readableBytes());
        return new AuthenticationUnsupported(code, methodName(code));
    }

    /** The method name for an authentication request code this driver does not implement. */
    public static String methodName(int code) {
        switch (code) {
            case 2:
                return "KerberosV5";
            case 6:
                return "SCMCredential";
            case 9:
                return "SSPI";
            default:
                return "unknown method (code " + code + ")";
        }
    }
}
