package io.pgfast.error;

/**
 * Implemented by every exception the driver raises for an ErrorResponse from the server, so callers
 * can reach the constraint, table, hint and other fields without parsing the message:
 * {@code if (e instanceof PgErrorDetails) ((PgErrorDetails) e).getErrorDetails().constraint()}.
 */
public interface PgErrorDetails {

    /** The fields of the server's ErrorResponse; never null. */
    ErrorDetails getErrorDetails();
}
