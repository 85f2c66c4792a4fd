package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Wrapped;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.pgfast.testing.TestDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Backends that end under the pool (pg_terminate_backend) while idle and while in use, connections that retire by
 * age, idle ones evicted and {@code minIdle} kept. Waits poll with a generous deadline; nothing depends on speed.
 */
@RequiresPostgres
class PoolHealthTest {

    private static Connection acquire(PgfastPool pool) {
        return pool.create().block(TIMEOUT);
    }

    private static PgfastConnection unwrap(Connection c) {
        return (PgfastConnection) ((Wrapped<?>) c).unwrap();
    }

    private static void terminate(Connection watcher, int pid) {
        assertThat(TestDb.one(watcher, "SELECT pg_terminate_backend(" + pid + ")", Boolean.class)).isTrue();
    }

    /** Polls until {@code c} has seen its socket close (the server's FATAL and end of stream), or fails after 60 s. */
    private static void awaitClosed(PgfastConnection c) throws InterruptedException {
        for (int i = 0; i < 600 && c.isOpen(); i++) {
            Thread.sleep(100);
        }
        assertThat(c.isOpen()).as("the client saw the server close " + c).isFalse();
    }

    @Test
    void backendsKilledWhileIdleAreNeverHandedOut() throws InterruptedException {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-kill-idle").initialSize(0).maxSize(4).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            List<Connection> held = new ArrayList<>();
            Set<Integer> killed = new HashSet<>();
            List<PgfastConnection> physical = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Connection c = acquire(pool);
                held.add(c);
                killed.add(PoolDb.pid(c));
                physical.add(unwrap(c));
            }
            held.forEach(TestDb::close);
            assertThat(pool.getMetrics().getIdleSize()).isEqualTo(4);
            for (int pid : killed) {
                terminate(watcher, pid);
            }
            for (PgfastConnection c : physical) {
                awaitClosed(c);
            }
            // every acquisition gets a live connection at once: the dead idle ones are dropped on the way
            for (int i = 0; i < 4; i++) {
                Connection c = acquire(pool);
                held.set(i, c);
                assertThat(killed).doesNotContain(PoolDb.pid(c));
            }
            held.forEach(TestDb::close);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(4);
            assertThat(pool.getMetrics().getIdleSize()).isEqualTo(4);
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aBackendKilledWhileInUseFailsItsUserOnceAndIsDropped() throws InterruptedException {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-kill-busy").initialSize(0).maxSize(2).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            Connection c = acquire(pool);
            int pid = PoolDb.pid(c);
            terminate(watcher, pid);
            awaitClosed(unwrap(c));
            assertThatThrownBy(() -> TestDb.one(c, "SELECT 1", Integer.class)).isInstanceOf(R2dbcException.class);
            TestDb.close(c);
            assertThat(pool.getMetrics().getAllocatedSize()).as("dropped on its way back").isZero();
            for (int i = 0; i < 20; i++) {
                Connection next = acquire(pool);
                assertThat(PoolDb.pid(next)).isNotEqualTo(pid);
                TestDb.close(next);
            }
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void aBackendKilledUnderABorrowerWithoutWaitingIsNotHandedOutTwice() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-kill-race").initialSize(0).maxSize(1).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            for (int round = 0; round < 10; round++) {
                Connection c = acquire(pool);
                int pid = PoolDb.pid(c);
                terminate(watcher, pid);
                // its user may or may not see the end yet; either way it goes back now
                try {
                    TestDb.one(c, "SELECT 1", Integer.class);
                } catch (R2dbcException expected) {
                    // the server ended it first
                }
                TestDb.close(c);
                int failures = 0;
                for (int i = 0; i < 3; i++) {
                    Connection next = acquire(pool);
                    try {
                        TestDb.one(next, "SELECT 1", Integer.class);
                    } catch (R2dbcException e) {
                        failures++;
                    }
                    TestDb.close(next);
                }
                assertThat(failures).as("a broken connection handed out more than once").isLessThanOrEqualTo(1);
            }
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void theValidationQueryRunsOnlyForAConnectionIdleLongerThanTheWindow() {
        PgfastConnection watcher = PoolDb.direct();
        TestDb.run(watcher, "DROP SEQUENCE IF EXISTS pool_validations; CREATE SEQUENCE pool_validations");
        String query = "SELECT nextval('pool_validations')";
        PgfastPool recent = new PgfastPool(PoolDb.pool("pgfast-pool-validation-recent").initialSize(0).maxSize(1)
                .validationQuery(query).validationIdleTime(Duration.ofHours(1)).build());
        PgfastPool always = new PgfastPool(PoolDb.pool("pgfast-pool-validation-always").initialSize(0).maxSize(1)
                .validationQuery(query).validationIdleTime(Duration.ZERO).build());
        try {
            for (int i = 0; i < 10; i++) {
                TestDb.close(acquire(recent));
            }
            assertThat(TestDb.one(watcher, "SELECT is_called FROM pool_validations", Boolean.class))
                    .as("a validation ran within the window").isFalse();
        } finally {
            recent.close().block(TIMEOUT);
        }
        try {
            for (int i = 0; i < 10; i++) {
                TestDb.close(acquire(always));
            }
            // the first acquisition opens the connection (nothing to validate); the nine after it validate
            assertThat(TestDb.one(watcher, "SELECT last_value FROM pool_validations", Long.class)).isEqualTo(9);
        } finally {
            always.close().block(TIMEOUT);
            TestDb.run(watcher, "DROP SEQUENCE IF EXISTS pool_validations");
            TestDb.close(watcher);
        }
    }

    @Test
    void aConnectionFailingItsValidationIsDroppedAndAnotherHandedOut() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-validation-fails").initialSize(0).maxSize(1)
                .validationQuery("SELECT 1/0").validationIdleTime(Duration.ZERO).build());
        try {
            Set<Integer> pids = new HashSet<>();
            for (int i = 0; i < 5; i++) {
                Connection c = acquire(pool);
                pids.add(PoolDb.pid(c));
                TestDb.close(c);
            }
            assertThat(pids).as("each idle connection failed its validation and was replaced").hasSize(5);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void connectionsRetireAfterMaxLifeTime() throws InterruptedException {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-life").initialSize(0).maxSize(1)
                .maxLifeTime(Duration.ofMillis(500)).build());
        try {
            Connection c = acquire(pool);
            int first = PoolDb.pid(c);
            TestDb.close(c);
            int pid = first;
            for (int i = 0; i < 600 && pid == first; i++) {
                Thread.sleep(100);
                Connection next = acquire(pool);
                pid = PoolDb.pid(next);
                TestDb.close(next);
            }
            assertThat(pid).as("replaced once past maxLifeTime").isNotEqualTo(first);
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
        } finally {
            pool.close().block(TIMEOUT);
        }
    }

    @Test
    void idleConnectionsAreEvictedDownToMinIdle() throws InterruptedException {
        String app = "pgfast-pool-evict";
        PgfastPool pool = new PgfastPool(PoolDb.pool(app).initialSize(3).maxSize(3).minIdle(1)
                .maxIdleTime(Duration.ofMillis(300)).backgroundEvictionInterval(Duration.ofMillis(100)).build());
        PgfastConnection watcher = PoolDb.direct();
        try {
            assertThat(pool.warmup().block(TIMEOUT)).isEqualTo(3);
            for (int i = 0; i < 600 && pool.getMetrics().getAllocatedSize() > 1; i++) {
                Thread.sleep(100);
            }
            assertThat(pool.getMetrics().getAllocatedSize()).isEqualTo(1);
            assertThat(pool.getMetrics().getIdleSize()).isEqualTo(1);
            assertThat(PoolDb.backends(watcher, app, 1)).isEqualTo(1);
            // minIdle is kept: the one left is replaced when it goes
            Connection c = acquire(pool);
            int pid = PoolDb.pid(c);
            terminate(watcher, pid);
            awaitClosed(unwrap(c));
            TestDb.close(c);
            for (int i = 0; i < 600 && pool.getMetrics().getIdleSize() < 1; i++) {
                Thread.sleep(100);
            }
            assertThat(pool.getMetrics().getIdleSize()).as("minIdle kept").isEqualTo(1);
        } finally {
            TestDb.close(watcher);
            pool.close().block(TIMEOUT);
        }
    }
}
