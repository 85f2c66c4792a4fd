package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.pgfast.testing.TestDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code sharedLeases}: handles share the pool's connections outside transactions, against the real server. */
@RequiresPostgres
class SharedLeasesTest {

    private static PgfastPool shared(String application, int maxSize) {
        return new PgfastPool(PoolDb.pool(application).initialSize(0).maxSize(maxSize).sharedLeases(true).build());
    }

    private static Connection handle(PgfastPool pool) {
        return pool.create().block(TIMEOUT);
    }

    /** Polls until no connection is handed out (the sharing callers give theirs back when their statements end). */
    private static void awaitNoneAcquired(PgfastPool pool) throws InterruptedException {
        for (int i = 0; i < 600 && pool.getMetrics().getAcquiredSize() != 0; i++) {
            Thread.sleep(100);
        }
        assertThat(pool.getMetrics().getAcquiredSize()).isZero();
    }

    /** Polls until {@code n} connections are handed out (one acquired by a losing call goes back asynchronously). */
    private static void awaitAcquired(PgfastPool pool, int n) throws InterruptedException {
        for (int i = 0; i < 600 && pool.getMetrics().getAcquiredSize() != n; i++) {
            Thread.sleep(100);
        }
        assertThat(pool.getMetrics().getAcquiredSize()).isEqualTo(n);
    }

    @Test
    void handlesOpenAtOnceShareTheOnlyConnection() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-one", 1);
        try {
            Connection a = handle(pool);
            Connection b = handle(pool);
            // both run at once on the one backend: as whole connections, the second would wait for the first
            List<Integer> pids = Flux.merge(
                    Flux.from(a.createStatement("SELECT pg_backend_pid() FROM pg_sleep(0.2)").execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))),
                    Flux.from(b.createStatement("SELECT pg_backend_pid() FROM pg_sleep(0.2)").execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))))
                    .collectList().block(TIMEOUT);
            assertThat(pids).hasSize(2);
            assertThat(pids.get(0)).isEqualTo(pids.get(1));
            assertThat(a.isAutoCommit()).isTrue();
            assertThat(a.getMetadata().getDatabaseProductName()).isEqualTo("PostgreSQL");
            assertThat(Mono.from(a.validate(ValidationDepth.REMOTE)).block(TIMEOUT)).isTrue();
            TestDb.close(a);
            TestDb.close(b);
            assertThat(Mono.from(a.validate(ValidationDepth.LOCAL)).block(TIMEOUT)).isFalse();
            assertThatThrownBy(() -> a.createStatement("SELECT 1")).isInstanceOf(IllegalStateException.class);
            awaitNoneAcquired(pool);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void thousandsOfCallersAtOnceEachGetTheirOwnValue() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-many", 2);
        try {
            int n = 5000;
            List<Integer> pids = Flux.range(0, n)
                    .flatMap(i -> Mono.usingWhen(pool.create(), c -> Mono.from(c.createStatement("SELECT pg_backend_pid(), $1::int, $2::text")
                                    .bind(0, i).bind(1, "v" + i).execute()).flatMap(r -> Mono.from(r.map((row, md) -> {
                                        assertThat(row.get(1, Integer.class)).isEqualTo(i);
                                        assertThat(row.get(2, String.class)).isEqualTo("v" + i);
                                        return row.get(0, Integer.class);
                                    }))), Connection::close), n)
                    .collectList().block(TIMEOUT);
            assertThat(pids).hasSize(n);
            assertThat(new HashSet<>(pids)).hasSizeLessThanOrEqualTo(2);
            awaitNoneAcquired(pool);
            assertThat(pool.getMetrics().getPendingAcquireSize()).isZero();
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void pastThePipeliningLimitAStatementWaitsBoundedByMaxAcquireTime() throws InterruptedException {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-shared-limit").initialSize(0).maxSize(1).sharedLeases(true)
                .pipeliningLimit(1).maxAcquireTime(java.time.Duration.ofMillis(300)).build());
        try {
            Connection a = handle(pool);
            Connection b = handle(pool);
            Mono<Long> holding = Flux.from(a.createStatement("SELECT pg_sleep(30)").execute()).flatMap(Result::getRowsUpdated)
                    .count().cache();
            holding.subscribe();
            awaitAcquired(pool, 1);
            // the only connection has its one statement: the next one needs another, which maxSize does not allow
            assertThatThrownBy(() -> TestDb.one(b, "SELECT 1", Integer.class)).isInstanceOf(io.r2dbc.spi.R2dbcTimeoutException.class)
                    .hasMessageContaining("maxAcquireTime");
            TestDb.close(a);
            assertThat(holding.block(TIMEOUT)).isZero();
            assertThat(TestDb.one(b, "SELECT 2", Integer.class)).isEqualTo(2);
            TestDb.close(b);
            awaitNoneAcquired(pool);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void statementsThatChangeTheSessionAreRefusedAndNothingIsSent() {
        PgfastPool pool = shared("pgfast-shared-refused", 2);
        PgfastConnection watcher = PoolDb.direct();
        try {
            TestDb.run(watcher, "CREATE TABLE IF NOT EXISTS shared_marker (tag text)");
            TestDb.run(watcher, "DELETE FROM shared_marker");
            Connection c = handle(pool);
            for (String sql : List.of("SET application_name = 'refused'", "LISTEN refused", "BEGIN",
                    "CREATE TEMP TABLE refused (a int)", "SELECT pg_advisory_lock(4242)", "SELECT set_config('work_mem', '1MB', false)")) {
                String both = sql + "; INSERT INTO shared_marker VALUES ('" + sql.replace("'", "''") + "')";
                assertThatThrownBy(() -> TestDb.run(c, both)).as(sql).isInstanceOf(SharedLeaseException.class)
                        .hasMessageContaining("begin a transaction on this connection, or turn sharedLeases off");
                assertThatThrownBy(() -> Flux.from(c.createBatch().add("SELECT 1").add(sql).execute()).blockLast(TIMEOUT))
                        .as(sql).isInstanceOf(SharedLeaseException.class);
            }
            assertThat(TestDb.one(watcher, "SELECT count(*) FROM shared_marker", Long.class)).as("nothing reached the server").isZero();
            assertThat(TestDb.one(watcher, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'", Long.class)).isZero();
            assertThat(TestDb.one(c, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'refused'", Long.class)).isZero();
            assertThat(TestDb.one(c, "SELECT count(*) FROM pg_listening_channels()", Long.class)).isZero();

            // in a transaction of its own, the handle may change its session
            Mono.from(c.beginTransaction()).block(TIMEOUT);
            TestDb.run(c, "SET LOCAL work_mem = '2MB'");
            assertThat(TestDb.one(c, "SHOW work_mem", String.class)).isEqualTo("2MB");
            Mono.from(c.rollbackTransaction()).block(TIMEOUT);
            TestDb.close(c);
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aTransactionGetsAConnectionOfItsOwnUntilCommit() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-tx", 2);
        PgfastConnection watcher = PoolDb.direct();
        try {
            TestDb.run(watcher, "CREATE TABLE IF NOT EXISTS shared_tx (v int)");
            TestDb.run(watcher, "DELETE FROM shared_tx");
            Connection tx = handle(pool);
            Connection other = handle(pool);
            Mono.from(tx.beginTransaction()).block(TIMEOUT);
            assertThat(tx.isAutoCommit()).isFalse();
            TestDb.run(tx, "INSERT INTO shared_tx VALUES (1)");
            int txPid = PoolDb.pid(tx);
            // the other sharers' statements never run inside it
            Set<Integer> otherPids = new HashSet<>(Flux.range(0, 200).flatMap(i -> Flux.from(other.createStatement(
                            "SELECT pg_backend_pid() FROM shared_tx").execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                    .defaultIfEmpty(-1), 50).collectList().block(TIMEOUT));
            assertThat(otherPids).as("the uncommitted row is invisible to them").containsExactly(-1);
            assertThat(PoolDb.pid(other)).isNotEqualTo(txPid);
            assertThat(PoolDb.pid(tx)).isEqualTo(txPid);
            Mono.from(tx.commitTransaction()).block(TIMEOUT);
            assertThat(tx.isAutoCommit()).isTrue();
            assertThat(TestDb.one(other, "SELECT count(*) FROM shared_tx", Long.class)).isEqualTo(1L);
            // back to shared use: the refusal applies again
            assertThatThrownBy(() -> TestDb.run(tx, "SET work_mem = '1MB'")).isInstanceOf(SharedLeaseException.class);
            TestDb.close(tx);
            TestDb.close(other);
            awaitNoneAcquired(pool);
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aTransactionIsNotStarvedBySharersThatNeverPause() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-starve", 1);
        try {
            Connection sharer = handle(pool);
            Connection tx = handle(pool);
            java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
            // 16 loops that always keep statements in flight on the only connection
            Mono<Long> load = Flux.range(0, 16).flatMap(i -> Flux.from(sharer.createStatement("SELECT 1 FROM pg_sleep(0.005)").execute())
                            .flatMap(Result::getRowsUpdated).repeat(() -> !stop.get()).count())
                    .reduce(0L, Long::sum).cache();
            load.subscribe();
            Thread.sleep(200);
            Mono.from(tx.beginTransaction()).block(TIMEOUT);
            assertThat(tx.isAutoCommit()).isFalse();
            TestDb.run(tx, "SELECT 1");
            Mono.from(tx.commitTransaction()).block(TIMEOUT);
            stop.set(true);
            assertThat(load.block(TIMEOUT)).isPositive();
            TestDb.close(tx);
            TestDb.close(sharer);
            awaitNoneAcquired(pool);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void sessionStateSetThroughTheApiKeepsAConnectionUntilClose() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-sticky", 2);
        try {
            Connection c = handle(pool);
            // two at once: one connection of its own, not two
            Flux.merge(c.setStatementTimeout(java.time.Duration.ofSeconds(7)), c.setLockWaitTimeout(java.time.Duration.ofSeconds(3)))
                    .blockLast(TIMEOUT);
            awaitAcquired(pool, 1);
            assertThat(TestDb.one(c, "SHOW statement_timeout", String.class)).isEqualTo("7s");
            assertThat(TestDb.one(c, "SHOW lock_timeout", String.class)).isEqualTo("3s");
            Mono.from(c.beginTransaction()).block(TIMEOUT);
            Mono.from(c.commitTransaction()).block(TIMEOUT);
            assertThat(TestDb.one(c, "SHOW statement_timeout", String.class)).as("still its own connection").isEqualTo("7s");
            assertThat(pool.getMetrics().getAcquiredSize()).isEqualTo(1);
            TestDb.close(c);
            awaitNoneAcquired(pool);
            Connection next = handle(pool);
            assertThat(TestDb.one(next, "SHOW statement_timeout", String.class)).as("reset on release").isEqualTo("0");
            TestDb.close(next);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aSubscriberCancelledMidStreamDoesNotDisturbTheOtherSharers() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-cancel", 1);
        try {
            Connection a = handle(pool);
            Connection b = handle(pool);
            for (int round = 0; round < 20; round++) {
                Flux<Integer> cancelled = Flux.from(a.createStatement("SELECT generate_series(1, 1000000)").execute())
                        .flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(10);
                int r0 = round;
                Flux<Integer> others = Flux.range(0, 20).flatMap(i -> Flux.from(b.createStatement("SELECT $1::int")
                        .bind(0, r0 * 100 + i).execute()).flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))));
                List<Integer> got = Flux.merge(cancelled.then(Mono.just(-1)), others).collectList().block(TIMEOUT);
                List<Integer> expected = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    expected.add(r0 * 100 + i);
                }
                expected.add(-1);
                assertThat(got).containsExactlyInAnyOrderElementsOf(expected);
            }
            assertThat(TestDb.one(a, "SELECT 42", Integer.class)).isEqualTo(42);
            TestDb.close(a);
            TestDb.close(b);
            awaitNoneAcquired(pool);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aBackendKilledUnderSharersFailsOnlyItsStatementsAndThePoolRecovers() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-kill", 1);
        PgfastConnection watcher = PoolDb.direct();
        try {
            Connection a = handle(pool);
            Connection b = handle(pool);
            Mono<List<Object>> slow = Flux.merge(
                    Flux.from(a.createStatement("SELECT pg_sleep(30)").execute()).flatMap(Result::getRowsUpdated),
                    Flux.from(b.createStatement("SELECT 1 FROM pg_sleep(30)").execute()).flatMap(Result::getRowsUpdated))
                    .map(Object.class::cast).onErrorResume(e -> Mono.just(e)).collectList().cache();
            slow.subscribe();
            long active = 0;
            for (int i = 0; i < 600 && active == 0; i++) {
                active = TestDb.one(watcher, "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgfast-shared-kill'"
                        + " AND query LIKE '%pg_sleep(30)%'", Long.class);
                Thread.sleep(50);
            }
            assertThat(TestDb.one(watcher, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    + " WHERE application_name = 'pgfast-shared-kill'", Long.class)).isEqualTo(1L);
            List<Object> outcome = slow.block(TIMEOUT);
            assertThat(outcome).hasSize(1);
            assertThat(outcome.get(0)).isInstanceOf(R2dbcException.class);
            // the pool recovers: a new connection for the next statements
            for (int i = 0; i < 20; i++) {
                assertThat(TestDb.one(a, "SELECT " + i, Integer.class)).isEqualTo(i);
                assertThat(TestDb.one(b, "SELECT " + i, Integer.class)).isEqualTo(i);
            }
            TestDb.close(a);
            TestDb.close(b);
            awaitNoneAcquired(pool);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void closingAHandleEndsItsStatementsAndClosingThePoolEndsTheHandles() throws InterruptedException {
        PgfastPool pool = shared("pgfast-shared-close", 2);
        try {
            Connection a = handle(pool);
            Connection b = handle(pool);
            Mono<Long> running = Flux.from(a.createStatement("SELECT pg_sleep(30)").execute()).flatMap(Result::getRowsUpdated)
                    .count().cache();
            running.subscribe();
            for (int i = 0; i < 600 && pool.getMetrics().getAcquiredSize() == 0; i++) {
                Thread.sleep(50);
            }
            TestDb.close(a);
            assertThat(running.block(TIMEOUT)).as("ended by the close, without a row").isZero();
            awaitNoneAcquired(pool);
            assertThat(TestDb.one(b, "SELECT 7", Integer.class)).isEqualTo(7);

            pool.close().block(TIMEOUT);
            assertThat(pool.getMetrics().getAllocatedSize()).isZero();
            assertThatThrownBy(() -> TestDb.one(b, "SELECT 1", Integer.class)).isInstanceOf(R2dbcNonTransientResourceException.class)
                    .hasMessageContaining("closed");
            assertThat(Mono.from(b.validate(ValidationDepth.LOCAL)).block(TIMEOUT)).isFalse();
            assertThatThrownBy(() -> pool.create().block(TIMEOUT)).isInstanceOf(R2dbcNonTransientResourceException.class);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }
}
