/**
 * The driver's own connection pool ({@link io.pgfast.pool.PgfastPool}), a {@code ConnectionFactory} above the R2DBC
 * faces: it hands out {@code io.pgfast.r2dbc.PgfastConnection}s and reads what they know without a round trip (socket
 * open, transaction status, statements still running, their event loop) to skip the work r2dbc-pool does per
 * acquisition.
 *
 * <p>{@code PoolState} keeps the bookkeeping under one lock and calls out to nothing; {@code PgfastPool} opens,
 * validates, resets and closes connections with its decisions; {@code Lease} is the handle of one acquisition.
 *
 * <p>May import: {@code io.pgfast.r2dbc}, {@code io.pgfast.config}, {@code io.pgfast.error}, Reactor, Netty's
 * {@code EventLoop} and the R2DBC SPI. Nothing below imports it (LayeringTest).
 */
package io.pgfast.pool;
