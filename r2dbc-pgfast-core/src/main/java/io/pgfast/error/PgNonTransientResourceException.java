package io.pgfast.error;

import io.r2dbc.spi.R2dbcNonTransientResourceException;

/**
 * The connection failed in a way a retry will not fix (class 08, connection exception).
 * Created by {@link PgExceptionFactory}; carries the server's {@link ErrorDetails}.
 */
public final class PgNonTransientResourceException extends R2dbcNonTransientResourceException implements PgErrorDetails {

    private static final long serialVersionUID = 1L;

    private final ErrorDetails details;

    /**
     * @param details the ErrorResponse fields (message and SQLSTATE come from here)
     * @param sql     the SQL that failed, or null
     */
    public PgNonTransientResourceException(ErrorDetails details, String sql) {
        super(PgExceptionFactory.message(details), details.code().orElse(null), 0, sql);
        this.details = details;
    }

    @Override
    public ErrorDetails getErrorDetails() {
        return details;
    }
}
