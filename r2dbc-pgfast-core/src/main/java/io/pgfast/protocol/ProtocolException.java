package io.pgfast.protocol;

/**
 * The server (or whatever is on the other end of the socket) sent bytes that are not a valid
 * PostgreSQL protocol 3.0 message: an unknown message type, a length out of bounds, a field that
 * runs past the end of its message, trailing bytes, an unknown enum value. The message names the
 * message type and what was wrong.
 *
 * <p>After a ProtocolException the byte stream can no longer be trusted to be in step with the
 * message boundaries, so the connection must be closed.
 */
public class ProtocolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
