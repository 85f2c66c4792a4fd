package io.pgfast.connect;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.flow.CommandFlow;
import io.pgfast.connect.ConnectionBootstrap;
import io.pgfast.config.HostSpec;
import io.pgfast.connect.HostStatus;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.connect.ServerRoleProbe;
import io.pgfast.connect.Session;
import io.pgfast.config.SslMode;
import io.pgfast.config.TargetServerType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.transport.Transport;
import io.pgfast.testing.ReplicatedCluster;
import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Multi-host connections against a real primary and a streaming hot standby of their own (the tests stop
 * servers, so never the shared server). Ordered: the last tests stop the standby, then the primary.
 */
@RequiresPostgres
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MultiHostTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static ReplicatedCluster pair;
    private static HostSpec primary;
    private static HostSpec replica;

    @BeforeAll
    static void startPair() {
        pair = ReplicatedCluster.start();
        primary = new HostSpec(pair.host(), pair.primaryPort());
        replica = new HostSpec(pair.host(), pair.replicaPort());
    }

    @AfterAll
    static void stopPair() {
        if (pair != null) {
            pair.stop();
        }
    }

    private static PgfastConnectionConfigurationBuilder config(TargetServerType target, HostSpec... hosts) {
        return PgfastConnectionConfiguration.builder().hosts(List.of(hosts)).targetServerType(target)
                .username(ReplicatedCluster.USER).password(ReplicatedCluster.PASSWORD).database(ReplicatedCluster.DATABASE)
                .sslMode(SslMode.DISABLE).connectTimeout(Duration.ofSeconds(10));
    }

    /** The port of the server {@code factory} connects to, and whether it is in recovery; the connection is closed. */
    private static Where where(PgfastConnectionFactory factory) {
        return where(Mono.from(factory.create()).cast(PgfastConnection.class));
    }

    private static Where where(Mono<PgfastConnection> connect) {
        return Mono.usingWhen(connect,
                c -> Flux.from(c.createStatement("SELECT inet_server_port(), pg_is_in_recovery()").execute())
                        .concatMap(r -> r.map((row, md) -> new Where(row.get(0, Integer.class), row.get(1, Boolean.class))))
                        .single(),
                Connection::close).block(TIMEOUT);
    }

    /** The same as {@link #where(Mono)} for what the bootstrap yields, below the R2DBC faces. */
    private static Where whereSession(Mono<Session> connect) {
        return Mono.usingWhen(connect,
                s -> CommandFlow.textRows(s.transport(), "SELECT inet_server_port(), pg_is_in_recovery()")
                        .map(results -> {
                            String[] row = results.get(0).get(0);
                            return new Where(Integer.parseInt(row[0]), "t".equals(row[1]));
                        }),
                s -> s.transport().close()).block(TIMEOUT);
    }

    private record Where(int port, boolean inRecovery) {
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(pair.host()))) {
            return s.getLocalPort();
        }
    }

    @Test
    @Order(1)
    void primaryTargetSkipsTheStandby() {
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.PRIMARY, replica, primary).build())))
                .isEqualTo(new Where(primary.port(), false));
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.PREFER_PRIMARY, replica, primary).build())))
                .isEqualTo(new Where(primary.port(), false));
    }

    @Test
    @Order(1)
    void standbyTargetsSkipThePrimary() {
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.STANDBY, primary, replica).build())))
                .isEqualTo(new Where(replica.port(), true));
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.PREFER_STANDBY, primary, replica).build())))
                .isEqualTo(new Where(replica.port(), true));
    }

    @Test
    @Order(1)
    void anyTakesTheFirstReachableHost() throws IOException {
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.ANY, replica, primary).build())).port())
                .isEqualTo(replica.port());
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.ANY, primary, replica).build())).port())
                .isEqualTo(primary.port());
        HostSpec dead = new HostSpec(pair.host(), closedPort());
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.ANY, dead, primary).build())).port())
                .isEqualTo(primary.port());
        assertThat(where(new PgfastConnectionFactory(config(TargetServerType.STANDBY, dead, primary, replica).build())).port())
                .isEqualTo(replica.port());
    }

    @Test
    @Order(1)
    void loadBalancingSpreadsConnectionsOverBothServers() {
        PgfastConnectionFactory factory = new PgfastConnectionFactory(config(TargetServerType.ANY, primary, replica)
                .loadBalanceHosts(true).build());
        List<Where> seen = Flux.range(0, 40).flatMap(i -> Mono.fromCallable(() -> where(factory))
                .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic()), 4).collectList().block(TIMEOUT);
        Set<Integer> ports = new HashSet<>();
        seen.forEach(w -> ports.add(w.port()));
        assertThat(ports).containsExactlyInAnyOrder(primary.port(), replica.port());
        // without it, every connection goes to the first host
        PgfastConnectionFactory ordered = new PgfastConnectionFactory(config(TargetServerType.ANY, replica, primary).build());
        for (int i = 0; i < 5; i++) {
            assertThat(where(ordered).port()).isEqualTo(replica.port());
        }
    }

    /** Servers before 14 send no in_hot_standby; the same decisions come from SHOW transaction_read_only. */
    @Test
    @Order(1)
    void roleFromTheReadOnlyQuery() {
        PgfastConnectionConfiguration standby = config(TargetServerType.STANDBY, primary, replica).build();
        assertThat(whereSession(new ConnectionBootstrap(standby, DefaultCodecRegistry.builtins(), false).connect()))
                .isEqualTo(new Where(replica.port(), true));
        PgfastConnectionConfiguration primaryOnly = config(TargetServerType.PRIMARY, replica, primary).build();
        assertThat(whereSession(new ConnectionBootstrap(primaryOnly, DefaultCodecRegistry.builtins(), false).connect()))
                .isEqualTo(new Where(primary.port(), false));

        for (HostSpec h : List.of(primary, replica)) {
            Transport t = new ConnectionBootstrap(config(TargetServerType.ANY, h).build(), DefaultCodecRegistry.builtins(), true)
                    .connect().block(TIMEOUT).transport();
            try {
                HostStatus expected = h.equals(primary) ? HostStatus.PRIMARY : HostStatus.STANDBY;
                assertThat(ServerRoleProbe.byQuery(t).block(TIMEOUT)).isEqualTo(expected);
                if (pair.major() >= 14) {
                    assertThat(ServerRoleProbe.fromParameterStatus(t.session().parameters())).isEqualTo(expected);
                }
                assertThat(ServerRoleProbe.probe(t, false).block(TIMEOUT)).isEqualTo(expected);
            } finally {
                t.close().block(TIMEOUT);
            }
        }
    }

    /**
     * A host found down is tried last while its entry is fresh, and in its place again after hostRecheckSeconds.
     * The host-status cache runs on a clock the test moves, so how long each connection takes does not matter.
     */
    @Test
    @Order(1)
    void downHostIsTriedLastUntilTheRecheckInterval() throws Exception {
        int port = closedPort();
        AtomicLong clock = new AtomicLong();
        ConnectionBootstrap bootstrap = new ConnectionBootstrap(config(TargetServerType.ANY,
                new HostSpec(pair.host(), port), primary).hostRecheckSeconds(1).build(), DefaultCodecRegistry.builtins(), true, clock::get);
        assertThat(whereSession(bootstrap.connect()).port()).isEqualTo(primary.port());
        AtomicInteger accepted = new AtomicInteger();
        try (ServerSocket listener = new ServerSocket(port, 50, InetAddress.getByName(pair.host()))) {
            Thread acceptor = new Thread(() -> {
                while (!listener.isClosed()) {
                    try (Socket s = listener.accept()) {
                        accepted.incrementAndGet();
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "multihost-test-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
            // the host now accepts TCP connections, but the cache still says it is down: not tried first
            clock.addAndGet(Duration.ofMillis(999).toNanos());
            assertThat(whereSession(bootstrap.connect()).port()).isEqualTo(primary.port());
            assertThat(accepted).hasValue(0);
            // every entry has expired: the host is tried first again (it closes the connection: the primary follows)
            clock.addAndGet(Duration.ofSeconds(1).toNanos());
            assertThat(whereSession(bootstrap.connect()).port()).isEqualTo(primary.port());
            assertThat(accepted).hasValue(1);
            // and it is marked down once more
            clock.addAndGet(Duration.ofMillis(999).toNanos());
            assertThat(whereSession(bootstrap.connect()).port()).isEqualTo(primary.port());
            assertThat(accepted).hasValue(1);
        }
    }

    @Test
    @Order(2)
    void preferStandbyFallsBackToThePrimaryWhileTheStandbyIsDown() {
        pair.stopReplica();
        try {
            assertThat(where(new PgfastConnectionFactory(config(TargetServerType.PREFER_STANDBY, replica, primary).build())))
                    .isEqualTo(new Where(primary.port(), false));
            assertThatThrownBy(() -> where(new PgfastConnectionFactory(config(TargetServerType.STANDBY, replica, primary).build())))
                    .isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageStartingWith("no host of [" + replica + ", " + primary + "] fits targetServerType=standby: ")
                    .hasMessageContaining(replica + ": cannot connect")
                    .hasMessageContaining(primary + " is a primary (targetServerType=standby)");
        } finally {
            pair.startReplica();
        }
    }

    @Test
    @Order(3)
    void whenThePrimaryStopsTheStandbyServes() {
        PgfastConnectionFactory any = new PgfastConnectionFactory(config(TargetServerType.ANY, primary, replica).build());
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(any).initialSize(1).maxSize(2)
                .maxAcquireTime(Duration.ofSeconds(20)).build());
        try {
            assertThat(poolRecovery(pool)).isFalse();
            pair.stopPrimary();
            for (int i = 0; i < 5; i++) {
                assertThat(poolRecovery(pool)).isTrue();
            }
            assertThat(where(any)).isEqualTo(new Where(replica.port(), true));

            PgfastConnectionFactory primaryOnly = new PgfastConnectionFactory(config(TargetServerType.PRIMARY, primary, replica).build());
            assertThatThrownBy(() -> where(primaryOnly))
                    .isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageStartingWith("no host of [" + primary + ", " + replica + "] fits targetServerType=primary: ")
                    .hasMessageContaining(primary + ": cannot connect")
                    .hasMessageContaining(replica + " is a standby (targetServerType=primary)")
                    // (block() adds one suppressed exception of its own)
                    .satisfies(e -> assertThat(e.getSuppressed()).filteredOn(x -> x instanceof R2dbcException)
                            .singleElement().satisfies(x -> assertThat(x.getMessage()).contains("Connection refused")));
        } finally {
            pool.dispose();
        }
    }

    /** A statement a standby can run, through the pool: whether the server is in recovery. */
    private static boolean poolRecovery(ConnectionPool pool) {
        return Mono.usingWhen(pool.create(),
                c -> Flux.from(c.createStatement("SELECT pg_is_in_recovery()").execute())
                        .concatMap(r -> r.map((row, md) -> row.get(0, Boolean.class))).single(),
                Connection::close).block(TIMEOUT);
    }
}
