package io.pgfast.pool;

/**
 * What a {@link PgfastPool} holds at this moment, with the names and meanings of r2dbc-pool's {@code PoolMetrics}
 * (and so of the gauges Spring Boot publishes for it: {@code r2dbc.pool.acquired}, {@code .allocated}, {@code .idle},
 * {@code .pending}, {@code .max.allocated}, {@code .max.pending}). Each reading is consistent on its own; two readings
 * may come from different moments.
 */
public interface PgfastPoolMetrics {

    /** Connections handed out and not yet returned. */
    int getAcquiredSize();

    /** Connections open or being opened: handed out, idle, being returned and being opened. */
    int getAllocatedSize();

    /** Connections waiting in the pool to be handed out. */
    int getIdleSize();

    /** Acquisitions waiting for a connection. */
    int getPendingAcquireSize();

    /** {@code maxSize}. */
    int getMaxAllocatedSize();

    /** {@code maxPending}; {@link Integer#MAX_VALUE} when unbounded. */
    int getMaxPendingAcquireSize();
}
