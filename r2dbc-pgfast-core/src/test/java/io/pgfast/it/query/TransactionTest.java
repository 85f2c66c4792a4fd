package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastTransactionDefinition;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcRollbackException;
import io.r2dbc.spi.R2dbcTransientException;
import io.r2dbc.spi.TransactionDefinition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Transaction control: begin/commit/rollback, definitions in one BEGIN, auto-commit, savepoints, failures. */
@RequiresPostgres
class TransactionTest {

    private Connection c;
    private Connection other;
    private String table;

    @BeforeEach
    void open() {
        c = Pg.connect();
        other = Pg.connect();
        table = TestDb.unique("qtests_tx");
        TestDb.run(c, "CREATE TABLE " + table + " (id int PRIMARY KEY, v text)");
    }

    @AfterEach
    void close() {
        // c first: with auto-commit off it may hold a transaction (and a lock on the table) open
        TestDb.close(c);
        try {
            TestDb.run(other, "DROP TABLE IF EXISTS " + table);
        } finally {
            TestDb.close(other);
        }
    }

    private static void await(org.reactivestreams.Publisher<Void> p) {
        Mono.from(p).block(TestDb.TIMEOUT);
    }

    private long visibleToOthers() {
        return TestDb.one(other, "SELECT count(*) FROM " + table, Long.class);
    }

    private long visibleHere() {
        return TestDb.one(c, "SELECT count(*) FROM " + table, Long.class);
    }

    private void insert(int id) {
        assertThat(TestDb.rowsUpdated(c.createStatement("INSERT INTO " + table + " VALUES ($1, 'v')").bind(0, id))).containsExactly(1L);
    }

    private String setting(String name) {
        return TestDb.one(c, "SELECT current_setting('" + name + "')", String.class);
    }

    @Test
    void beginCommitAndRollback() {
        await(c.beginTransaction());
        insert(1);
        assertThat(visibleHere()).isEqualTo(1);
        assertThat(visibleToOthers()).isZero();
        await(c.commitTransaction());
        assertThat(visibleToOthers()).isEqualTo(1);

        await(c.beginTransaction());
        insert(2);
        await(c.rollbackTransaction());
        assertThat(visibleHere()).isEqualTo(1);
        assertThat(visibleToOthers()).isEqualTo(1);
    }

    @Test
    void commitAndRollbackWithoutATransactionDoNothing() {
        await(c.commitTransaction());
        await(c.rollbackTransaction());
        assertThat(c.isAutoCommit()).isTrue();
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void isAutoCommitFollowsTheTransactionState() {
        assertThat(c.isAutoCommit()).isTrue();
        await(c.beginTransaction());
        assertThat(c.isAutoCommit()).isFalse();
        await(c.commitTransaction());
        assertThat(c.isAutoCommit()).isTrue();
        await(c.setAutoCommit(false));
        assertThat(c.isAutoCommit()).isFalse();
        await(c.setAutoCommit(true));
        assertThat(c.isAutoCommit()).isTrue();
    }

    private String awaitActivity(int pid, String state) {
        long deadline = System.nanoTime() + TestDb.TIMEOUT.toNanos();
        while (true) {
            String last = TestDb.one(other, "SELECT state || ': ' || query FROM pg_stat_activity WHERE pid = " + pid, String.class);
            if (last.startsWith(state) || System.nanoTime() > deadline) {
                return last;
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void aDefinitionArrivesAsOneBegin() {
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        Map<Option<?>, Object> attributes = new HashMap<>();
        attributes.put(TransactionDefinition.ISOLATION_LEVEL, IsolationLevel.SERIALIZABLE);
        attributes.put(TransactionDefinition.READ_ONLY, true);
        attributes.put(TransactionDefinition.LOCK_WAIT_TIMEOUT, Duration.ofMillis(1500));
        await(c.beginTransaction(TestDb.definition(attributes)));
        // what the session ran last, as the server saw it: one query string with the whole definition (the BEGIN
        // is pipelined, so wait until the server has run it)
        String last = awaitActivity(pid, "idle in transaction");
        assertThat(last).startsWith("idle in transaction: BEGIN").contains("SERIALIZABLE").contains("READ ONLY").contains("lock_timeout");
        assertThat(setting("transaction_isolation")).isEqualTo("serializable");
        assertThat(setting("transaction_read_only")).isEqualTo("on");
        assertThat(setting("lock_timeout")).isEqualTo("1500ms");
        assertThatThrownBy(() -> insert(1)).isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("25006"));
        await(c.rollbackTransaction());
        assertThat(setting("transaction_isolation")).isEqualTo("read committed");
        assertThat(setting("lock_timeout")).isEqualTo("0");
    }

    @Test
    void anIsolationLevelIsADefinition() {
        await(c.beginTransaction(IsolationLevel.REPEATABLE_READ));
        assertThat(setting("transaction_isolation")).isEqualTo("repeatable read");
        assertThat(setting("transaction_read_only")).isEqualTo("off");
        await(c.commitTransaction());
    }

    @Test
    void deferrableAndReadWrite() {
        Map<Option<?>, Object> attributes = new HashMap<>();
        attributes.put(TransactionDefinition.ISOLATION_LEVEL, IsolationLevel.SERIALIZABLE);
        attributes.put(TransactionDefinition.READ_ONLY, false);
        attributes.put(PgfastTransactionDefinition.DEFERRABLE, true);
        await(c.beginTransaction(TestDb.definition(attributes)));
        assertThat(setting("transaction_deferrable")).isEqualTo("on");
        assertThat(setting("transaction_read_only")).isEqualTo("off");
        insert(1);
        await(c.commitTransaction());
        assertThat(visibleToOthers()).isEqualTo(1);
    }

    @Test
    void autoCommitOffRunsStatementsInATransactionThatRollbackUndoes() {
        await(c.setAutoCommit(false));
        insert(1);
        insert(2);
        assertThat(c.isAutoCommit()).isFalse();
        assertThat(visibleHere()).isEqualTo(2);
        assertThat(visibleToOthers()).isZero();
        await(c.rollbackTransaction());
        assertThat(visibleToOthers()).isZero();
        // still off: the next statement opens the next transaction
        insert(3);
        assertThat(visibleToOthers()).isZero();
        await(c.commitTransaction());
        assertThat(visibleToOthers()).isEqualTo(1);
        insert(4);
        // switching auto-commit back on commits what is open
        await(c.setAutoCommit(true));
        assertThat(visibleToOthers()).isEqualTo(2);
        assertThat(c.isAutoCommit()).isTrue();
        insert(5);
        assertThat(visibleToOthers()).isEqualTo(3);
    }

    @Test
    void autoCommitOffThenADefinitionIsNotDropped() {
        await(c.setAutoCommit(false));
        await(c.beginTransaction(IsolationLevel.SERIALIZABLE));
        assertThat(setting("transaction_isolation")).isEqualTo("serializable");
        insert(1);
        await(c.commitTransaction());
        assertThat(visibleToOthers()).isEqualTo(1);
    }

    @Test
    void autoCommitOffWithPipelinedStatements() {
        await(c.setAutoCommit(false));
        java.util.List<Long> counts = reactor.core.publisher.Flux.range(10, 20)
                .flatMap(i -> TestDb.rowsUpdatedAsync(c.createStatement("INSERT INTO " + table + " VALUES ($1, 'p')").bind(0, i)), 20)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(counts).hasSize(20).containsOnly(1L);
        assertThat(visibleToOthers()).isZero();
        await(c.rollbackTransaction());
        assertThat(visibleHere()).isZero();
    }

    @Test
    void commitOfAFailedTransactionIsARollbackException() {
        await(c.beginTransaction());
        insert(1);
        assertThatThrownBy(() -> TestDb.one(c, "SELECT 1/0", Integer.class)).isInstanceOf(R2dbcException.class);
        assertThatThrownBy(() -> await(c.commitTransaction())).isInstanceOf(R2dbcRollbackException.class);
        assertThat(c.isAutoCommit()).isTrue();
        assertThat(visibleHere()).isZero();
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void statementsInAFailedTransactionAreRefusedUntilRollback() {
        await(c.beginTransaction());
        assertThatThrownBy(() -> TestDb.one(c, "SELECT 1/0", Integer.class)).isInstanceOf(R2dbcException.class);
        assertThatThrownBy(() -> TestDb.one(c.createStatement("SELECT $1::int").bind(0, 1), Integer.class))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("25P02"));
        await(c.rollbackTransaction());
        assertThat(TestDb.one(c.createStatement("SELECT $1::int").bind(0, 2), Integer.class)).isEqualTo(2);
    }

    @Test
    void savepoints() {
        await(c.beginTransaction());
        insert(1);
        await(c.createSavepoint("s1"));
        insert(2);
        await(c.rollbackTransactionToSavepoint("s1"));
        insert(3);
        await(c.createSavepoint("s2"));
        insert(4);
        await(c.releaseSavepoint("s2"));
        await(c.createSavepoint("with \"quotes\" and spaces"));
        insert(5);
        await(c.rollbackTransactionToSavepoint("with \"quotes\" and spaces"));
        await(c.commitTransaction());
        assertThat(TestDb.column(other, "SELECT id FROM " + table + " ORDER BY id", Integer.class)).containsExactly(1, 3, 4);
    }

    @Test
    void aSavepointRecoversAFailedStatement() {
        await(c.beginTransaction());
        insert(1);
        await(c.createSavepoint("before"));
        assertThatThrownBy(() -> insert(1)).isInstanceOf(io.r2dbc.spi.R2dbcDataIntegrityViolationException.class);
        await(c.rollbackTransactionToSavepoint("before"));
        insert(2);
        await(c.commitTransaction());
        assertThat(visibleToOthers()).isEqualTo(2);
    }

    @Test
    void anUnknownSavepointIsAnError() {
        await(c.beginTransaction());
        assertThatThrownBy(() -> await(c.releaseSavepoint("nope"))).isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("3B001"));
        await(c.rollbackTransaction());
    }

    @Test
    void createSavepointStartsATransaction() {
        assertThat(c.isAutoCommit()).isTrue();
        await(c.createSavepoint("first"));
        assertThat(c.isAutoCommit()).isFalse();
        insert(1);
        assertThat(visibleToOthers()).isZero();
        await(c.rollbackTransactionToSavepoint("first"));
        insert(2);
        await(c.commitTransaction());
        assertThat(TestDb.column(other, "SELECT id FROM " + table, Integer.class)).containsExactly(2);
    }

    @Test
    void transactionIsolationLevel() {
        assertThat(c.getTransactionIsolationLevel()).isEqualTo(IsolationLevel.READ_COMMITTED);
        await(c.setTransactionIsolationLevel(IsolationLevel.SERIALIZABLE));
        assertThat(c.getTransactionIsolationLevel()).isEqualTo(IsolationLevel.SERIALIZABLE);
        await(c.beginTransaction());
        assertThat(setting("transaction_isolation")).isEqualTo("serializable");
        await(c.commitTransaction());
        await(c.setTransactionIsolationLevel(IsolationLevel.REPEATABLE_READ));
        assertThat(c.getTransactionIsolationLevel()).isEqualTo(IsolationLevel.REPEATABLE_READ);
        assertThat(setting("default_transaction_isolation")).isEqualTo("repeatable read");
        assertThatThrownBy(() -> c.setTransactionIsolationLevel(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDefaultIsolationLevelFromTheConfiguration() {
        Connection rr = Pg.connect(Pg.config().option("default_transaction_isolation", "repeatable read").build());
        try {
            assertThat(rr.getTransactionIsolationLevel()).isEqualTo(IsolationLevel.REPEATABLE_READ);
            assertThat(TestDb.one(rr, "SELECT current_setting('transaction_isolation')", String.class)).isEqualTo("repeatable read");
        } finally {
            TestDb.close(rr);
        }
    }

    @Test
    void statementAndLockWaitTimeouts() {
        await(c.setStatementTimeout(Duration.ofSeconds(3)));
        assertThat(setting("statement_timeout")).isEqualTo("3s");
        await(c.setLockWaitTimeout(Duration.ofMillis(250)));
        assertThat(setting("lock_timeout")).isEqualTo("250ms");
        await(c.setStatementTimeout(Duration.ZERO));
        assertThat(setting("statement_timeout")).isEqualTo("0");
        assertThatThrownBy(() -> c.setStatementTimeout(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theLockWaitTimeoutStopsAWaitForALock() {
        insert(1);
        await(other.beginTransaction());
        TestDb.run(other, "SELECT * FROM " + table + " WHERE id = 1 FOR UPDATE");
        await(c.setLockWaitTimeout(Duration.ofMillis(200)));
        // 55P03 (lock_not_available) is what lock_timeout raises
        assertThatThrownBy(() -> TestDb.rowsUpdated(c.createStatement("UPDATE " + table + " SET v = 'x' WHERE id = $1").bind(0, 1)))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("55P03"));
        await(other.rollbackTransaction());
    }

    @Test
    void aSerializationFailureIsATransientRollbackException() {
        insert(1);
        await(c.beginTransaction(IsolationLevel.SERIALIZABLE));
        assertThat(TestDb.one(c, "SELECT v FROM " + table + " WHERE id = 1", String.class)).isEqualTo("v");
        TestDb.run(other, "UPDATE " + table + " SET v = 'other' WHERE id = 1");
        assertThatThrownBy(() -> TestDb.rowsUpdated(c.createStatement("UPDATE " + table + " SET v = 'mine' WHERE id = 1")))
                .isInstanceOf(R2dbcRollbackException.class)
                .isInstanceOf(R2dbcTransientException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("40001"));
        await(c.rollbackTransaction());
        assertThat(TestDb.one(c, "SELECT v FROM " + table + " WHERE id = 1", String.class)).isEqualTo("other");
    }

    @Test
    void aSerializationFailureAtCommitIsARollbackException() {
        insert(1);
        insert(2);
        await(c.beginTransaction(IsolationLevel.SERIALIZABLE));
        await(other.beginTransaction(IsolationLevel.SERIALIZABLE));
        // write skew: each reads what the other writes
        TestDb.one(c, "SELECT count(*) FROM " + table + " WHERE id = 1", Long.class);
        TestDb.one(other, "SELECT count(*) FROM " + table + " WHERE id = 2", Long.class);
        TestDb.run(c, "UPDATE " + table + " SET v = 'c' WHERE id = 2");
        TestDb.run(other, "UPDATE " + table + " SET v = 'o' WHERE id = 1");
        await(c.commitTransaction());
        assertThatThrownBy(() -> await(other.commitTransaction()))
                .isInstanceOf(R2dbcRollbackException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("40001"));
        assertThat(other.isAutoCommit()).isTrue();
    }

    @Test
    void preReleaseRollsBackAnOpenTransaction() {
        await(c.beginTransaction());
        insert(1);
        await(((io.r2dbc.spi.Lifecycle) c).preRelease());
        assertThat(c.isAutoCommit()).isTrue();
        assertThat(visibleHere()).isZero();

        await(c.setAutoCommit(false));
        insert(2);
        await(((io.r2dbc.spi.Lifecycle) c).preRelease());
        assertThat(c.isAutoCommit()).isTrue();
        insert(3);
        assertThat(TestDb.column(other, "SELECT id FROM " + table, Integer.class)).containsExactly(3);
    }

    @Test
    void isAutoCommitFollowsTransactionStatementsTheUserRuns() {
        TestDb.run(c, "BEGIN");
        assertThat(c.isAutoCommit()).isFalse();
        insert(1);
        TestDb.run(c, "COMMIT");
        assertThat(c.isAutoCommit()).isTrue();
        assertThat(visibleToOthers()).isEqualTo(1);
        TestDb.rowsUpdated(c.createStatement("START TRANSACTION ISOLATION LEVEL REPEATABLE READ"));
        assertThat(c.isAutoCommit()).isFalse();
        assertThat(setting("transaction_isolation")).isEqualTo("repeatable read");
        await(c.rollbackTransaction());
        assertThat(c.isAutoCommit()).isTrue();
    }

    @Test
    void aDefinitionForATransactionAlreadyUnderWayIsRefusedNotDropped() {
        await(c.setAutoCommit(false));
        insert(1);
        // the server refuses to change the isolation level after the first query (25001)
        assertThatThrownBy(() -> await(c.beginTransaction(IsolationLevel.SERIALIZABLE)))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("25001"));
        await(c.rollbackTransaction());
        await(c.setAutoCommit(true));
        assertThat(visibleToOthers()).isZero();
    }

    @Test
    void savepointNamesAreChecked() {
        assertThatThrownBy(() -> Mono.from(c.createSavepoint("")).block(TestDb.TIMEOUT)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Mono.from(c.createSavepoint(null)).block(TestDb.TIMEOUT)).isInstanceOf(IllegalArgumentException.class);
        assertThat(c.isAutoCommit()).isTrue();
    }
}
