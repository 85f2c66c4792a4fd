package io.pgfast.error;

import io.r2dbc.spi.R2dbcRollbackException;

/**
 * The server rolled the transaction back: a serialization failure or deadlock (retry the
 * transaction) or another class 40 error.
 * Created by {@link PgExceptionFactory}; carries the server's {@link ErrorDetails}.
 */
public final class PgRollbackException extends R2dbcRollbackException implements PgErrorDetails {

    private static final long serialVersionUID = 1L;

    private final ErrorDetails details;

    /**
     * @param details the ErrorResponse fields (message and SQLSTATE come from here)
     * @param sql     the SQL that failed, or null
     */
    public PgRollbackException(ErrorDetails details, String sql) {
        super(PgExceptionFactory.message(details), details.code().orElse(null), 0, sql);
        this.details = details;
    }

    @Override
    public ErrorDetails getErrorDetails() {
        return details;
    }
}
