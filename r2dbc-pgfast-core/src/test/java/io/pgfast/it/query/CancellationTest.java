package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Giving up on a statement: the server's work stops, queued statements are dropped, timeouts and killed backends. */
@RequiresPostgres
class CancellationTest {

    private Connection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private static Flux<Integer> ints(Statement s) {
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
    }

    /**
     * Two billion rows (about 36 GB of DataRows): draining them could not end within TestDb.TIMEOUT on any
     * machine, so an answer to the next statement proves the cancel stopped the server (no clock needed).
     */
    private static final long HUGE = 2_000_000_000L;

    private void takeTenThenSelectOne(Statement huge) {
        List<Integer> first = ints(huge).take(10).collectList().block(TestDb.TIMEOUT);
        assertThat(first).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void takeTenOfAHugeResultThenTheConnectionIsFreeAtOnce() {
        takeTenThenSelectOne(c.createStatement("SELECT generate_series(1, " + HUGE + ")"));
        takeTenThenSelectOne(c.createStatement("SELECT generate_series(1, $1::bigint)::int").bind(0, HUGE));
        takeTenThenSelectOne(c.createStatement("SELECT generate_series(1, " + HUGE + ")").fetchSize(1000));
    }

    @Test
    void cancellingInsideATransactionLeavesItUsable() {
        TestDb.run(c, "CREATE TEMP TABLE keep (i int)");
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        TestDb.run(c, "INSERT INTO keep VALUES (1)");
        List<Integer> first = ints(c.createStatement("SELECT generate_series(1, 30000000)").fetchSize(500)).take(3)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(first).containsExactly(1, 2, 3);
        TestDb.run(c, "INSERT INTO keep VALUES (2)");
        Mono.from(c.commitTransaction()).block(TestDb.TIMEOUT);
        assertThat(TestDb.column(c, "SELECT i FROM keep ORDER BY i", Integer.class)).containsExactly(1, 2);
    }

    @Test
    void cancellingTheResultsPublisherBeforeAnyResult() {
        Flux.from(c.createStatement("SELECT generate_series(1, " + HUGE + ")").execute()).take(0).blockLast(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 6", Integer.class)).isEqualTo(6);
    }

    @Test
    void aStatementCancelledWhileQueuedBehindALongOneNeverRuns() throws InterruptedException {
        Connection one = Pg.connect(Pg.config().pipelineLimit(1).build());
        try {
            TestDb.run(one, "CREATE TEMP TABLE marker (i int)");
            Mono<List<Integer>> slow = ints(one.createStatement("SELECT 1 FROM pg_sleep(0.7)")).collectList().cache();
            slow.subscribe();
            Disposable queued = Flux.from(one.createStatement("INSERT INTO marker VALUES (1)").execute())
                    .concatMap(Result::getRowsUpdated).subscribe();
            Flux.from(one.createStatement("INSERT INTO marker VALUES (2)").execute()).concatMap(Result::getRowsUpdated).subscribe();
            Thread.sleep(100);
            queued.dispose();
            assertThat(slow.block(TestDb.TIMEOUT)).containsExactly(1);
            assertThat(TestDb.column(one, "SELECT i FROM marker ORDER BY i", Integer.class)).containsExactly(2);
        } finally {
            TestDb.close(one);
        }
    }

    @Test
    void aStatementCancelledWhileBehindAFetchingOneNeverRuns() throws InterruptedException {
        TestDb.run(c, "CREATE TEMP TABLE marker2 (i int)");
        // a statement with a fetch size writes its Execute windows one by one: nothing is written after it meanwhile
        Mono<List<Integer>> slow = ints(c.createStatement("SELECT 1 FROM pg_sleep(0.7)").fetchSize(10)).collectList().cache();
        slow.subscribe();
        Disposable queued = Flux.from(c.createStatement("INSERT INTO marker2 VALUES (1)").execute())
                .concatMap(Result::getRowsUpdated).subscribe();
        Flux.from(c.createStatement("INSERT INTO marker2 VALUES (2)").execute()).concatMap(Result::getRowsUpdated).subscribe();
        Thread.sleep(100);
        queued.dispose();
        assertThat(slow.block(TestDb.TIMEOUT)).containsExactly(1);
        assertThat(TestDb.column(c, "SELECT i FROM marker2 ORDER BY i", Integer.class)).containsExactly(2);
    }

    @Test
    void cancellingAPipelinedStatementDoesNotCancelTheOneBeforeIt() {
        // the second statement is already written when it is cancelled: a CancelRequest would hit the first
        Mono<List<Integer>> first = ints(c.createStatement("SELECT 7 FROM pg_sleep(0.5)")).collectList().cache();
        first.subscribe();
        List<Integer> second = ints(c.createStatement("SELECT generate_series(1, 1000000)")).take(2).collectList().block(TestDb.TIMEOUT);
        assertThat(first.block(TestDb.TIMEOUT)).containsExactly(7);
        assertThat(second).containsExactly(1, 2);
        assertThat(TestDb.one(c, "SELECT 8", Integer.class)).isEqualTo(8);
    }

    private void killMidStream(Class<? extends Throwable> expected) {
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        Connection killer = Pg.connect();
        try {
            StepVerifier.create(ints(c.createStatement("SELECT generate_series(1, 100000000)")), 5)
                    .expectNextCount(5)
                    .then(() -> assertThat(TestDb.one(killer, "SELECT pg_terminate_backend(" + pid + ")", Boolean.class)).isTrue())
                    .thenRequest(Long.MAX_VALUE)
                    .thenConsumeWhile(i -> true)
                    .expectError(expected)
                    .verify(TestDb.TIMEOUT);
        } finally {
            TestDb.close(killer);
        }
    }

    @Test
    void aBackendKilledMidStreamFailsTheStreamAndTheConnection() throws InterruptedException {
        killMidStream(R2dbcException.class);
        for (int i = 0; i < 100 && Boolean.TRUE.equals(Mono.from(c.validate(ValidationDepth.LOCAL)).block(TestDb.TIMEOUT)); i++) {
            Thread.sleep(20);
        }
        assertThat(Mono.from(c.validate(ValidationDepth.LOCAL)).block(TestDb.TIMEOUT)).isFalse();
        assertThat(Mono.from(c.validate(ValidationDepth.REMOTE)).block(TestDb.TIMEOUT)).isFalse();
        assertThatThrownBy(() -> TestDb.one(c, "SELECT 1", Integer.class)).isInstanceOf(R2dbcNonTransientResourceException.class);
    }

    /**
     * The statement gets the server's FATAL 57P01 (admin_shutdown), a transient resource error (retried on
     * another connection it can succeed) — or, when the client had stopped reading (backpressure) and the
     * close is seen before the buffered FATAL message, R2dbcNonTransientResourceException "closed by the
     * server". Either way a resource error, never a hang; everything after it on this connection gets
     * R2dbcNonTransientResourceException (the test above).
     */
    @Test
    void aBackendKilledMidStreamIsAResourceErrorForItsStatement() {
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        Connection killer = Pg.connect();
        try {
            StepVerifier.create(ints(c.createStatement("SELECT generate_series(1, 100000000)")), 5)
                    .expectNextCount(5)
                    .then(() -> assertThat(TestDb.one(killer, "SELECT pg_terminate_backend(" + pid + ")", Boolean.class)).isTrue())
                    .thenRequest(Long.MAX_VALUE)
                    .thenConsumeWhile(i -> true)
                    .expectErrorMatches(e -> e instanceof io.r2dbc.spi.R2dbcTransientResourceException
                            || e instanceof R2dbcNonTransientResourceException)
                    .verify(TestDb.TIMEOUT);
        } finally {
            TestDb.close(killer);
        }
    }

    @Test
    void aBackendKilledMidStreamFailsTheStatementsQueuedBehind() {
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        Connection killer = Pg.connect();
        try {
            Mono<List<Integer>> behind = ints(c.createStatement("SELECT 1")).collectList().cache();
            StepVerifier.create(ints(c.createStatement("SELECT generate_series(1, 100000000)")), 5)
                    .expectNextCount(5)
                    // subscribed now so it is queued behind; its error is checked below (block on the cache)
                    .then(() -> behind.subscribe(v -> { }, e -> { }))
                    .then(() -> TestDb.one(killer, "SELECT pg_terminate_backend(" + pid + ")", Boolean.class))
                    .thenRequest(Long.MAX_VALUE)
                    .thenConsumeWhile(i -> true)
                    .expectError(R2dbcException.class)
                    .verify(TestDb.TIMEOUT);
            assertThatThrownBy(() -> behind.block(TestDb.TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class);
        } finally {
            TestDb.close(killer);
        }
    }

    @Test
    void statementTimeoutIsATimeoutException() {
        // 57014 is the server's statement_timeout (a query ended otherwise has no such error)
        StepVerifier.create(ints(c.createStatement("SET statement_timeout = 100; SELECT 1 FROM pg_sleep(5)")))
                .expectErrorSatisfies(e -> {
                    assertThat(e).isInstanceOf(R2dbcTimeoutException.class);
                    assertThat(((R2dbcException) e).getSqlState()).isEqualTo("57014");
                })
                .verify(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 9", Integer.class)).isEqualTo(9);
    }

    @Test
    void setStatementTimeoutIsATimeoutException() {
        Mono.from(c.setStatementTimeout(Duration.ofMillis(150))).block(TestDb.TIMEOUT);
        StepVerifier.create(ints(c.createStatement("SELECT 1 FROM pg_sleep($1)").bind(0, 5.0)))
                .expectError(R2dbcTimeoutException.class)
                .verify(TestDb.TIMEOUT);
        Mono.from(c.setStatementTimeout(Duration.ZERO)).block(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT count(*) FROM pg_sleep(0.3)", Long.class)).isEqualTo(1L);
    }

    @Test
    void takeOfAResultWithAStatementPipelinedBehindIt() {
        Mono<List<Integer>> behind = Mono.defer(() -> ints(c.createStatement("SELECT $1::int").bind(0, 77)).collectList()).cache();
        List<Integer> first = ints(c.createStatement("SELECT generate_series(1, 200000)"))
                .doOnNext(i -> {
                    if (i == 1) {
                        behind.subscribe();
                    }
                })
                .take(5).collectList().block(TestDb.TIMEOUT);
        assertThat(first).containsExactly(1, 2, 3, 4, 5);
        // the statement behind was written already: it must not be the one cancelled
        assertThat(behind.block(TestDb.TIMEOUT)).containsExactly(77);
        assertThat(TestDb.one(c, "SELECT 78", Integer.class)).isEqualTo(78);
    }

    @Test
    void validateRemoteWaitsForTheStatementInFlight() {
        Mono<List<Integer>> slow = ints(c.createStatement("SELECT 1 FROM pg_sleep(0.3)")).collectList().cache();
        slow.subscribe();
        assertThat(Mono.from(c.validate(ValidationDepth.REMOTE)).block(TestDb.TIMEOUT)).isTrue();
        assertThat(slow.block(TestDb.TIMEOUT)).containsExactly(1);
    }

    @Test
    void closingWhileStatementsAreInFlightFailsThemAndCompletes() {
        Connection closing = Pg.connect();
        // longer than TestDb.TIMEOUT: a close() that waited for it would fail the block below
        Mono<List<Integer>> slow = ints(closing.createStatement("SELECT 1 FROM pg_sleep(60)")).collectList().cache();
        slow.subscribe(v -> { }, e -> { });
        Mono<List<Integer>> behind = ints(closing.createStatement("SELECT 2")).collectList().cache();
        behind.subscribe(v -> { }, e -> { });
        Mono.from(closing.close()).block(TestDb.TIMEOUT);
        assertThatThrownBy(() -> slow.block(TestDb.TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class);
        assertThatThrownBy(() -> behind.block(TestDb.TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class);
        assertThatThrownBy(() -> TestDb.one(closing, "SELECT 3", Integer.class)).isInstanceOf(R2dbcNonTransientResourceException.class);
        assertThat(Mono.from(closing.validate(ValidationDepth.LOCAL)).block(TestDb.TIMEOUT)).isFalse();
    }

    private static final String NO_CANCEL_BEFORE_FIRST_RESULT = "driver bug: cancelling the Results publisher of a statement in flight "
            + "before its first Result (lock wait, pg_sleep, slow plan; e.g. Flux.timeout) sends no CancelRequest: QueryFlow.cancel() only "
            + "sets cancelBeforeWrite, so the server keeps working and the connection stays busy until the statement ends";

    @Test
    void disposingAStatementThatWaitsForALockStopsIt() throws InterruptedException {
        String table = TestDb.unique("qtests_lock");
        TestDb.run(c, "CREATE TABLE " + table + " (id int PRIMARY KEY)");
        TestDb.run(c, "INSERT INTO " + table + " VALUES (1)");
        Connection holder = Pg.connect();
        try {
            Mono.from(holder.beginTransaction()).block(TestDb.TIMEOUT);
            TestDb.run(holder, "SELECT * FROM " + table + " FOR UPDATE");
            Disposable waiting = ints(c.createStatement("SELECT id FROM " + table + " FOR UPDATE")).subscribe();
            Thread.sleep(200);
            waiting.dispose();
            // the lock is held until the finally block: SELECT 4 answers only if the waiting statement was cancelled
            assertThat(Mono.from(ints(c.createStatement("SELECT 4"))).block(TestDb.TIMEOUT)).isEqualTo(4);
        } finally {
            Mono.from(holder.rollbackTransaction()).block(TestDb.TIMEOUT);
            TestDb.close(holder);
            TestDb.run(c, "DROP TABLE " + table);
        }
    }

    @Test
    void aClientSideTimeoutStopsTheServersWork() {
        // the sleep outlasts TestDb.TIMEOUT: SELECT 5 answers within it only if the server's work was cancelled
        StepVerifier.create(ints(c.createStatement("SELECT 1 FROM pg_sleep(60)")).timeout(Duration.ofMillis(200)))
                .expectError(java.util.concurrent.TimeoutException.class)
                .verify(TestDb.TIMEOUT);
        assertThat(Mono.from(ints(c.createStatement("SELECT 5"))).block(TestDb.TIMEOUT)).isEqualTo(5);
    }

    @Test
    void aClientSideTimeoutOnRowsStopsTheServersWork() {
        // the Result is out (a first row larger than the server's 8 kB output buffer is flushed at once):
        // cancelling its rows sends the CancelRequest
        // rows 1 and 2 are 20 000 bytes each, so row 1 has left the server's 8 kB send buffer completely
        // (before PostgreSQL 14 a large message's tail waits in that buffer); computing row 3 sleeps 60 s,
        // longer than TestDb.TIMEOUT: SELECT 5 answers within it only if the server's work was cancelled
        Flux<Integer> lengths = Flux.from(c.createStatement(
                        "SELECT CASE WHEN g < 3 THEN repeat('x', 20000) ELSE pg_sleep(60)::text END FROM generate_series(1, 3) g").execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, String.class).length()));
        // a generous timeout: on a loaded CI machine (and PostgreSQL 12) the first row can take a while
        StepVerifier.create(lengths.timeout(Duration.ofMillis(2000)))
                .expectNext(20000)
                .thenConsumeWhile(length -> length == 20000)
                .expectError(java.util.concurrent.TimeoutException.class)
                .verify(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 5", Integer.class)).isEqualTo(5);
    }
}
