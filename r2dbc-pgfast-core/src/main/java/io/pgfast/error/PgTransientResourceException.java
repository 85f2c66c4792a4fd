package io.pgfast.error;

import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * The server lacks resources (class 53) or is shutting down or starting up (57P01, 57P02,
 * 57P03); retrying later may succeed.
 * Created by {@link PgExceptionFactory}; carries the server's {@link ErrorDetails}.
 */
public final class PgTransientResourceException extends R2dbcTransientResourceException implements PgErrorDetails {

    private static final long serialVersionUID = 1L;

    private final ErrorDetails details;

    /**
     * @param details the ErrorResponse fields (message and SQLSTATE come from here)
     * @param sql     the SQL that failed, or null
     */
    public PgTransientResourceException(ErrorDetails details, String sql) {
        super(PgExceptionFactory.message(details), details.code().orElse(null), 0, sql);
        this.details = details;
    }

    @Override
    public ErrorDetails getErrorDetails() {
        return details;
    }
}
