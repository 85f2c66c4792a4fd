package io.pgfast.pgbouncer;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.Notification;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.PgBouncer;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The driver with its defaults (named prepared statements cached) behind PgBouncer in session pooling, where a
 * client keeps one server connection for its whole life: everything a direct connection does works.
 */
@RequiresPostgres
class SessionPoolingTest {

    private static PgBouncer bouncer;
    private PgfastConnection c;

    @BeforeAll
    static void createTable() {
        TestPostgres.get().execute("DROP TABLE IF EXISTS bouncer_session", "CREATE TABLE bouncer_session (id int, name text)",
                "GRANT ALL ON bouncer_session TO PUBLIC");
    }

    /** Per test rather than per class: without pgbouncer and with -Dpgfast.test.pgbouncer=skip each test shows as skipped. */
    @BeforeEach
    void connect() {
        bouncer = PgBouncer.get(PgBouncer.Mode.SESSION);
        TestPostgres.get().execute("TRUNCATE bouncer_session");
        c = Pg.connect(Pg.config(bouncer).build());
    }

    @AfterEach
    void close() {
        if (c != null) {
            TestDb.close(c);
            c = null;
        }
    }

    @Test
    void simpleAndExtendedQueries() {
        assertThat(TestDb.column(c, "SELECT 1; SELECT 2 UNION ALL SELECT 3", Integer.class)).containsExactly(1, 2, 3);
        assertThat(TestDb.one(c, "SELECT $1::text || '!'", "hi", String.class)).isEqualTo("hi!");
        assertThat(TestDb.one(c, "SELECT $1::numeric * 2", new java.math.BigDecimal("1.25"), java.math.BigDecimal.class))
                .isEqualByComparingTo("2.50");
        // extra_float_digits is ignored by PgBouncer and keeps the server default; binary results are exact anyway
        assertThat(TestDb.one(c, "SELECT $1::float8 / 3", 1.0, Double.class)).isEqualTo(1.0 / 3);
        assertThat(TestDb.one(c, "SHOW application_name", String.class)).isEqualTo("r2dbc-pgfast");
    }

    @Test
    void repeatedStatementsUseTheNamedStatementCache() {
        for (int i = 0; i < 5; i++) {
            assertThat(TestDb.one(c, "SELECT $1::int * 3", i, Integer.class)).isEqualTo(3 * i);
        }
        // one server session per client: the statement prepared once is there, under the driver's name
        List<String> prepared = TestDb.column(c,
                "SELECT name FROM pg_prepared_statements WHERE statement = 'SELECT $1::int * 3'", String.class);
        assertThat(prepared).hasSize(1);
        assertThat(prepared.get(0)).startsWith("pgfast_");
    }

    @Test
    void aTransactionRolledBackLeavesNothing() {
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        Flux.from(c.createStatement("INSERT INTO bouncer_session VALUES ($1, $2)").bind(0, 1).bind(1, "one").execute())
                .concatMap(r -> r.getRowsUpdated()).blockLast(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT count(*) FROM bouncer_session", Long.class)).isEqualTo(1);
        Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT count(*) FROM bouncer_session", Long.class)).isZero();
        assertThat(c.isAutoCommit()).isTrue();
    }

    @Test
    void listenAndNotify() {
        PgfastConnection sender = Pg.connect(Pg.config(bouncer).build());
        try {
            TestDb.run(c, "LISTEN bouncer_events");
            int senderPid = TestDb.one(sender, "SELECT pg_backend_pid()", Integer.class);
            StepVerifier.create(c.getNotifications().take(2))
                    .then(() -> TestDb.run(sender, "NOTIFY bouncer_events, 'first'; NOTIFY bouncer_events, 'second'"))
                    .assertNext(n -> assertThat(n).isEqualTo(new Notification("bouncer_events", "first", senderPid)))
                    .assertNext(n -> assertThat(n.payload()).isEqualTo("second"))
                    .expectComplete()
                    .verify(Duration.ofSeconds(10));
        } finally {
            TestDb.close(sender);
        }
    }

    @Test
    void copyInAndOut() {
        Flux<String> rows = Flux.range(1, 10_000).map(i -> i + "\tname " + i + "\n");
        assertThat(c.copyIn("COPY bouncer_session (id, name) FROM STDIN", rows).block(TestDb.TIMEOUT)).isEqualTo(10_000L);
        List<byte[]> out = c.copyOutBytes("COPY (SELECT id, name FROM bouncer_session WHERE id <= 2 ORDER BY id) TO STDOUT")
                .collectList().block(TestDb.TIMEOUT);
        String text = String.join("", out.stream().map(b -> new String(b, StandardCharsets.UTF_8)).toList());
        assertThat(text).isEqualTo("1\tname 1\n2\tname 2\n");
        assertThat(TestDb.one(c, "SELECT sum(id) FROM bouncer_session", Long.class)).isEqualTo(10_000L * 10_001 / 2);
    }

    /** Taking a few rows cancels the rest: the CancelRequest goes to PgBouncer, which forwards it to the server. */
    @Test
    void aCancelledLargeResultLeavesTheConnectionUsable() {
        for (int round = 0; round < 3; round++) {
            // two billion rows (about 36 GB): without the cancel, SELECT 7 could not answer within
            // TestDb.TIMEOUT on any machine, so its answer proves the cancel (no clock needed)
            List<Integer> first = Flux.from(c.createStatement("SELECT generate_series(1, 2000000000)").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(10).collectList().block(TestDb.TIMEOUT);
            assertThat(first).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
            assertThat(TestDb.one(c, "SELECT 7", Integer.class)).isEqualTo(7);
        }
    }

    @Test
    void fiftyConcurrentConnectionsThroughR2dbcPool() {
        TestRole r = bouncer.server().role(AuthMethod.SCRAM);
        ConnectionPool pool = (ConnectionPool) ConnectionFactories.get("r2dbc:pool:pgfast://" + r.user() + ":" + r.password()
                + "@" + bouncer.host() + ":" + bouncer.port() + "/" + bouncer.server().database()
                + "?sslMode=disable&initialSize=0&maxSize=50&maxAcquireTime=PT20S");
        try {
            // all 50 held at once: in session pooling each is a server connection of its own
            List<Connection> held = Flux.range(0, 50).flatMap(i -> pool.create()).collectList().block(TestDb.TIMEOUT);
            List<Integer> pids = Flux.fromIterable(held)
                    .flatMap(h -> Flux.from(h.createStatement("SELECT pg_backend_pid()").execute())
                            .concatMap(res -> res.map((row, md) -> row.get(0, Integer.class))))
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(new HashSet<>(pids)).hasSize(50);
            Flux.fromIterable(held).flatMap(Connection::close).blockLast(TestDb.TIMEOUT);
            List<Integer> answers = Flux.range(0, 500)
                    .flatMap(i -> Flux.usingWhen(pool.create(),
                            h -> Flux.from(h.createStatement("SELECT $1::int * 2").bind(0, i).execute())
                                    .concatMap(res -> res.map((row, md) -> row.get(0, Integer.class) - 2 * i)),
                            Connection::close), 100)
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(answers).hasSize(500).containsOnly(0);
        } finally {
            pool.dispose();
        }
    }

    @ParameterizedTest
    @EnumSource(value = AuthMethod.class, names = {"TRUST", "PASSWORD", "MD5", "SCRAM"})
    void eachPasswordMethodLogsInThroughPgBouncer(AuthMethod method) {
        assumeTrue(bouncer.server().supports(method), () -> "the test server has no " + method + " role");
        PgfastConnection other = Pg.connect(Pg.config(bouncer, method).build());
        try {
            assertThat(TestDb.one(other, "SELECT current_user", String.class)).isEqualTo(method.roleName());
        } finally {
            TestDb.close(other);
        }
    }

    /** PgBouncer answers the SSLRequest with 'N' unless it has client TLS set up; prefer goes on in plaintext. */
    @Test
    void sslModePreferFallsBackToPlaintext() {
        PgfastConnection other = Pg.connect(Pg.config(bouncer).sslMode(SslMode.PREFER).build());
        try {
            assertThat(TestDb.one(other, "SELECT 1", Integer.class)).isEqualTo(1);
        } finally {
            TestDb.close(other);
        }
    }

    /** Only the parameters in ignore_startup_parameters and the five PgBouncer tracks may be sent at startup. */
    @Test
    void aStartupParameterPgBouncerDoesNotKnowIsRefused() {
        assertThatThrownBy(() -> Pg.connect(Pg.config(bouncer).statementTimeout(Duration.ofSeconds(5)).build()))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("unsupported startup parameter: statement_timeout")
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("08P01"));
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }
}
