package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.Closeable;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A server restart under load, through {@link FaultProxy} (the harness's server is shared with every
 * other test and cannot be restarted safely): every connection is reset at once, new connections are
 * reset for {@link #DOWN} (a server that is not listening yet), then accepted again. Workers keep
 * sending requests through a pool all along: r2dbc-pool, and the driver's own.
 *
 * <p>Checked: no request hangs (each has {@link #REQUEST_BOUND}); every failed request fails with an
 * R2dbcException; once the server is back the pool serves requests again, and every request begun after
 * the first one that succeeded succeeds too (no failure outside a restart and its recovery; ordered by when
 * requests began, so no bound on how fast the machine recovers); the pool and all its connections close,
 * server side included.
 * The long mode restarts every 20 s for two minutes.
 */
@RequiresPostgres
class ServerRestartTest {

    private static final Duration DOWN = Duration.ofSeconds(2);
    private static final Duration REQUEST_BOUND = Duration.ofSeconds(15);
    private static final int WORKERS = 6;
    private static final String APPLICATION = "pgfast-reliab-restart";

    /** The pools under test, with the same settings. */
    enum Pool {
        R2DBC_POOL, PGFAST_POOL;

        ConnectionFactory open(PgfastConnectionFactory factory) {
            if (this == R2DBC_POOL) {
                return new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
                        .initialSize(2).maxSize(4).validationDepth(ValidationDepth.LOCAL)
                        .maxAcquireTime(Duration.ofSeconds(5)).maxCreateConnectionTime(Duration.ofSeconds(3)).build());
            }
            return new PgfastPool(PgfastPoolConfiguration.builder(factory)
                    .initialSize(2).maxSize(4).validationDepth(ValidationDepth.LOCAL)
                    .maxAcquireTime(Duration.ofSeconds(5)).maxCreateConnectionTime(Duration.ofSeconds(3)).build());
        }
    }

    @ParameterizedTest
    @EnumSource(Pool.class)
    void thePoolRecoversFromARestartAndNoRequestHangs(Pool kind) throws Exception {
        int restarts = Reliability.scale(1, 6);
        Duration before = Duration.ofSeconds(2);
        Duration period = Reliability.scale(Duration.ofSeconds(9), Duration.ofSeconds(20));
        Map<String, AtomicLong> failures = new ConcurrentHashMap<>();
        AtomicLong succeeded = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        List<Long> successNanos = java.util.Collections.synchronizedList(new ArrayList<>());
        /** Each failed request: when it began and when it failed. */
        List<long[]> failureNanos = java.util.Collections.synchronizedList(new ArrayList<>());
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            PgfastConnectionFactory factory = new PgfastConnectionFactory(Pg.config(AuthMethod.SCRAM, "127.0.0.1", proxy.port())
                    .applicationName(APPLICATION).connectTimeout(Duration.ofSeconds(2)).build());
            ConnectionFactory pool = kind.open(factory);
            ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
            long start = System.nanoTime();
            long end = start + before.plus(period.multipliedBy(restarts)).toNanos();
            List<Long> downAt = new ArrayList<>();
            List<Long> backAt = new ArrayList<>();
            try {
                List<Future<?>> running = new ArrayList<>();
                for (int w = 0; w < WORKERS; w++) {
                    int worker = w;
                    running.add(workers.submit(() -> {
                        int i = 0;
                        while (System.nanoTime() < end) {
                            long begun = System.nanoTime();
                            try {
                                int value = worker * 100_000 + i++;
                                Integer got = Mono.usingWhen(pool.create(), c -> query(c, value), Connection::close)
                                        .block(REQUEST_BOUND);
                                assertThat(got).isEqualTo(value);
                                succeeded.incrementAndGet();
                                successNanos.add(begun);
                            } catch (R2dbcException e) {
                                failed.incrementAndGet();
                                failureNanos.add(new long[] {begun, System.nanoTime()});
                                failures.computeIfAbsent(e.getClass().getSimpleName(), k -> new AtomicLong()).incrementAndGet();
                                sleep(20);
                            }
                        }
                        return null;
                    }));
                }
                sleep(before.toMillis());
                for (int r = 0; r < restarts; r++) {
                    downAt.add(System.nanoTime());
                    proxy.refuseFor(DOWN);
                    proxy.dropAll();
                    backAt.add(System.nanoTime() + DOWN.toNanos());
                    sleep(period.toMillis());
                }
                for (Future<?> f : running) {
                    // a worker that throws anything but an R2dbcException (or hangs past its bound) fails the test here
                    f.get(REQUEST_BOUND.plusSeconds(10).toMillis(), TimeUnit.MILLISECONDS);
                }
                List<Long> recoveredAt = new ArrayList<>();
                for (long back : backAt) {
                    recoveredAt.add(successNanos.stream().filter(t -> t > back).min(Long::compare)
                            .orElseThrow(() -> new AssertionError("no request succeeded after the server was back")));
                }
                synchronized (failureNanos) {
                    for (long[] f : failureNanos) {
                        long t = f[0];
                        // a request that failed must have overlapped a restart: it ended after the connections
                        // were dropped and began before the first request begun after the server was back that
                        // succeeded
                        boolean duringARestart = false;
                        for (int r = 0; r < downAt.size(); r++) {
                            duringARestart |= f[1] >= downAt.get(r) && t <= recoveredAt.get(r);
                        }
                        assertThat(duringARestart).as("a request begun %d ms after the start failed, outside every restart and its recovery",
                                (t - start) / 1_000_000).isTrue();
                    }
                }
                long lastBack = backAt.get(backAt.size() - 1);
                assertThat(Mono.usingWhen(pool.create(), c -> query(c, 42), Connection::close).block(REQUEST_BOUND)).isEqualTo(42);
                Reliability.report("server restart, " + kind, restarts + " restart(s) under " + WORKERS + " workers: " + succeeded
                        + " requests succeeded, " + failed + " failed with R2dbcException " + failures + ", 0 hung; "
                        + proxy.accepted() + " connections accepted, " + proxy.refused() + " refused while down; recovered "
                        + (successNanos.stream().filter(t -> t > lastBack).min(Long::compare).orElse(lastBack) - lastBack) / 1_000_000
                        + " ms after the last restart");
            } finally {
                workers.shutdownNow();
                Mono.from(((Closeable) pool).close()).block(REQUEST_BOUND);
            }
        }
        assertThat(backendsOf(APPLICATION)).as("server backends left by the pool").isZero();
    }

    private static Mono<Integer> query(Connection c, int value) {
        return Flux.from(c.createStatement("SELECT $1::int").bind(0, value).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single();
    }

    /** Backends with this application name, polled until none is left or 5 s have passed. */
    private static long backendsOf(String application) throws InterruptedException {
        Connection probe = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
        try {
            long count = -1;
            for (int i = 0; i < 50 && count != 0; i++) {
                count = TestDb.one(probe, "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + application + "'", Long.class);
                if (count != 0) {
                    Thread.sleep(100);
                }
            }
            return count;
        } finally {
            TestDb.close(probe);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
