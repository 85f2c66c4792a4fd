/**
 * The R2DBC faces of the driver: the {@code ConnectionFactoryProvider} behind {@code r2dbc:pgfast:} URLs, the
 * factory, connection, statement, batch, result, row and metadata, and the PostgreSQL extras a connection
 * offers (LISTEN/NOTIFY notifications, COPY), and a LISTEN that outlives its connection
 * ({@code ReconnectingListener}). What users call lives here and in {@link io.pgfast.config}.
 *
 * <p>It turns SPI calls into conversations of {@code io.pgfast.flow} and hands their results out as R2DBC
 * {@code Result}s and {@code Row}s (by implementing {@link io.pgfast.flow.ResultFactory}); opening a
 * connection is {@code io.pgfast.connect}'s job.
 *
 * <p>URLs with {@code pool=true} are left to the provider of {@code io.pgfast.pool}, which sits above this package: the
 * provider here knows only the switch's name ({@code PgfastConnectionFactoryProvider.POOL}) and declines them.
 *
 * <p>May import: everything below it (config, connect, flow, transport, protocol, error, observation, the
 * codecs), Reactor and the R2DBC SPI. Nothing imports it but the pool ({@code io.pgfast.pool}), the tests and users.
 */
package io.pgfast.r2dbc;
