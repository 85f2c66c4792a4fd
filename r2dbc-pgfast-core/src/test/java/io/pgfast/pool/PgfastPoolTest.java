package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static io.pgfast.testing.TestDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Acquiring, giving back, waiting, resetting and closing, against the real server. */
@RequiresPostgres
class PgfastPoolTest {

    private static Connection acquire(PgfastPool pool) {
        return pool.create().block(TIMEOUT);
    }

    @Test
    void aConnectionGoesBackAndIsHandedOutAgain() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-basic").initialSize(0).maxSize(2).build());
        try {
            Connection first = acquire(pool);
            int pid = PoolDb.pid(first);
            assertThat(pool.getMetrics().getAcquiredSize()).isEqualTo(1);
            TestDb.close(first);
            assertThat(pool.getMetrics().getAcquiredSize()).isZero();
            assertThat(pool.getMetrics().getIdleSize()).isEqualTo(1);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);

            Connection second = acquire(pool);
            assertThat(PoolDb.pid(second)).as("the idle connection is reused").isEqualTo(pid);
            assertThat(((Wrapped<?>) second).unwrap()).isInstanceOf(PgfastConnection.class);
            assertThat(pool.getMetadata().getName()).isEqualTo("PostgreSQL");
            TestDb.close(second);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void closeIsIdempotentAndAClosedHandleIsDead() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-close-twice").initialSize(0).maxSize(2).build());
        try {
            Connection c = acquire(pool);
            Mono<Void> close = Mono.from(c.close());
            close.block(TIMEOUT);
            close.block(TIMEOUT);
            TestDb.close(c);
            assertThat(pool.getMetrics().getIdleSize()).as("given back once").isEqualTo(1);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
            assertThatThrownBy(() -> c.createStatement("SELECT 1")).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("closed");
            assertThat(Mono.from(c.validate(ValidationDepth.LOCAL)).block(TIMEOUT)).isFalse();

            // the next borrower is not disturbed by the old handle
            Connection next = acquire(pool);
            TestDb.close(c);
            assertThat(TestDb.one(next, "SELECT 1", Integer.class)).isEqualTo(1);
            assertThat(pool.getMetrics().getAcquiredSize()).isEqualTo(1);
            TestDb.close(next);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aBurstBeyondMaxSizeWaitsAndEveryRequestSucceeds() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-burst").initialSize(0).maxSize(3).build());
        try {
            List<Integer> pids = Flux.range(0, 300)
                    .flatMap(i -> Mono.usingWhen(pool.create(), c -> Mono.from(c.createStatement("SELECT pg_backend_pid(), $1::int")
                                    .bind(0, i).execute()).flatMap(r -> Mono.from(r.map((row, md) -> {
                                        assertThat(row.get(1, Integer.class)).isEqualTo(i);
                                        return row.get(0, Integer.class);
                                    }))), Connection::close), 300)
                    .collectList().block(TIMEOUT);
            assertThat(pids).hasSize(300);
            assertThat(new HashSet<>(pids)).hasSizeLessThanOrEqualTo(3);
            PgfastPoolMetrics m = pool.getMetrics();
            assertThat(m.getAcquiredSize()).isZero();
            assertThat(m.getPendingAcquireSize()).isZero();
            assertThat(m.getAllocatedSize()).isBetween(1, 3);
            assertThat(m.getIdleSize()).isEqualTo(m.getAllocatedSize());
            assertThat(m.getMaxAllocatedSize()).isEqualTo(3);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void anAcquisitionPastMaxAcquireTimeFailsNamingTheOption() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-acquire-timeout").initialSize(1).maxSize(1)
                .maxAcquireTime(Duration.ofMillis(200)).build());
        try {
            // opened beforehand: maxAcquireTime bounds opening a connection too, which may take longer on a busy machine
            assertThat(pool.warmup().block(TIMEOUT)).isEqualTo(1);
            Connection held = acquire(pool);
            assertThatThrownBy(() -> acquire(pool)).isInstanceOf(R2dbcTimeoutException.class)
                    .hasMessageContaining("maxAcquireTime");
            assertThat(pool.getMetrics().getPendingAcquireSize()).isZero();
            TestDb.close(held);
            Connection again = acquire(pool);
            assertThat(TestDb.one(again, "SELECT 1", Integer.class)).isEqualTo(1);
            TestDb.close(again);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void pastMaxPendingWaitersAnAcquisitionFailsAtOnce() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-waiter-cap").initialSize(0).maxSize(1).maxPending(1).build());
        try {
            Connection held = acquire(pool);
            AtomicReference<Connection> second = new AtomicReference<>();
            pool.create().subscribe(second::set);
            assertThat(pool.getMetrics().getPendingAcquireSize()).isEqualTo(1);
            assertThatThrownBy(() -> acquire(pool)).isInstanceOf(R2dbcTransientResourceException.class)
                    .hasMessageContaining("maxPending");
            assertThat(second.get()).isNull();
            TestDb.close(held);
            assertThat(second.get()).as("the waiter got the connection given back").isNotNull();
            assertThat(TestDb.one(second.get(), "SELECT 1", Integer.class)).isEqualTo(1);
            TestDb.close(second.get());
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aCancelledAcquisitionLeavesNoWaiterAndLosesNoConnection() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-cancel-acquire").initialSize(0).maxSize(1).build());
        try {
            Connection held = acquire(pool);
            pool.create().subscribe(c -> { throw new AssertionError("cancelled, yet got " + c); }).dispose();
            assertThat(pool.getMetrics().getPendingAcquireSize()).isZero();
            TestDb.close(held);
            assertThat(pool.getMetrics().getIdleSize()).isEqualTo(1);
            Connection next = acquire(pool);
            TestDb.close(next);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void givingBackRollsBackAndResetsOnlyWhatTheBorrowerChanged() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-reset").initialSize(0).maxSize(1).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            TestDb.run(watcher, "DROP TABLE IF EXISTS pool_reset; CREATE TABLE pool_reset (id int)");
            Connection c = acquire(pool);
            int pid = PoolDb.pid(c);
            Mono.from(c.setTransactionIsolationLevel(IsolationLevel.SERIALIZABLE)).block(TIMEOUT);
            Mono.from(c.setStatementTimeout(Duration.ofSeconds(7))).block(TIMEOUT);
            Mono.from(c.setLockWaitTimeout(Duration.ofSeconds(3))).block(TIMEOUT);
            Mono.from(c.setAutoCommit(false)).block(TIMEOUT);
            TestDb.run(c, "INSERT INTO pool_reset VALUES (1)");
            TestDb.close(c);

            Connection next = acquire(pool);
            assertThat(PoolDb.pid(next)).as("reset, not replaced").isEqualTo(pid);
            assertThat(TestDb.one(watcher, "SELECT count(*) FROM pool_reset", Long.class)).as("rolled back").isZero();
            assertThat(next.isAutoCommit()).isTrue();
            assertThat(next.getTransactionIsolationLevel()).isEqualTo(IsolationLevel.READ_COMMITTED);
            assertThat(TestDb.one(next, "SHOW transaction_isolation", String.class)).isEqualTo("read committed");
            assertThat(TestDb.one(next, "SHOW statement_timeout", String.class)).isEqualTo("0");
            assertThat(TestDb.one(next, "SHOW lock_timeout", String.class)).isEqualTo("0");
            TestDb.run(next, "INSERT INTO pool_reset VALUES (2)");
            assertThat(TestDb.one(watcher, "SELECT count(*) FROM pool_reset", Long.class)).as("auto-commit again").isEqualTo(1);
            TestDb.close(next);
        } finally {
            TestDb.run(watcher, "DROP TABLE IF EXISTS pool_reset");
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aFailedTransactionLeftOpenIsRolledBack() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-failed-tx").initialSize(0).maxSize(1).build());
        try {
            Connection c = acquire(pool);
            Mono.from(c.beginTransaction()).block(TIMEOUT);
            assertThatThrownBy(() -> TestDb.run(c, "SELECT 1/0")).isInstanceOf(io.r2dbc.spi.R2dbcException.class);
            TestDb.close(c);
            Connection next = acquire(pool);
            assertThat(TestDb.one(next, "SELECT 1", Integer.class)).isEqualTo(1);
            TestDb.close(next);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aStatementCancelledMidStreamIsDrainedBeforeTheNextBorrower() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-cancel-stream").initialSize(0).maxSize(1).build());
        try {
            for (int round = 0; round < 20; round++) {
                List<Integer> first = Flux.usingWhen(pool.create(),
                        c -> Flux.from(c.createStatement("SELECT generate_series(1, 5000000)").execute())
                                .flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(10),
                        Connection::close).collectList().block(TIMEOUT);
                assertThat(first).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
                Integer next = Mono.usingWhen(pool.create(), c -> Mono.from(c.createStatement("SELECT 42").execute())
                        .flatMap(r -> Mono.from(r.map((row, md) -> row.get(0, Integer.class)))), Connection::close).block(TIMEOUT);
                assertThat(next).isEqualTo(42);
            }
            Connection c = acquire(pool);
            assertThat(c.isAutoCommit()).isTrue();
            TestDb.close(c);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aConnectionGivenBackWhileAStatementRunsIsNotSharedWithIt() throws InterruptedException {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-running").initialSize(0).maxSize(1).build());
        try {
            Connection c = acquire(pool);
            // a statement still running when its user gives the connection back: the next borrower waits for it
            AtomicReference<Integer> late = new AtomicReference<>();
            Flux.from(c.createStatement("SELECT 7 FROM pg_sleep(0.5)").execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                    .subscribe(late::set);
            Thread.sleep(50);
            TestDb.close(c);
            Connection next = acquire(pool);
            assertThat(late.get()).as("the earlier statement had ended before the connection was handed out again").isEqualTo(7);
            assertThat(TestDb.one(next, "SELECT 43", Integer.class)).isEqualTo(43);
            TestDb.close(next);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aConnectionGivenBackWhileItsRowsStillArriveWaitsForThemWithoutSendingAnything() throws InterruptedException {
        String app = "pgfast-pool-await-rest";
        PgfastPool pool = new PgfastPool(PoolDb.pool(app).initialSize(0).maxSize(1).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            String sql = "SELECT 7 FROM pg_sleep(1)";
            Connection c = acquire(pool);
            AtomicReference<Integer> late = new AtomicReference<>();
            Flux.from(c.createStatement(sql).execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                    .subscribe(late::set);
            // given back once the server runs it (a statement the event loop has not taken yet is not seen from here)
            String running = "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app
                    + "' AND state = 'active'";
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (TestDb.one(watcher, running, Long.class) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            TestDb.close(c);
            while (pool.getMetrics().getIdleSize() != 1 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(pool.getMetrics().getIdleSize()).as("given back once its statement ended").isEqualTo(1);
            assertThat(late.get()).isEqualTo(7);
            // the backend's last statement is still the borrower's: no validation query went after it
            assertThat(TestDb.one(watcher, "SELECT query FROM pg_stat_activity WHERE application_name = '" + app + "'",
                    String.class)).isEqualTo(sql);
            Connection next = acquire(pool);
            assertThat(TestDb.one(next, "SELECT 44", Integer.class)).isEqualTo(44);
            TestDb.close(next);
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aConnectionGivenBackWithAResultNobodyReadsIsDrainedBeforeTheNextBorrower() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-abandoned").initialSize(0).maxSize(1).build());
        try {
            for (int round = 0; round < 3; round++) {
                // the Result is taken and never read: its rows wait for a demand that never comes
                Mono.usingWhen(pool.create(), c -> Mono.from(c.createStatement("SELECT generate_series(1, 200000)").execute()),
                        Connection::close).block(TIMEOUT);
                Connection next = acquire(pool);
                assertThat(TestDb.one(next, "SELECT 45", Integer.class)).isEqualTo(45);
                TestDb.close(next);
            }
            assertThat(pool.getMetrics().getAllocatedSize()).isLessThanOrEqualTo(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void closingThePoolClosesEveryConnection() throws InterruptedException {
        String app = "pgfast-pool-closing";
        PgfastPool pool = new PgfastPool(PoolDb.pool(app).initialSize(3).maxSize(3).closeTime(Duration.ofSeconds(30)).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            assertThat(pool.warmup().block(TIMEOUT)).isEqualTo(3);
            assertThat(PoolDb.backends(watcher, app, 3)).isEqualTo(3);
            Connection held = acquire(pool);
            AtomicReference<Throwable> waiterError = new AtomicReference<>();
            Connection second = acquire(pool);
            Connection third = acquire(pool);
            pool.create().subscribe(x -> { }, waiterError::set);
            Mono<Void> closed = pool.close().cache();
            closed.subscribe();
            assertThat(waiterError.get()).isInstanceOf(R2dbcNonTransientResourceException.class).hasMessageContaining("closed");
            assertThat(pool.isDisposed()).isTrue();
            assertThatThrownBy(() -> acquire(pool)).isInstanceOf(R2dbcNonTransientResourceException.class).hasMessageContaining("closed");
            // handed-out connections still work until they come back
            assertThat(TestDb.one(held, "SELECT 1", Integer.class)).isEqualTo(1);
            TestDb.close(held);
            TestDb.close(second);
            TestDb.close(third);
            closed.block(TIMEOUT);
            assertThat(pool.getMetrics().getAllocatedSize()).isZero();
            assertThat(PoolDb.backends(watcher, app, 0)).isZero();
            pool.close().block(TIMEOUT);
        } finally {
            TestDb.close(watcher);
            pool.dispose();
        }
    }

    @Test
    void closingThePoolClosesConnectionsNotGivenBackAfterCloseTime() throws InterruptedException {
        String app = "pgfast-pool-close-time";
        PgfastPool pool = new PgfastPool(PoolDb.pool(app).initialSize(0).maxSize(2).closeTime(Duration.ofMillis(300)).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            Connection held = acquire(pool);
            pool.close().block(TIMEOUT);
            assertThat(PoolDb.backends(watcher, app, 0)).isZero();
            assertThatThrownBy(() -> TestDb.one(held, "SELECT 1", Integer.class)).isInstanceOf(io.r2dbc.spi.R2dbcException.class);
            TestDb.close(held);
            assertThat(pool.getMetrics().getAllocatedSize()).isZero();
        } finally {
            TestDb.close(watcher);
        }
    }

    @Test
    void aPoolFromAUrlServesStatements() {
        io.pgfast.testing.TestServer s = io.pgfast.testing.TestPostgres.get();
        io.pgfast.testing.TestRole r = s.role(io.pgfast.testing.AuthMethod.SCRAM);
        String url = "r2dbc:pgfast://" + r.user() + ":" + java.net.URLEncoder.encode(r.password(), java.nio.charset.StandardCharsets.UTF_8)
                + "@" + s.host() + ":" + s.port() + "/" + s.database() + "?sslMode=disable&pool=true&maxSize=2&initialSize=0";
        PgfastPool pool = (PgfastPool) io.r2dbc.spi.ConnectionFactories.get(url);
        try {
            List<Integer> got = Flux.range(0, 20).flatMap(i -> Mono.usingWhen(pool.create(),
                    c -> Mono.from(c.createStatement("SELECT $1::int").bind(0, i).execute())
                            .flatMap(r2 -> Mono.from(r2.map((row, md) -> row.get(0, Integer.class)))), Connection::close))
                    .collectList().block(TIMEOUT);
            assertThat(got).hasSize(20);
            assertThat(pool.getMetrics().getAllocatedSize()).isBetween(1, 2);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void warmupOpensInitialSize() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-warmup").initialSize(2).maxSize(4).build());
        try {
            assertThat(pool.warmup().block(TIMEOUT)).isEqualTo(2);
            assertThat(pool.getMetrics().getIdleSize()).isEqualTo(2);
            assertThat(pool.warmup().block(TIMEOUT)).isZero();
            Set<Integer> pids = new HashSet<>();
            Connection a = acquire(pool);
            Connection b = acquire(pool);
            pids.add(PoolDb.pid(a));
            pids.add(PoolDb.pid(b));
            assertThat(pids).hasSize(2);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(2);
            TestDb.close(a);
            TestDb.close(b);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    /**
     * A thread on none of the pool's event loops (one that blocks on each pool query) gets back the connection it gave
     * back last, not one of another event loop: that loop has just run the statement, where another would be asleep
     * and cost a wake-up for the submission and another for the answer.
     */
    @Test
    void aBlockingCallerGetsBackTheConnectionItGaveBack() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-blocking").initialSize(4).maxSize(4).build());
        try {
            assertThat(pool.warmup().block(TIMEOUT)).isEqualTo(4);
            List<Connection> all = Flux.range(0, 4).concatMap(i -> pool.create()).collectList().block(TIMEOUT);
            Set<Object> loops = new HashSet<>();
            for (Connection c : all) {
                loops.add(((PgfastConnection) ((Wrapped<?>) c).unwrap()).eventLoop());
            }
            assertThat(loops).as("the pool's connections run on more than one event loop").hasSizeGreaterThan(1);
            for (Connection c : all) {
                TestDb.close(c);
            }

            Set<Object> used = new HashSet<>();
            for (int i = 0; i < 20; i++) {
                used.add(Mono.usingWhen(pool.create(),
                        c -> Mono.from(c.createStatement("SELECT 1").execute()).flatMap(r -> Mono.from(r.getRowsUpdated()))
                                .thenReturn(((Wrapped<?>) c).unwrap()),
                        Connection::close).block(TIMEOUT));
            }
            assertThat(used).as("connections a blocking caller used in 20 pool queries").hasSize(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }
}
