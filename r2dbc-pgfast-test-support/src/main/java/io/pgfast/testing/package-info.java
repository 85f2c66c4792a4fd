/**
 * Test harness of r2dbc-pgfast: a real PostgreSQL for every test run, and a Netty leak check.
 *
 * <pre>{@code
 * @RequiresPostgres
 * class LoginIT {
 *     TestServer pg = TestPostgres.get();          // started once per JVM, stopped at exit
 *
 *     @Test void scram() {
 *         TestRole role = pg.role(AuthMethod.SCRAM);  // pgfast_scram / pgfast_scram_pw
 *         // connect to pg.host():pg.port()/pg.database(); TLS: pg.caCert(), pg.clientCert(), pg.clientKey()
 *     }
 * }
 * }</pre>
 *
 * <p>Server choice ({@link io.pgfast.testing.ServerSelection}): {@code PGFAST_TEST_URL}, then Docker
 * (Testcontainers), then a throwaway cluster from the binaries jar (or {@code -Dpgfast.test.binaries=local}).
 * {@code -Dpgfast.test.pg=12..18} picks the major. {@code -Dgroups=pg} runs only tests marked
 * {@link io.pgfast.testing.RequiresPostgres}.
 *
 * <p>Logical replication: servers the harness starts have {@code wal_level = logical}, and
 * {@link io.pgfast.testing.TestServer#replicationRole()} logs in with the REPLICATION attribute, over
 * ordinary and replication connections.
 *
 * <p>Primary + standby: {@link io.pgfast.testing.ReplicatedCluster#start()} makes a pair of its own (streaming
 * replication; the standby copied with pg_basebackup, or with the low-level backup API when there is none of the
 * servers' major), for tests that stop servers; {@link io.pgfast.testing.ReplicatedCluster#startSynchronous()} a
 * synchronous one, which can fail its primary ({@link io.pgfast.testing.PrimaryFailure}), promote the standby and
 * rebuild the failed server as the new standby, over and over.
 *
 * <p>A silent network partition: {@link io.pgfast.testing.PartitionedServer#start()} runs a cluster of its own in a
 * network namespace behind a veth pair whose link can be cut (both ways, or only the server's answers) and healed; it
 * needs root and iproute2, and {@link io.pgfast.testing.PartitionedServer#unavailableReason()} says why not.
 *
 * <p>PgBouncer: {@link io.pgfast.testing.PgBouncer#get(io.pgfast.testing.PgBouncer.Mode)} starts one in front of
 * the test server per pooling mode ({@code pgbouncer} from {@code PATH}, else the Debian package downloaded once;
 * {@code -Dpgfast.test.pgbouncer=skip} skips the tests when there is none).
 *
 * <p>SQL shortcuts: {@link io.pgfast.testing.TestDb} runs statements on any driver's R2DBC connections, blocking for
 * at most {@link io.pgfast.testing.TestDb#TIMEOUT}, and makes names no other test uses. The driver's configuration
 * for the server's roles stays with the driver's tests (this module cannot depend on the driver).
 *
 * <p>Leaks: {@link io.pgfast.testing.LeakDetectionExtension} is registered for every test class through
 * {@code META-INF/services}; it fails a class after which Netty reported a leaked buffer.
 */
package io.pgfast.testing;
