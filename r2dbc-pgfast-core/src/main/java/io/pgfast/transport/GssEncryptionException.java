package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

/**
 * GSS encryption could not be set up, or a connection that had it failed before it was ready. With
 * {@code gssEncMode=prefer} the driver then connects again without it, as libpq does; with {@code require}
 * this is the error the application sees.
 */
public final class GssEncryptionException extends R2dbcNonTransientResourceException {

    private static final long serialVersionUID = 1L;

    public GssEncryptionException(String message, Throwable cause) {
        super(message, SqlState.CONNECTION_FAILURE, cause);
    }

    /** Wraps the failure of a GSS-encrypted connection attempt, keeping its message and SQLSTATE. */
    public GssEncryptionException(io.r2dbc.spi.R2dbcException cause) {
        super(cause.getMessage(), cause.getSqlState(), cause);
    }
}
