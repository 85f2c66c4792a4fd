package io.pgfast.protocol.auth;

import io.pgfast.protocol.ProtocolException;

/**
 * A SCRAM exchange failed on the client side: the server's message was malformed, broke a rule of
 * RFC 5802 (nonce not extending ours, iteration count out of range), reported an error
 * ({@code e=}), or could not prove that it knows the password (server signature mismatch). The
 * message never contains the password.
 */
public class ScramException extends ProtocolException {

    private static final long serialVersionUID = 1L;

    public ScramException(String message) {
        super(message);
    }

    public ScramException(String message, Throwable cause) {
        super(message, cause);
    }
}
