/**
 * The driver's own connection pool ({@link io.pgfast.pool.PgfastPool}), a {@code ConnectionFactory} above the R2DBC
 * faces: it hands out {@code io.pgfast.r2dbc.PgfastConnection}s and reads what they know without a round trip (socket
 * open, transaction status, statements still running, their event loop) to skip the work r2dbc-pool does per
 * acquisition.
 *
 * <p>{@code PoolState} keeps the bookkeeping under one lock and calls out to nothing; {@code PgfastPool} opens,
 * validates and closes connections with its decisions; {@code Release} waits for, drains and resets what a borrower
 * gives back; {@code Lease} is the handle of one acquisition.
 *
 * <p>With {@code sharedLeases}, {@code SharedLeases} lends the connections it holds to the statements of many
 * {@code SharedConnection} handles at once; {@code SharedStatement} and {@code SharedBatch} run, each statement as one
 * {@code SharedRun}, on whichever it picks, and {@code SessionSql} refuses, with the driver's one lexer, SQL that would
 * change a shared session ({@code SessionSqlVerdicts} keeps its verdict per SQL text).
 *
 * <p>{@code PoolOptions} declares each pool option once (r2dbc-pool's names); {@code PgfastPoolConnectionFactoryProvider}
 * serves {@code pool=true} URLs with them. The plain provider in {@code io.pgfast.r2dbc} cannot know this package (it
 * sits below it), so it only knows the switch's name and declines {@code pool=true}; both are registered in
 * {@code META-INF/services}, and exactly one of them serves any options. {@code MicrometerPoolMeters} is the only class
 * that imports micrometer-core, reached through {@code PoolMeters} only when a registry is given.
 *
 * <p>May import: {@code io.pgfast.r2dbc}, {@code io.pgfast.config}, {@code io.pgfast.error}, {@code io.pgfast.flow.SqlLexer}, Reactor, Netty's
 * {@code EventLoop}, the R2DBC SPI and (one class) micrometer-core. Nothing below imports it (LayeringTest).
 */
package io.pgfast.pool;
