package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A statement issued on a connection from inside the rows of an earlier result on that same connection. Its
 * answer comes after the rest of the earlier result, whose subscriber asks for more only once the inner
 * statement is done: without read-ahead this waits for ever (TestDb.TIMEOUT only catches that hang). The earlier
 * result is read ahead into memory up to readAheadLimit; past it the inner statement fails, clearly, and the
 * earlier result and the connection stay fine.
 */
@RequiresPostgres
class NestedStatementTest {

    private static final int ROWS = 2000;
    private static final String OUTER = "SELECT g FROM generate_series(1, " + ROWS + ") g";

    private PgfastConnection c;

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

    private Flux<Integer> plusOne(Connection on, int i) {
        return ints(on.createStatement("SELECT $1::int + 1").bind(0, i));
    }

    private static List<Integer> expected() {
        return IntStream.rangeClosed(2, ROWS + 1).boxed().collect(Collectors.toList());
    }

    @Test
    void concatMapRunsAStatementPerRowOfTheSameConnection() {
        List<Integer> out = ints(c.createStatement(OUTER)).concatMap(i -> plusOne(c, i)).collectList().block(TestDb.TIMEOUT);
        assertThat(out).isEqualTo(expected());
        assertUsable(c);
    }

    @Test
    void concatMapOverAnExtendedQueryAndASimpleInnerStatement() {
        List<Integer> out = ints(c.createStatement("SELECT g FROM generate_series(1, $1) g").bind(0, ROWS))
                .concatMap(i -> ints(c.createStatement("SELECT " + i + " + 1")))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(out).isEqualTo(expected());
        assertUsable(c);
    }

    @Test
    void flatMapRunsStatementsPerRowConcurrently() {
        List<Integer> out = ints(c.createStatement(OUTER)).flatMap(i -> plusOne(c, i), 8).collectList().block(TestDb.TIMEOUT);
        assertThat(out).containsExactlyInAnyOrderElementsOf(expected());
        assertUsable(c);
    }

    @Test
    void theOuterRowsArriveInOrderWhileTheInnerStatementsRun() {
        // the rows of the outer result reach its subscriber one by one (limitRate(1)), after being read ahead
        List<Integer> seen = ints(c.createStatement(OUTER)).limitRate(1)
                .concatMap(i -> plusOne(c, i).map(j -> i)).collectList().block(TestDb.TIMEOUT);
        assertThat(seen).isEqualTo(IntStream.rangeClosed(1, ROWS).boxed().collect(Collectors.toList()));
    }

    /** Spring-style code: for each row of a query, a transaction on the same connection writes something. */
    @Test
    void transactionsInsideTheRowsOfAQuery() {
        String table = TestDb.unique("nested_tx");
        ints(c.createStatement("CREATE TABLE " + table + " (id int PRIMARY KEY)")).blockLast(TestDb.TIMEOUT);
        try {
            Flux<Void> work = ints(c.createStatement("SELECT g FROM generate_series(1, 200) g"))
                    .concatMap(i -> Mono.from(c.beginTransaction())
                            .then(Flux.from(c.createStatement("INSERT INTO " + table + " VALUES ($1)").bind(0, i).execute())
                                    .flatMap(r -> r.getRowsUpdated()).then())
                            .then(Mono.from(c.commitTransaction())));
            work.blockLast(TestDb.TIMEOUT);
            assertThat(ints(c.createStatement("SELECT count(*)::int FROM " + table)).blockLast(TestDb.TIMEOUT)).isEqualTo(200);
        } finally {
            ints(c.createStatement("DROP TABLE " + table)).blockLast(TestDb.TIMEOUT);
        }
    }

    @Test
    void theOuterCancelledInTheMiddle() {
        List<Integer> out = ints(c.createStatement(OUTER)).concatMap(i -> plusOne(c, i)).take(10).collectList().block(TestDb.TIMEOUT);
        assertThat(out).containsExactly(2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
        assertUsable(c);
    }

    @Test
    void anInnerStatementCancelledInTheMiddle() {
        AtomicInteger inner = new AtomicInteger();
        List<Integer> out = ints(c.createStatement(OUTER))
                .concatMap(i -> i == 5
                        // this one's subscriber gives up before its answer
                        ? Flux.from(c.createStatement("SELECT 1 FROM pg_sleep(0.05)").execute()).take(0).then(Mono.just(-i))
                        : plusOne(c, i).doOnNext(v -> inner.incrementAndGet()))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(out).hasSize(ROWS).contains(-5);
        assertThat(inner).hasValue(ROWS - 1);
        assertUsable(c);
    }

    @Test
    void pastReadAheadLimitTheWaitingStatementFailsAndTheEarlierResultIsWhole() {
        PgfastConnection small = Pg.connect(Pg.config().readAheadLimit(64 * 1024).build());
        try {
            AtomicReference<Throwable> innerError = new AtomicReference<>();
            // 2000 rows of 1 kB: 2 MB, far beyond 64 kB
            String outer = "SELECT g, repeat('x', 1000) FROM generate_series(1, " + ROWS + ") g";
            List<Integer> outerRows = Flux.from(small.createStatement(outer).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                    .concatMap(i -> i == 1
                            ? plusOne(small, i).map(v -> i).doOnError(innerError::set).onErrorResume(e -> Mono.just(i))
                            : Mono.just(i))
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(outerRows).isEqualTo(IntStream.rangeClosed(1, ROWS).boxed().collect(Collectors.toList()));
            assertThat(innerError.get()).isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageContaining("readAheadLimit (65536 bytes)")
                    .hasMessageContaining("another connection");
            assertThat(((R2dbcNonTransientResourceException) innerError.get()).getSqlState()).isEqualTo("53000");
            assertUsable(small);
        } finally {
            TestDb.close(small);
        }
    }

    @Test
    void withoutReadAheadTheWaitingStatementFailsAtOnce() {
        PgfastConnection none = Pg.connect(Pg.config().readAheadLimit(0).build());
        try {
            StepVerifier.create(ints(none.createStatement(OUTER)).concatMap(i -> plusOne(none, i)))
                    .expectError(R2dbcNonTransientResourceException.class)
                    .verify(TestDb.TIMEOUT);
            assertUsable(none);
        } finally {
            TestDb.close(none);
        }
    }

    /** The earlier result stalls first (its subscriber took one row and waits); only then is a statement issued. */
    @Test
    void aStatementIssuedAfterTheEarlierResultStalled() throws InterruptedException {
        List<Integer> rows = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch first = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        reactor.core.publisher.BaseSubscriber<Integer> slow = new reactor.core.publisher.BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(org.reactivestreams.Subscription s) {
                s.request(1);
            }

            @Override
            protected void hookOnNext(Integer value) {
                rows.add(value);
                first.countDown();
            }

            @Override
            protected void hookFinally(reactor.core.publisher.SignalType type) {
                done.countDown();
            }
        };
        ints(c.createStatement(OUTER)).subscribe(slow);
        assertThat(first.await(TestDb.TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)).isTrue();
        assertThat(plusOne(c, 41).blockLast(TestDb.TIMEOUT)).isEqualTo(42);
        slow.request(Long.MAX_VALUE);
        assertThat(done.await(TestDb.TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)).isTrue();
        assertThat(rows).isEqualTo(IntStream.rangeClosed(1, ROWS).boxed().collect(Collectors.toList()));
    }

    /** Each Result of a 100-binding batch runs a statement: past the Results asked for, Results are held. */
    @Test
    void aStatementPerResultOfABatch() {
        Statement batch = c.createStatement("SELECT $1::int");
        for (int i = 1; i <= 100; i++) {
            if (i > 1) {
                batch.add();
            }
            batch.bind(0, i);
        }
        List<Integer> out = Flux.from(batch.execute())
                .concatMap(r -> Flux.from(r.map((row, md) -> row.get(0, Integer.class))).concatMap(i -> plusOne(c, i)))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(out).isEqualTo(IntStream.rangeClosed(2, 101).boxed().collect(Collectors.toList()));
        assertUsable(c);
    }

    @Test
    void aStatementInsideACopyOut() {
        List<Integer> inner = c.copyOutBytes("COPY (SELECT g FROM generate_series(1, " + ROWS + ") g) TO STDOUT")
                .concatMap(b -> plusOne(c, Integer.parseInt(new String(b, java.nio.charset.StandardCharsets.UTF_8).trim())))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(inner).isEqualTo(expected());
        assertUsable(c);
    }

    @Test
    void pastReadAheadLimitAStatementInsideACopyOutFails() {
        PgfastConnection small = Pg.connect(Pg.config().readAheadLimit(64 * 1024).build());
        try {
            AtomicReference<Throwable> innerError = new AtomicReference<>();
            List<byte[]> chunks = small.copyOutBytes("COPY (SELECT g, repeat('x', 1000) FROM generate_series(1, " + ROWS + ") g) TO STDOUT")
                    .concatMap(b -> plusOne(small, 1).then(Mono.just(b)).onErrorResume(e -> {
                        innerError.compareAndSet(null, e);
                        return Mono.just(b);
                    }))
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(chunks).hasSize(ROWS);
            assertThat(innerError.get()).isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageContaining("readAheadLimit");
            assertUsable(small);
        } finally {
            TestDb.close(small);
        }
    }

    private static void assertUsable(Connection on) {
        assertThat(ints(on.createStatement("SELECT 42")).blockLast(TestDb.TIMEOUT)).isEqualTo(42);
    }
}
