package io.pgfast.reliability;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.it.Pg;
import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An early cancel (the consumer stops after the rows it needs: {@code Mono.from}, {@code next()}, {@code take(n)})
 * costs no connection when the statement ends within the bounds, and stops a statement that keeps running past them.
 * A CancelRequest is a TCP connection of its own, so the proxy between the driver and the server counts them: every
 * connection it accepts beyond the driver's own is one. Nothing here depends on the machine's speed: where a bound
 * must not fire, it is set far beyond any pause; where a cancel must have stopped a statement, the statement would
 * otherwise run for many minutes.
 */
@RequiresPostgres
class EarlyCancelTest {

    /** Rows enough to run for many minutes: an answer after it proves a cancel stopped it. */
    private static final String ENDLESS = "SELECT generate_series(1, 2000000000)";
    /** 50 rows: one socket read holds them all, and the statement is over before the first row is read. */
    private static final String SMALL = "SELECT g FROM generate_series(1, 50) g";
    /**
     * About 30 KB of rows, which the server flushes, then a sleep: the consumer's cancel finds the statement running
     * with nothing more to read.
     */
    private static final String ROWS_THEN_SLEEP = "SELECT g, CASE WHEN g = 3000 THEN pg_sleep(600) END FROM generate_series(1, 3001) g";
    private static final int READS = 1000;

    private FaultProxy proxy;

    @BeforeEach
    void proxy() {
        proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port());
    }

    @AfterEach
    void closeProxy() {
        proxy.close();
    }

    private PgfastConnectionConfigurationBuilder config() {
        return Pg.config(AuthMethod.SCRAM, "127.0.0.1", proxy.port());
    }

    private static Flux<Integer> ints(Connection c, String sql) {
        return Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
    }

    /** The three shapes that stop early, in turn: Mono.from, next() (DatabaseClient's first()), take(3). */
    private static Mono<Integer> earlyRead(Connection c, int i) {
        switch (i % 3) {
            case 0:
                return Mono.from(Flux.from(c.createStatement(SMALL).execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))));
            case 1:
                return ints(c, SMALL).next();
            default:
                return ints(c, SMALL).take(3).reduce(Integer::sum).map(sum -> sum - 5);
        }
    }

    @Test
    void earlyReadsOfASmallResultOpenNoConnection() {
        // the time bound far beyond any pause of this machine: only a statement still running could be cancelled
        PgfastConnection c = Pg.connect(config().cancelDrainTime(Duration.ofMinutes(5)).build());
        try {
            for (int i = 0; i < READS; i++) {
                assertThat(earlyRead(c, i).block(TestDb.TIMEOUT)).as("read %d", i).isEqualTo(1);
            }
            assertThat(TestDb.one(c, "SELECT 7", Integer.class)).isEqualTo(7);
            assertThat(proxy.accepted()).as("connections: the driver's own, and no CancelRequest").isEqualTo(1);
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void theDefaultsOpenNoConnectionForEarlyReadsOfASmallResult() {
        PgfastConnection c = Pg.connect(config().build());
        try {
            for (int i = 0; i < 100; i++) {
                assertThat(earlyRead(c, i).block(TestDb.TIMEOUT)).isEqualTo(1);
            }
            // the small results end within microseconds of their first row; a pause of this machine beyond the
            // 100 ms default could make one CancelRequest, never one per read as before
            assertThat(proxy.accepted()).isLessThan(1 + 10);
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void theByteBoundStopsAStatementThatKeepsSending() {
        PgfastConnection c = Pg.connect(config().cancelDrainBytes(64 << 10).cancelDrainTime(Duration.ofHours(1)).build());
        try {
            for (int i = 0; i < 3; i++) {
                assertThat(ints(c, ENDLESS).take(10).collectList().block(TestDb.TIMEOUT)).hasSize(10);
                assertThat(TestDb.one(c, "SELECT 7", Integer.class)).isEqualTo(7);
            }
            assertThat(proxy.accepted()).as("the connection and one CancelRequest per endless statement").isEqualTo(1 + 3);
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void theTimeBoundStopsAStatementThatSendsNothing() {
        PgfastConnection c = Pg.connect(config().cancelDrainTime(Duration.ofMillis(200)).build());
        try {
            assertThat(ints(c, ROWS_THEN_SLEEP).take(5).collectList().block(TestDb.TIMEOUT)).containsExactly(1, 2, 3, 4, 5);
            assertThat(TestDb.one(c, "SELECT 7", Integer.class)).isEqualTo(7);
            // a Results subscriber that gives up before the first Result (a client-side timeout)
            assertThat(Flux.from(c.createStatement("SELECT pg_sleep(600)").execute())
                    .timeout(Duration.ofMillis(100), Mono.empty()).collectList().block(TestDb.TIMEOUT)).isEmpty();
            assertThat(TestDb.one(c, "SELECT 8", Integer.class)).isEqualTo(8);
            assertThat(proxy.accepted()).as("the connection and two CancelRequests").isEqualTo(1 + 2);
        } finally {
            TestDb.close(c);
        }
    }

    /**
     * The statement issued right after an early cancel waits until the cancelled one has ended or the server has taken
     * the cancel, so a cancel sent at the bound never reaches it: it sleeps long enough for a late cancel to land.
     */
    @Test
    void aCancelAtTheBoundNeverReachesTheNextStatement() {
        PgfastConnection c = Pg.connect(config().cancelDrainTime(Duration.ofMillis(300)).build());
        try {
            for (int i = 0; i < 3; i++) {
                List<Integer> both = ints(c, ROWS_THEN_SLEEP).take(2)
                        .concatWith(ints(c, "SELECT 40 + " + i + " FROM pg_sleep(1)"))
                        .collectList().block(TestDb.TIMEOUT);
                assertThat(both).containsExactly(1, 2, 40 + i);
            }
            assertThat(proxy.accepted()).isEqualTo(1 + 3);
        } finally {
            TestDb.close(c);
        }
    }

    /**
     * A text of several statements, and a batch (sent as one): the consumer of the first Result stops after one row,
     * and the early cancel ends with that statement. The second statement sends a notice, which the server flushes
     * with the first statement's rows and CommandComplete, then sleeps far past the drain time: a drain that ran on to
     * the last ReadyForQuery cancelled it, and the third statement never ran.
     */
    @Test
    void anEarlyCancelEndsWithItsStatementAndTheNextOnesRunOn() {
        PgfastConnection c = Pg.connect(config().cancelDrainTime(Duration.ofMillis(20)).build());
        String[] statements = {SMALL, "DO $$BEGIN RAISE NOTICE 'the first answer goes out'; PERFORM pg_sleep(0.5); END$$",
                "SELECT 7"};
        try {
            assertThat(firstRowOfTheFirstResultThenAll(c.createStatement(String.join("; ", statements)).execute()))
                    .containsExactly(1, 7);
            var batch = c.createBatch();
            for (String s : statements) {
                batch.add(s);
            }
            assertThat(firstRowOfTheFirstResultThenAll(batch.execute())).containsExactly(1, 7);
            assertThat(proxy.accepted()).as("the driver's connection, and no CancelRequest").isEqualTo(1);
        } finally {
            TestDb.close(c);
        }
    }

    /**
     * When the CancelRequest went out for the first statement (its CommandComplete still sat in the server's buffer,
     * behind its rows, when the bound ran out) and the server took it during the second, the second fails with the
     * server's 57014: its Result says so, never an end that looks like success.
     */
    @Test
    void aCancelThatReachesTheNextStatementOfTheTextIsItsError() {
        PgfastConnection c = Pg.connect(config().cancelDrainTime(Duration.ofMillis(20)).build());
        try {
            String text = "SELECT g FROM generate_series(1, 3000) g; SELECT 1 FROM pg_sleep(600)";
            List<Object> seen = Flux.from(c.createStatement(text).execute()).index()
                    .concatMap(r -> r.getT1() == 0
                            ? Flux.from(r.getT2().map((row, md) -> (Object) row.get(0, Integer.class))).take(1)
                            : Flux.from(r.getT2().map((row, md) -> (Object) row.get(0, Integer.class)))
                                    .onErrorResume(io.r2dbc.spi.R2dbcException.class, e -> Mono.just(e.getSqlState())))
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(seen).containsExactly(1, "57014");
            assertThat(TestDb.one(c, "SELECT 8", Integer.class)).isEqualTo(8);
            assertThat(proxy.accepted()).as("the connection and one CancelRequest").isEqualTo(1 + 1);
        } finally {
            TestDb.close(c);
        }
    }

    /** The first row of the first Result, then every row of the others (their first column, an int). */
    private static List<Integer> firstRowOfTheFirstResultThenAll(org.reactivestreams.Publisher<? extends io.r2dbc.spi.Result> results) {
        return Flux.from(results).index()
                .concatMap(r -> {
                    Flux<Integer> rows = Flux.from(r.getT2().map((row, md) -> row.get(0, Integer.class)));
                    return r.getT1() == 0 ? rows.take(1) : rows;
                })
                .collectList().block(TestDb.TIMEOUT);
    }

    @Test
    void earlyReadsThroughR2dbcPoolOpenNoConnectionBeyondThePool() {
        PgfastConnectionFactory factory = new PgfastConnectionFactory(config().cancelDrainTime(Duration.ofMinutes(5)).build());
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(factory).initialSize(0).maxSize(4).build());
        try {
            readConcurrently(pool);
            assertThat(proxy.accepted()).as("the pool's connections only").isLessThanOrEqualTo(4);
        } finally {
            pool.dispose();
        }
    }

    @Test
    void earlyReadsThroughTheDriversPoolOpenNoConnectionBeyondThePool() {
        PgfastConnectionConfiguration configuration = config().cancelDrainTime(Duration.ofMinutes(5)).build();
        for (boolean shared : new boolean[] {false, true}) {
            long before = proxy.accepted();
            PgfastPool pool = new PgfastPool(PgfastPoolConfiguration.builder(configuration).initialSize(0).maxSize(4)
                    .sharedLeases(shared).build());
            try {
                readConcurrently(pool);
                assertThat(proxy.accepted() - before).as("shared leases: %s", shared).isLessThanOrEqualTo(4);
            } finally {
                pool.dispose();
            }
        }
    }

    /**
     * What closed the pool's connections under TechEmpower's load before early cancels were cheap: each early read
     * sent a CancelRequest, the server took them slowly under that load, the connection wrote nothing meanwhile, and
     * the statements of the borrowers that gave up (their HTTP requests ended) were still waiting when
     * {@code drainTime} ran out, so the pool closed those connections. Borrowers that give up while their statement
     * runs must leave the connections open, the statement ending on its own: the pool reopens nothing.
     */
    @Test
    void borrowersThatGiveUpWhileTheirStatementRunsLeaveThePoolsConnectionsOpen() {
        PgfastConnectionConfiguration configuration = config().cancelDrainTime(Duration.ofMinutes(5)).build();
        PgfastPool pool = new PgfastPool(PgfastPoolConfiguration.builder(configuration).initialSize(0).maxSize(4).build());
        try {
            Function<Integer, Mono<Integer>> givesUp = i -> Mono.usingWhen(pool.create(),
                    c -> ints(c, "SELECT g FROM generate_series(1, 3) g, pg_sleep(0.02)").next()
                            .timeout(Duration.ofMillis(1), Mono.just(-1)),
                    Connection::close);
            List<Integer> given = Flux.range(0, 200).flatMap(givesUp, 16).collectList().block(TestDb.TIMEOUT.multipliedBy(2));
            assertThat(given).hasSize(200);
            readConcurrently(pool);
            assertThat(proxy.accepted()).as("the pool's connections only").isLessThanOrEqualTo(4);
        } finally {
            pool.dispose();
        }
    }

    /** {@link #READS} early reads, 16 at a time, each on a connection of its own from {@code pool}. */
    private static void readConcurrently(ConnectionFactory pool) {
        Function<Integer, Mono<Integer>> read = i -> Mono.usingWhen(pool.create(), c -> earlyRead(c, i), Connection::close);
        List<Integer> values = Flux.range(0, READS).flatMap(read, 16).collectList().block(TestDb.TIMEOUT.multipliedBy(2));
        assertThat(values).hasSize(READS).containsOnly(1);
    }
}
