package io.pgfast.r2dbc;

import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.TransactionDefinition;

import java.time.Duration;
import java.util.Locale;

/** Builds the SQL of transaction control: one BEGIN carrying the whole definition, quoted savepoint names. */
final class TransactionStatements {

    private TransactionStatements() {
    }

    /**
     * {@code BEGIN [ISOLATION LEVEL …] [READ ONLY|READ WRITE] [[NOT] DEFERRABLE]}, plus
     * {@code SET LOCAL lock_timeout} for a lock wait timeout, in one simple query (one round trip).
     * The definition's name has no PostgreSQL equivalent and is ignored.
     */
    static String begin(TransactionDefinition definition) {
        if (definition == null) {
            return "BEGIN";
        }
        StringBuilder sql = new StringBuilder("BEGIN");
        if (definition != null) {
            IsolationLevel isolation = definition.getAttribute(TransactionDefinition.ISOLATION_LEVEL);
            if (isolation != null) {
                sql.append(" ISOLATION LEVEL ").append(isolationSql(isolation));
            }
            Boolean readOnly = definition.getAttribute(TransactionDefinition.READ_ONLY);
            if (readOnly != null) {
                sql.append(readOnly ? " READ ONLY" : " READ WRITE");
            }
            Boolean deferrable = definition.getAttribute(PgfastTransactionDefinition.DEFERRABLE);
            if (deferrable != null) {
                sql.append(deferrable ? " DEFERRABLE" : " NOT DEFERRABLE");
            }
            Duration lockWait = definition.getAttribute(TransactionDefinition.LOCK_WAIT_TIMEOUT);
            if (lockWait != null) {
                sql.append("; SET LOCAL lock_timeout = ").append(millis(lockWait));
            }
        }
        return sql.toString();
    }

    static String isolationSql(IsolationLevel level) {
        String sql = level.asSql().toUpperCase(Locale.ROOT);
        switch (sql) {
            case "READ UNCOMMITTED":
            case "READ COMMITTED":
            case "REPEATABLE READ":
            case "SERIALIZABLE":
                return sql;
            default:
                throw new IllegalArgumentException("unknown isolation level " + level.asSql()
                        + "; PostgreSQL knows READ UNCOMMITTED, READ COMMITTED, REPEATABLE READ and SERIALIZABLE");
        }
    }

    static long millis(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("timeout must not be negative, was " + d);
        }
        return d.toMillis();
    }

    /** A savepoint name as a quoted identifier ("" doubles an embedded quote; NUL is refused). */
    static String identifier(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("savepoint name must not be null or empty");
        }
        if (name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("savepoint name must not contain NUL");
        }
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
