package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.LeakChecker;
import io.pgfast.testing.LeakRecord;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bounded mixed load over an r2dbc-pool, through a pass-through {@link FaultProxy} that counts the
 * bytes: selects (simple, extended, windowed by fetchSize), inserts, batches and multi-binding
 * statements, a transaction rolled back, rows cancelled after a few, a statement cancelled by a
 * timeout, and errors (division by zero, a unique violation, bad SQL) after each of which the
 * connection is used again. 20 s in CI mode, one hour in the long mode.
 *
 * <p>Checked: every operation gives its expected result or its expected exception within
 * {@link #OPERATION_BOUND}; heap after GC at the end is within {@link #HEAP_GROWTH} of the start;
 * Netty's leak detector (PARANOID) reports nothing; the pool's connections are all gone from the
 * server afterwards.
 */
@RequiresPostgres
class SoakTest {

    private static final Duration OPERATION_BOUND = Duration.ofSeconds(15);
    private static final long HEAP_GROWTH = 64L << 20;
    private static final int WORKERS = 4;
    private static final String APPLICATION = "pgfast-reliab-soak";
    /**
     * The operations' weights: each twice, the cancelled large result once (it costs seconds, see
     * CancelledResultDrainTest, and would crowd out the rest).
     */
    private static final int[] MIX = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10};

    private final String table = "reliab_soak_" + Long.toHexString(System.nanoTime());
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> millis = new ConcurrentHashMap<>();

    @Test
    void mixedLoadStaysCorrectWithoutLeaksOrGrowth() throws Exception {
        Duration duration = Reliability.scale(Duration.ofSeconds(20), Duration.ofHours(1));
        Connection owner = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            TestDb.run(owner, "CREATE TABLE " + table + " (id bigserial PRIMARY KEY, k int UNIQUE, v text)");
            TestDb.run(owner, "INSERT INTO " + table + " (k, v) VALUES (-1, 'taken')");
        } finally {
            TestDb.close(owner);
        }
        AtomicLong keys = new AtomicLong();
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            PgfastConnectionFactory factory = new PgfastConnectionFactory(Pg.config(AuthMethod.SCRAM, "127.0.0.1", proxy.port())
                    .applicationName(APPLICATION).build());
            ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
                    .initialSize(WORKERS).maxSize(WORKERS).validationDepth(ValidationDepth.LOCAL).build());
            ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
            long heapAtStart;
            long heapAtEnd;
            long operations;
            try {
                runFor(pool, workers, Duration.ofSeconds(1), keys);
                heapAtStart = heapAfterGc();
                operations = runFor(pool, workers, duration, keys);
                heapAtEnd = heapAfterGc();
            } finally {
                workers.shutdownNow();
                pool.disposeLater().block(OPERATION_BOUND);
            }
            List<LeakRecord> leaks = LeakChecker.collectLeaks();
            Reliability.report("soak", duration.toSeconds() + " s, " + WORKERS + " workers: " + operations + " operations " + counts + " taking ms in total " + millis
                    + ", " + (proxy.bytesToClient() + proxy.bytesToServer()) + " bytes streamed (" + proxy.bytesToClient()
                    + " from the server), heap after GC " + (heapAtStart >> 20) + " MiB at the start, " + (heapAtEnd >> 20)
                    + " MiB at the end, leaks found: " + leaks.size());
            assertThat(leaks).as("buffer leaks").isEmpty();
            assertThat(heapAtEnd).as("heap after GC at the end (start: %d)", heapAtStart).isLessThan(heapAtStart + HEAP_GROWTH);
        } finally {
            TestDb.server().execute("DROP TABLE IF EXISTS " + table);
        }
        assertThat(backends()).as("server backends left by the pool").isZero();
    }

    private long runFor(ConnectionPool pool, ExecutorService workers, Duration duration, AtomicLong keys) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        AtomicLong operations = new AtomicLong();
        Future<?>[] running = new Future<?>[WORKERS];
        for (int w = 0; w < WORKERS; w++) {
            long seed = Reliability.seed("soak." + w) + duration.toNanos();
            running[w] = workers.submit(() -> {
                Random random = new Random(seed);
                while (System.nanoTime() < end) {
                    int kind = MIX[random.nextInt(MIX.length)];
                    Mono.usingWhen(pool.create(), c -> operation(c, kind, random, keys), Connection::close)
                            .block(OPERATION_BOUND);
                    operations.incrementAndGet();
                }
                return null;
            });
        }
        for (Future<?> f : running) {
            f.get(duration.plus(OPERATION_BOUND).plusSeconds(10).toMillis(), TimeUnit.MILLISECONDS);
        }
        return operations.get();
    }

    /** One operation of the mix on a pooled connection, checked; emits when done. */
    private Mono<Void> operation(Connection c, int kind, Random random, AtomicLong keys) {
        switch (kind) {
            case 0: {
                int rows = 1 + random.nextInt(2000);
                return count("select", Flux.from(c.createStatement("SELECT i, md5(i::text) FROM generate_series(1, " + rows + ") i").execute())
                        .concatMap(r -> r.map((row, md) -> row.get(1, String.class).length())).reduce(0L, Long::sum)
                        .doOnNext(sum -> expect(sum == 32L * rows, "select of " + rows + " rows")));
            }
            case 1: {
                int rows = 1 + random.nextInt(1000);
                return count("extended select", Flux.from(c.createStatement("SELECT i FROM generate_series(1, $1) i").bind(0, rows)
                                .fetchSize(random.nextBoolean() ? 0 : 1 + random.nextInt(200)).execute())
                        .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).count()
                        .doOnNext(n -> expect(n == rows, "extended select of " + rows + " rows")));
            }
            case 2:
                return count("insert", Flux.from(c.createStatement("INSERT INTO " + table + " (k, v) VALUES ($1, $2)")
                                .bind(0, (int) keys.incrementAndGet()).bind(1, "v" + random.nextInt()).execute())
                        .concatMap(Result::getRowsUpdated).reduce(0L, Long::sum).doOnNext(n -> expect(n == 1, "insert")));
            case 3: {
                Statement insert = c.createStatement("INSERT INTO " + table + " (k, v) VALUES ($1, 'bound')");
                int bindings = 2 + random.nextInt(8);
                for (int i = 0; i < bindings; i++) {
                    if (i > 0) {
                        insert.add();
                    }
                    insert.bind(0, (int) keys.incrementAndGet());
                }
                return count("multi-binding insert", Flux.from(insert.execute()).concatMap(Result::getRowsUpdated).reduce(0L, Long::sum)
                        .doOnNext(n -> expect(n == bindings, "insert of " + bindings + " bindings")));
            }
            case 4:
                return count("batch", Flux.from(c.createBatch()
                                .add("INSERT INTO " + table + " (k, v) VALUES (" + keys.incrementAndGet() + ", 'batch')")
                                .add("UPDATE " + table + " SET v = 'batched' WHERE k = " + keys.get())
                                .add("SELECT 1").execute())
                        .concatMap(Result::getRowsUpdated).count().doOnNext(n -> expect(n == 3, "batch results")));
            case 5:
                return count("rolled back transaction", Mono.from(c.beginTransaction())
                        .then(Flux.from(c.createStatement("INSERT INTO " + table + " (k, v) VALUES ($1, 'rolled back')")
                                .bind(0, (int) keys.incrementAndGet()).execute()).concatMap(Result::getRowsUpdated).then())
                        .then(Mono.from(c.rollbackTransaction())).thenReturn(1));
            case 6:
                return count("rows cancelled after a few", Flux.from(c.createStatement("SELECT generate_series(1, 1000000)").execute())
                        .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(1 + random.nextInt(20)).then(usable(c)));
            case 7:
                return count("statement cancelled by a timeout", Flux.from(c.createStatement("SELECT pg_sleep(5)").execute())
                        .concatMap(Result::getRowsUpdated).then().timeout(Duration.ofMillis(50 + random.nextInt(100)))
                        .onErrorResume(java.util.concurrent.TimeoutException.class, e -> Mono.empty()).then(usable(c)));
            case 8:
                return expectError("division by zero", c, "SELECT 1 / (random() * 0)::int", "22012");
            case 9:
                return expectError("unique violation", c, "INSERT INTO " + table + " (k, v) VALUES (-1, 'again')",
                        "23505");
            default:
                return expectError("bad SQL", c, "SELEC 1", "42601");
        }
    }

    private Mono<Void> count(String what, Mono<?> operation) {
        return Mono.defer(() -> {
            long begin = System.nanoTime();
            return operation.doOnSuccess(v -> {
                counts.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
                millis.computeIfAbsent(what, k -> new AtomicLong()).addAndGet((System.nanoTime() - begin) / 1_000_000);
            }).then();
        });
    }

    /** The statement fails with an R2dbcException of this SQLSTATE, and the connection is used again. */
    private Mono<Void> expectError(String what, Connection c, String sql, String sqlState) {
        return Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then()
                .then(Mono.<Integer>error(new AssertionError(what + ": no error")))
                .onErrorResume(e -> e instanceof R2dbcException && sqlState.equals(((R2dbcException) e).getSqlState()),
                        e -> usable(c).thenReturn(1))
                .as(m -> count(what, m));
    }

    /** The connection answers the next query. */
    private static Mono<Integer> usable(Connection c) {
        return Flux.from(c.createStatement("SELECT 7").execute()).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single()
                .doOnNext(v -> expect(v == 7, "the next query after a cancel or an error"));
    }

    private static void expect(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("wrong result: " + what);
        }
    }

    private static long heapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long backends() throws InterruptedException {
        Connection probe = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            long count = -1;
            for (int i = 0; i < 50 && count != 0; i++) {
                count = TestDb.one(probe, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + APPLICATION + "'", Long.class);
                if (count != 0) {
                    Thread.sleep(100);
                }
            }
            return count;
        } finally {
            TestDb.close(probe);
        }
    }
}
