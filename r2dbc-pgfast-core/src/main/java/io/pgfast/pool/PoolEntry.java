package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.r2dbc.spi.IsolationLevel;

/**
 * One connection of the pool, for all its life: handed out, idle or being returned. Its mutable fields are written by
 * whoever holds it (the lease, or the pool's lock while it is idle).
 */
final class PoolEntry {

    final PgfastConnection connection;
    /** The idle connections of its event loop. */
    final IdleSlot slot;
    /** When it must be closed ({@code maxLifeTime} less its spread), in {@link System#nanoTime()}; MAX_VALUE: never. */
    final long retireAt;
    /** The isolation level it was opened with, restored on release when a borrower changed it. */
    final IsolationLevel isolation;
    /** When it was last returned (or opened), in {@link System#nanoTime()}; for eviction and validation. */
    long lastUsed;
    /** The waiter it goes to next ({@link PoolState#offer}); set under the pool's lock, read by the releaser. */
    Lease next;

    PoolEntry(PgfastConnection connection, IdleSlot slot, long openedAt, long retireAt) {
        this.connection = connection;
        this.slot = slot;
        this.retireAt = retireAt;
        this.isolation = connection.getTransactionIsolationLevel();
        this.lastUsed = openedAt;
    }

    boolean retired(long now) {
        return retireAt != Long.MAX_VALUE && now - retireAt >= 0;
    }

    @Override
    public String toString() {
        return connection.toString();
    }
}
