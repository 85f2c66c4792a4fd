package io.pgfast.error;

import io.r2dbc.spi.R2dbcDataIntegrityViolationException;

/**
 * An integrity constraint was violated (SQLSTATE class 23): unique, foreign key, not-null, check,
 * exclusion; {@link ErrorDetails#constraint()} names the constraint.
 * Created by {@link PgExceptionFactory}; carries the server's {@link ErrorDetails}.
 */
public final class PgDataIntegrityViolationException extends R2dbcDataIntegrityViolationException implements PgErrorDetails {

    private static final long serialVersionUID = 1L;

    private final ErrorDetails details;

    /**
     * @param details the ErrorResponse fields (message and SQLSTATE come from here)
     * @param sql     the SQL that failed, or null
     */
    public PgDataIntegrityViolationException(ErrorDetails details, String sql) {
        super(PgExceptionFactory.message(details), details.code().orElse(null), 0, sql);
        this.details = details;
    }

    @Override
    public ErrorDetails getErrorDetails() {
        return details;
    }
}
