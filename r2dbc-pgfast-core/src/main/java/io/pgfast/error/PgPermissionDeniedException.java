package io.pgfast.error;

import io.r2dbc.spi.R2dbcPermissionDeniedException;

/**
 * Privileges are missing (42501) or authentication / authorization failed (class 28).
 * Created by {@link PgExceptionFactory}; carries the server's {@link ErrorDetails}.
 */
public final class PgPermissionDeniedException extends R2dbcPermissionDeniedException implements PgErrorDetails {

    private static final long serialVersionUID = 1L;

    private final ErrorDetails details;

    /**
     * @param details the ErrorResponse fields (message and SQLSTATE come from here)
     * @param sql     the SQL that failed, or null
     */
    public PgPermissionDeniedException(ErrorDetails details, String sql) {
        super(PgExceptionFactory.message(details), details.code().orElse(null), 0, sql);
        this.details = details;
    }

    @Override
    public ErrorDetails getErrorDetails() {
        return details;
    }
}
