package io.pgfast.pool;

import io.r2dbc.spi.R2dbcNonTransientException;

/**
 * A statement a handle of a pool with {@code sharedLeases} refuses outside a transaction, because it would change the
 * session of a connection other callers share ({@link SessionSql}). Nothing of it was sent to the server.
 */
public final class SharedLeaseException extends R2dbcNonTransientException {

    private static final long serialVersionUID = 1L;

    SharedLeaseException(String what, String sql) {
        super(what + " changes the session of a connection other callers share (sharedLeases=true): begin a transaction"
                + " on this connection, or turn sharedLeases off", null, 0, sql);
    }
}
