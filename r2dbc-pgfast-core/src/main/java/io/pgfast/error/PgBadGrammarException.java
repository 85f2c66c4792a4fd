package io.pgfast.error;

import io.r2dbc.spi.R2dbcBadGrammarException;

/**
 * The SQL is invalid or refers to something that does not exist (class 42), or a value is invalid
 * for its type (class 22, data exception). {@code getOffendingSql()} returns the SQL.
 * Created by {@link PgExceptionFactory}; carries the server's {@link ErrorDetails}.
 */
public final class PgBadGrammarException extends R2dbcBadGrammarException implements PgErrorDetails {

    private static final long serialVersionUID = 1L;

    private final ErrorDetails details;

    /**
     * @param details the ErrorResponse fields (message and SQLSTATE come from here)
     * @param sql     the SQL that failed, or null
     */
    public PgBadGrammarException(ErrorDetails details, String sql) {
        super(PgExceptionFactory.message(details), details.code().orElse(null), 0, sql);
        this.details = details;
    }

    @Override
    public ErrorDetails getErrorDetails() {
        return details;
    }
}
