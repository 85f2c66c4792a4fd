package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.Notification;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code socketTimeout} against the real server: it ends a wait for a server that went silent (a stalled
 * network, a statement that sends nothing for longer, as pgjdbc's does) with {@link R2dbcTimeoutException}
 * and a closed connection, and leaves alone what is not a wait for the server: an idle listening
 * connection, a result that keeps streaming, a consumer slower than the timeout, a COPY FROM STDIN whose
 * data comes slowly.
 */
@RequiresPostgres
class SocketTimeoutTest {

    private static final Duration TIMEOUT = Duration.ofMillis(400);
    /** How late the timeout may end the wait on a loaded machine: one scheduling delay and some. */
    private static final AtomicLong TIMEOUTS = new AtomicLong();
    private static final AtomicLong SURVIVED = new AtomicLong();

    @AfterAll
    static void report() {
        Reliability.report("socket timeout", "socketTimeout " + TIMEOUT.toMillis() + " ms: " + TIMEOUTS + " waits ended by it, "
                + SURVIVED + " exchanges longer than it left alone");
    }

    private static PgfastConnection connect(int port) {
        return Pg.connect(Pg.config(AuthMethod.SCRAM, "127.0.0.1", port).socketTimeout(TIMEOUT).build());
    }

    /**
     * Runs {@code query}, which must fail by the timeout, never before it. Sent in auto-commit, the statement's outcome
     * is unknown once the connection is given up: its error says so (08007) and has the timeout (08006) as its cause.
     */
    private static void assertTimesOut(PgfastConnection c, String query) {
        long start = System.nanoTime();
        assertThatThrownBy(() -> TestDb.column(c, query, Object.class))
                .isInstanceOf(R2dbcNonTransientResourceException.class)
                .hasMessageContaining("socketTimeout")
                .satisfies(e -> assertThat(((R2dbcNonTransientResourceException) e).getSqlState()).isEqualTo("08007"))
                .cause().isInstanceOf(R2dbcTimeoutException.class)
                .satisfies(t -> assertThat(((R2dbcTimeoutException) t).getSqlState()).isEqualTo("08006"));
        long millis = (System.nanoTime() - start) / 1_000_000;
        // never early; how late depends on the machine's load, and a timeout that never fired would have let
        // the query end without R2dbcTimeoutException
        assertThat(millis).isGreaterThanOrEqualTo(TIMEOUT.toMillis());
        assertThat(c.validate(ValidationDepth.LOCAL).block(TestDb.TIMEOUT)).isFalse();
        // the next statement finds the connection closed: no timeout of its own
        assertThatThrownBy(() -> TestDb.column(c, "SELECT 1", Integer.class)).isInstanceOf(R2dbcNonTransientResourceException.class);
        TestDb.close(c);
        TIMEOUTS.incrementAndGet();
    }

    @Test
    void aStalledServerEndsTheQueryWithATimeoutAndClosesTheConnection() {
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            PgfastConnection c = connect(proxy.port());
            long afterStartup = proxy.lastLink().toClient();
            TestDb.close(c);
            // the next connection forwards its startup and the first byte of the answer, then nothing
            proxy.faultNext(Fault.at(Fault.Kind.STALL, Fault.Direction.TO_CLIENT, afterStartup + 1));
            PgfastConnection stalled = connect(proxy.port());
            assertTimesOut(stalled, "SELECT i FROM generate_series(1, 100) i");
        }
    }

    @Test
    void aStatementSilentForLongerThanTheTimeoutIsKilled() {
        // pgjdbc's documented behaviour: socketTimeout must be above the longest statement
        PgfastConnection c = connect(TestDb.server().port());
        assertTimesOut(c, "SELECT pg_sleep(3)");
    }

    /** Inside a transaction block the statement cannot have committed: the error is the timeout itself. */
    @Test
    void aStatementInATransactionEndsWithTheTimeoutItself() {
        PgfastConnection c = connect(TestDb.server().port());
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        long start = System.nanoTime();
        assertThatThrownBy(() -> TestDb.column(c, "SELECT pg_sleep(3)", Object.class))
                .isInstanceOf(R2dbcTimeoutException.class)
                .hasMessageContaining("socketTimeout")
                .satisfies(e -> assertThat(((R2dbcTimeoutException) e).getSqlState()).isEqualTo("08006"));
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(TIMEOUT.toMillis());
        assertThat(c.validate(ValidationDepth.LOCAL).block(TestDb.TIMEOUT)).isFalse();
        TestDb.close(c);
        TIMEOUTS.incrementAndGet();
    }

    @Test
    void anIdleListeningConnectionDoesNotTimeOut() throws InterruptedException {
        PgfastConnection c = connect(TestDb.server().port());
        try {
            TestDb.run(c, "LISTEN reliab_idle");
            Mono<List<Notification>> first = c.getNotifications().take(1).collectList().cache();
            first.subscribe();
            Thread.sleep(TIMEOUT.multipliedBy(4).toMillis());
            assertThat(c.validate(ValidationDepth.LOCAL).block(TestDb.TIMEOUT)).isTrue();
            PgfastConnection sender = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
            try {
                TestDb.run(sender, "SELECT pg_notify('reliab_idle', 'after the quiet')");
            } finally {
                TestDb.close(sender);
            }
            assertThat(first.block(TestDb.TIMEOUT)).extracting(Notification::payload).containsExactly("after the quiet");
            assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
            SURVIVED.incrementAndGet();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void aResultThatKeepsStreamingIsNotKilled() {
        PgfastConnection c = connect(TestDb.server().port());
        try {
            // each row is larger than the server's 8 KB send buffer, so it leaves at once, 150 ms apart:
            // 1.5 s in all, almost four timeouts
            long start = System.nanoTime();
            List<String> rows = TestDb.column(c, "SELECT repeat('x', 20000) || pg_sleep(0.15)::text FROM generate_series(1, 10)",
                    String.class);
            assertThat(rows).hasSize(10).allSatisfy(row -> assertThat(row).hasSize(20000));
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(TIMEOUT.multipliedBy(3));
            assertThat(c.validate(ValidationDepth.LOCAL).block(TestDb.TIMEOUT)).isTrue();
            SURVIVED.incrementAndGet();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void aConsumerSlowerThanTheTimeoutIsNotKilled() {
        PgfastConnection c = connect(TestDb.server().port());
        try {
            // the driver stops reading while nobody asks for rows: that is no wait for the server
            List<Integer> values = Flux.from(c.createStatement("SELECT i FROM generate_series(1, 50000) i").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                    .limitRate(1000)
                    .index()
                    .concatMap(t -> t.getT1() == 100 ? Mono.delay(TIMEOUT.multipliedBy(3)).thenReturn(t.getT2()) : Mono.just(t.getT2()), 1)
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(values).hasSize(50000);
            assertThat(TestDb.one(c, "SELECT 2", Integer.class)).isEqualTo(2);
            SURVIVED.incrementAndGet();
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void aCopyInWhoseDataComesSlowlyIsNotKilled() {
        PgfastConnection c = connect(TestDb.server().port());
        try {
            TestDb.run(c, "CREATE TEMP TABLE slow_copy (k int)");
            Flux<String> rows = Flux.range(1, 3).delayElements(TIMEOUT.multipliedBy(2)).map(k -> k + "\n");
            assertThat(c.copyIn("COPY slow_copy FROM STDIN", rows).block(TestDb.TIMEOUT)).isEqualTo(3L);
            assertThat(TestDb.one(c, "SELECT sum(k)::int FROM slow_copy", Integer.class)).isEqualTo(6);
            SURVIVED.incrementAndGet();
        } finally {
            TestDb.close(c);
        }
    }
}
