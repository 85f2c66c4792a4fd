package io.pgfast.pgbouncer;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.PgBouncer;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The default named-statement cache behind PgBouncer in transaction pooling. Before PgBouncer 1.21 (no
 * {@code max_prepared_statements}) a statement the driver prepared lives on one server connection while the
 * client's next transaction may get another: why the README says {@code preparedStatementCacheQueries=0} there.
 *
 * <p>Each scenario logs in as its own role, so it has a pool of two server connections to itself and PgBouncer's
 * choice among them (the most recently used idle one first, {@code server_round_robin = 0}) is predictable.
 */
@RequiresPostgres
class TransactionPoolingNamedStatementsTest {

    private static PgfastConnection connect(PgBouncer bouncer, AuthMethod role) {
        assumeTrue(bouncer.server().supports(role), () -> "the test server has no " + role + " role");
        return Pg.connect(Pg.config(bouncer, role).build());
    }

    private static PgBouncer bouncer() {
        return PgBouncer.get(PgBouncer.Mode.TRANSACTION);
    }

    /**
     * Two clients prepare their first statement on the same server connection. Statement names are unique per
     * connection ({@code pgfast_<random>_1}), so this must be the right answer or, at worst, a clear failure.
     */
    @Test
    void aSecondClientsFirstStatementOnTheSameServerConnectionIsRightOrFails() {
        PgfastConnection a = connect(bouncer(), AuthMethod.MD5);
        PgfastConnection b = connect(bouncer(), AuthMethod.MD5);
        try {
            assertThat(TestDb.one(a, "SELECT $1::int + 1", 1, Integer.class)).isEqualTo(2);
            try {
                assertThat(TestDb.one(b, "SELECT $1::int + 1000", 1, Integer.class)).isEqualTo(1001);
            } catch (R2dbcException e) {
                assertThat(e.getSqlState()).isIn("42P05", "26000");
            }
        } finally {
            TestDb.close(a);
            TestDb.close(b);
        }
    }

    /**
     * A client's cached statement is executed on a server connection that never saw it: 26000, which the
     * driver answers by preparing it again, once, there; the answer is right.
     */
    @Test
    void aStatementMissingOnTheServerConnectionIsPreparedAgainTransparently() {
        PgfastConnection a = connect(bouncer(), AuthMethod.PASSWORD);
        PgfastConnection b = connect(bouncer(), AuthMethod.PASSWORD);
        try {
            assertThat(TestDb.one(a, "SELECT $1::int + 1", 1, Integer.class)).isEqualTo(2);
            int first = TestDb.one(a, "SELECT pg_backend_pid()", Integer.class);
            // b takes the server connection that has a's statement, for as long as its transaction lasts
            Mono.from(b.beginTransaction()).block(TestDb.TIMEOUT);
            assertThat(TestDb.one(b, "SELECT pg_backend_pid()", Integer.class)).isEqualTo(first);
            assertThat(TestDb.one(a, "SELECT $1::int + 1", 41, Integer.class)).isEqualTo(42);
            assertThat(TestDb.one(a, "SELECT pg_backend_pid()", Integer.class)).isNotEqualTo(first);
            Mono.from(b.commitTransaction()).block(TestDb.TIMEOUT);
        } finally {
            TestDb.close(a);
            TestDb.close(b);
        }
    }

    /**
     * Were statement names the same on every connection ({@code pgfast_1}, {@code pgfast_2}, ...), b's cached
     * {@code pgfast_1} would find a's {@code pgfast_1} on a's server connection, whose parameter and result types are the
     * same, and the server would run a's SQL for b. The answer must be b's, or an error.
     */
    @Test
    void aCachedStatementNeverRunsAnotherClientsStatement() {
        PgfastConnection a = connect(bouncer(), AuthMethod.TRUST);
        PgfastConnection b = connect(bouncer(), AuthMethod.TRUST);
        try {
            // a holds server connection X: b prepares its pgfast_1 on Y
            Mono.from(a.beginTransaction()).block(TestDb.TIMEOUT);
            TestDb.one(a, "SELECT 1", Integer.class);
            assertThat(TestDb.one(b, "SELECT $1::int + 1000", 1, Integer.class)).isEqualTo(1001);
            // a prepares its own pgfast_1 on X, then frees X last, so X is the next one handed out
            assertThat(TestDb.one(a, "SELECT $1::int + 1", 1, Integer.class)).isEqualTo(2);
            Mono.from(a.commitTransaction()).block(TestDb.TIMEOUT);
            Integer answer;
            try {
                answer = TestDb.one(b, "SELECT $1::int + 1000", 1, Integer.class);
            } catch (R2dbcException e) {
                answer = null;
            }
            assertThat(answer).as("b's statement answered by another client's pgfast_1").isIn(1001, null);
        } finally {
            TestDb.close(a);
            TestDb.close(b);
        }
    }

    /** The same as {@link #aCachedStatementNeverRunsAnotherClientsStatement} by chance, 20 clients at once. */
    @Test
    void noClientEverGetsTheAnswerOfAnotherClientsStatement() {
        assertThat(wrongAnswers(bouncer(), AuthMethod.SCRAM, true)).isEmpty();
    }

    /** PgBouncer 1.21+ with max_prepared_statements: the default cache is safe in transaction pooling. */
    @Test
    void withMaxPreparedStatementsTheDefaultCacheAnswersEveryClientRightly() {
        assumeTrue(PgBouncer.version().supportsPreparedStatements(),
                () -> "PgBouncer " + PgBouncer.version() + " has no max_prepared_statements (needs 1.21)");
        PgBouncer bouncer = PgBouncer.get(PgBouncer.Mode.TRANSACTION_PREPARED_STATEMENTS);
        assertThat(wrongAnswers(bouncer, AuthMethod.SCRAM, false)).isEmpty();
    }

    /**
     * 20 clients with the default cache, 30 statements each, five different SQL texts per client and none shared
     * between clients (so {@code pgfast_<n>} is different SQL on each): the answers that are not what was asked.
     *
     * @param errorsAllowed whether an execution may fail instead (then it counts as neither right nor wrong)
     */
    private static List<String> wrongAnswers(PgBouncer bouncer, AuthMethod role, boolean errorsAllowed) {
        assumeTrue(bouncer.server().supports(role), () -> "the test server has no " + role + " role");
        List<Connection> clients = Flux.range(0, 20)
                .flatMap(i -> new PgfastConnectionFactory(Pg.config(bouncer, role).build()).create())
                .collectList().block(TestDb.TIMEOUT);
        try {
            return Flux.range(0, clients.size())
                    .flatMap(client -> Flux.range(0, 30).concatMap(k -> {
                        int offset = (k % 5) * 1000 + client * 100_000;
                        Flux<String> wrong = Flux.from(clients.get(client).createStatement("SELECT $1::int + " + offset)
                                        .bind(0, k).execute())
                                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                                .filter(v -> v != k + offset)
                                .map(v -> "client " + client + " statement " + k + " got " + v);
                        return errorsAllowed ? wrong.onErrorResume(R2dbcException.class, e -> Flux.empty()) : wrong;
                    }))
                    .collectList().block(TestDb.TIMEOUT);
        } finally {
            Flux.fromIterable(clients).flatMap(Connection::close).blockLast(TestDb.TIMEOUT);
        }
    }
}
