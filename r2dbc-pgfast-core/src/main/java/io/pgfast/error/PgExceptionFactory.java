package io.pgfast.error;

import io.r2dbc.spi.R2dbcException;

/**
 * Turns a server ErrorResponse into the most specific R2DBC exception for its SQLSTATE, so callers
 * (and Spring's exception translation) can react by type: retry a serialization failure, report a
 * constraint violation, give up on bad SQL. Every exception returned implements
 * {@link PgErrorDetails}; its {@code getErrorCode()} is 0 (PostgreSQL has no vendor code besides
 * the SQLSTATE).
 *
 * <table>
 *   <caption>SQLSTATE to exception, first match wins</caption>
 *   <tr><th>SQLSTATE</th><th>exception</th></tr>
 *   <tr><td>57014 query_canceled (statement_timeout, cancel request)</td><td>{@link PgTimeoutException}</td></tr>
 *   <tr><td>40001 serialization_failure, 40P01 deadlock_detected</td><td>{@link PgRollbackException}</td></tr>
 *   <tr><td>class 23, integrity constraint violation</td><td>{@link PgDataIntegrityViolationException}</td></tr>
 *   <tr><td>42501 insufficient_privilege, class 28 invalid authorization</td><td>{@link PgPermissionDeniedException}</td></tr>
 *   <tr><td>class 42 syntax error or access rule violation, class 22 data exception</td><td>{@link PgBadGrammarException}</td></tr>
 *   <tr><td>class 08, connection exception</td><td>{@link PgNonTransientResourceException}</td></tr>
 *   <tr><td>class 53 insufficient resources, 57P01 admin_shutdown, 57P02 crash_shutdown,
 *       57P03 cannot_connect_now</td><td>{@link PgTransientResourceException}</td></tr>
 *   <tr><td>class 40, other transaction rollbacks</td><td>{@link PgRollbackException}</td></tr>
 *   <tr><td>anything else, or no SQLSTATE</td><td>{@link PgNonTransientException}</td></tr>
 * </table>
 */
public final class PgExceptionFactory {

    private PgExceptionFactory() {
    }

    /**
     * @param details the fields of the ErrorResponse
     * @param sql     the SQL that failed, or null when the error is not tied to a statement
     * @throws IllegalArgumentException if {@code details} is null
     */
    public static R2dbcException create(ErrorDetails details, String sql) {
        if (details == null) {
            throw new IllegalArgumentException("details must not be null");
        }
        String code = details.code().orElse("");
        String sqlClass = code.length() == 5 ? code.substring(0, 2) : "";
        if (code.equals(SqlState.QUERY_CANCELED)) {
            return new PgTimeoutException(details, sql);
        }
        if (code.equals(SqlState.T_R_SERIALIZATION_FAILURE) || code.equals(SqlState.T_R_DEADLOCK_DETECTED)) {
            return new PgRollbackException(details, sql);
        }
        if (sqlClass.equals("23")) {
            return new PgDataIntegrityViolationException(details, sql);
        }
        if (code.equals(SqlState.INSUFFICIENT_PRIVILEGE) || sqlClass.equals("28")) {
            return new PgPermissionDeniedException(details, sql);
        }
        if (sqlClass.equals("42") || sqlClass.equals("22")) {
            return new PgBadGrammarException(details, sql);
        }
        if (sqlClass.equals("08")) {
            return new PgNonTransientResourceException(details, sql);
        }
        if (sqlClass.equals("53") || code.equals(SqlState.ADMIN_SHUTDOWN)
                || code.equals(SqlState.CRASH_SHUTDOWN) || code.equals(SqlState.CANNOT_CONNECT_NOW)) {
            return new PgTransientResourceException(details, sql);
        }
        if (sqlClass.equals("40")) {
            return new PgRollbackException(details, sql);
        }
        return new PgNonTransientException(details, sql);
    }

    /**
     * The exception message for an ErrorResponse: the server's message, then a {@code Detail: ...}
     * and a {@code Hint: ...} line when the server sent them. The SQLSTATE is not repeated here:
     * {@code R2dbcException.toString()} (what logs and stack traces show) already prefixes it.
     */
    public static String message(ErrorDetails details) {
        if (details == null) {
            throw new IllegalArgumentException("details must not be null");
        }
        StringBuilder b = new StringBuilder();
        b.append(details.message().orElse("(the server sent no message)"));
        details.detail().ifPresent(d -> b.append("\nDetail: ").append(d));
        details.hint().ifPresent(h -> b.append("\nHint: ").append(h));
        return b.toString();
    }
}
