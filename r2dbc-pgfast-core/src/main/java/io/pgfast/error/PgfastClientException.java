package io.pgfast.error;

import io.r2dbc.spi.R2dbcNonTransientException;

/**
 * An error the driver itself detected, not reported by the server: a value that cannot be decoded as
 * requested, a parameter that cannot be encoded. The connection stays usable.
 */
public class PgfastClientException extends R2dbcNonTransientException {

    private static final long serialVersionUID = 1L;

    public PgfastClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
