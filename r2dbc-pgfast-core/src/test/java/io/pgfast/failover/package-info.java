/**
 * Failover under load: a synchronous primary + standby pair of the test harness
 * ({@code io.pgfast.testing.ReplicatedCluster}) whose primary is stopped (immediate shutdown, or SIGKILL of the
 * postmaster) while writers, readers, a LISTEN subscription and a streaming result use it; the standby is
 * promoted and the tests check what the application saw. See RELIABILITY.md, "Failover".
 *
 * <p>Imports: the driver's public API ({@code io.pgfast.r2dbc}, {@code io.pgfast.config}), the R2DBC SPI,
 * r2dbc-pool, Reactor, JUnit, AssertJ and the harness ({@code io.pgfast.testing}); nothing of the driver's
 * internals.
 */
package io.pgfast.failover;
