package io.pgfast.pgbouncer;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.PgBouncer;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestPostgres;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver with {@code preparedStatementCacheQueries=0} (unnamed statements only) behind PgBouncer in
 * transaction pooling, where a client holds a server connection only until the end of each transaction (each
 * Sync outside a transaction block) and clients take turns on a few server connections.
 */
@RequiresPostgres
class TransactionPoolingTest {

    private static PgBouncer bouncer;
    private PgfastConnection c;

    @BeforeAll
    static void createTable() {
        TestPostgres.get().execute("DROP TABLE IF EXISTS bouncer_tx", "CREATE TABLE bouncer_tx (id int, name text)",
                "GRANT ALL ON bouncer_tx TO PUBLIC");
    }

    private static PgfastConnectionFactory factory() {
        return new PgfastConnectionFactory(Pg.config(bouncer).preparedStatementCacheQueries(0).build());
    }

    /** Per test rather than per class: without pgbouncer and with -Dpgfast.test.pgbouncer=skip each test shows as skipped. */
    @BeforeEach
    void connect() {
        bouncer = PgBouncer.get(PgBouncer.Mode.TRANSACTION);
        TestPostgres.get().execute("TRUNCATE bouncer_tx");
        c = (PgfastConnection) Mono.from(factory().create()).block(TestDb.TIMEOUT);
    }

    @AfterEach
    void close() {
        if (c != null) {
            TestDb.close(c);
            c = null;
        }
    }

    @Test
    void extendedQueriesWithParameters() {
        for (int i = 0; i < 5; i++) {
            assertThat(TestDb.one(c, "SELECT $1::int * 3", i, Integer.class)).isEqualTo(3 * i);
        }
        assertThat(TestDb.one(c, "SELECT $1::date + 1", LocalDate.of(2024, 2, 28), LocalDate.class))
                .isEqualTo(LocalDate.of(2024, 2, 29));
        // unnamed statements return text; extra_float_digits is ignored by PgBouncer, and the server default (1)
        // prints the shortest text that reads back as the same double (PostgreSQL 12+)
        assertThat(TestDb.one(c, "SELECT $1::float8 / 3", 1.0, Double.class)).isEqualTo(1.0 / 3);
        assertThat(TestDb.one(c, "SELECT $1::float4 / 3", 1.0f, Float.class)).isEqualTo(1.0f / 3);
        List<String> two = Flux.from(c.createStatement("SELECT $1::text || $2::text").bind(0, "a").bind(1, "b").execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, String.class))).collectList().block(TestDb.TIMEOUT);
        assertThat(two).containsExactly("ab");
        Object nothing = Flux.from(c.createStatement("SELECT $1::int IS NULL").bindNull(0, Integer.class).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Boolean.class))).blockLast(TestDb.TIMEOUT);
        assertThat(nothing).isEqualTo(true);
        // unnamed statements only: the first one above was never left prepared on a server connection
        assertThat(TestDb.one(c, "SELECT count(*) FROM pg_prepared_statements WHERE statement = 'SELECT $1::int * 3'",
                Long.class)).isZero();
    }

    @Test
    void aBatchOfBindingsRunsEveryBinding() {
        Statement insert = c.createStatement("INSERT INTO bouncer_tx VALUES ($1, $2)");
        for (int i = 1; i <= 100; i++) {
            insert.bind(0, i).bind(1, "n" + i);
            if (i < 100) {
                insert.add();
            }
        }
        List<Long> updated = Flux.from(insert.execute()).concatMap(r -> Mono.from(r.getRowsUpdated()))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(updated).hasSize(100).containsOnly(1L);
        Statement select = c.createStatement("SELECT name FROM bouncer_tx WHERE id = $1");
        select.bind(0, 7).add().bind(0, 70).add().bind(0, 100);
        assertThat(Flux.from(select.execute()).concatMap(r -> r.map((row, md) -> row.get(0, String.class)))
                .collectList().block(TestDb.TIMEOUT)).containsExactly("n7", "n70", "n100");
        List<Long> counted = Flux.from(c.createBatch().add("INSERT INTO bouncer_tx VALUES (0, 'zero')")
                        .add("SELECT count(*) FROM bouncer_tx").execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Long.class))).collectList().block(TestDb.TIMEOUT);
        assertThat(counted).containsExactly(101L);
    }

    @Test
    void aTransactionKeepsOneServerConnectionAndCommitsOrRollsBack() {
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        Flux.from(c.createStatement("INSERT INTO bouncer_tx VALUES ($1, 'rolled back')").bind(0, 1).execute())
                .concatMap(r -> r.getRowsUpdated()).blockLast(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT pg_backend_pid()", Integer.class)).isEqualTo(pid);
        Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT count(*) FROM bouncer_tx", Long.class)).isZero();

        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        Flux.from(c.createStatement("INSERT INTO bouncer_tx VALUES ($1, 'kept')").bind(0, 2).execute())
                .concatMap(r -> r.getRowsUpdated()).blockLast(TestDb.TIMEOUT);
        Mono.from(c.commitTransaction()).block(TestDb.TIMEOUT);
        assertThat(TestDb.column(c, "SELECT name FROM bouncer_tx", String.class)).containsExactly("kept");
    }

    /**
     * Execute(n) and Flush keep the portal until the closing Sync, and PgBouncer keeps the server connection
     * until then, while another client's statements run on the other one.
     */
    @Test
    void fetchSizeStreamsAResultOutsideATransaction() {
        Connection other = Mono.from(factory().create()).block(TestDb.TIMEOUT);
        try {
            Flux<Integer> streamed = Flux.from(c.createStatement("SELECT generate_series(1, 2000)").fetchSize(64).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
            Flux<Integer> meanwhile = Flux.range(0, 20).concatMap(i -> Flux.from(other.createStatement("SELECT $1::int").bind(0, -i).execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))));
            List<Integer> all = Flux.merge(streamed, meanwhile).collectList().block(TestDb.TIMEOUT);
            assertThat(all.stream().filter(v -> v > 0).toList()).hasSize(2000).startsWith(1, 2).endsWith(2000);
            assertThat(all.stream().filter(v -> v <= 0).toList()).hasSize(20).startsWith(0, -1).endsWith(-19);
        } finally {
            TestDb.close(other);
        }
    }

    /**
     * 20 clients on {@code default_pool_size = 2}: every answer is checked against its own client and binding,
     * every statement runs on one of the two server connections, and a transaction stays on one.
     */
    @Test
    void twentyClientsShareTwoServerConnections() {
        List<Connection> clients = Flux.range(0, 20).flatMap(i -> factory().create()).collectList().block(TestDb.TIMEOUT);
        Set<Integer> pids = ConcurrentHashMap.newKeySet();
        try {
            List<String> wrong = Flux.range(0, clients.size())
                    .flatMap(client -> Flux.range(0, 25).concatMap(k -> k % 5 == 4
                            ? transaction(clients.get(client), client, k, pids)
                            : statement(clients.get(client), client, k, pids)))
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(wrong).as("answers that differ from what was asked").isEmpty();
            assertThat(pids).as("server connections used").hasSizeBetween(1, bouncer.mode().poolSize());
        } finally {
            Flux.fromIterable(clients).flatMap(Connection::close).blockLast(TestDb.TIMEOUT);
        }
    }

    /** Emits a description of the answer only when it is wrong. */
    private static Flux<String> statement(Connection c, int client, int k, Set<Integer> pids) {
        return Flux.from(c.createStatement("SELECT $1::int * 1000 + $2::int, pg_backend_pid()").bind(0, client).bind(1, k).execute())
                .concatMap(r -> r.map((row, md) -> {
                    pids.add(row.get(1, Integer.class));
                    int v = row.get(0, Integer.class);
                    return v == client * 1000 + k ? "" : "client " + client + " statement " + k + " got " + v;
                }))
                .filter(s -> !s.isEmpty());
    }

    private static Flux<String> transaction(Connection c, int client, int k, Set<Integer> pids) {
        Mono<List<Integer>> body = Flux.concat(
                        Flux.from(c.createStatement("SELECT pg_backend_pid(), $1::int").bind(0, client).execute())
                                .concatMap(r -> r.map((row, md) -> row.get(1, Integer.class))),
                        Flux.from(c.createStatement("SELECT pg_backend_pid()").execute())
                                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))),
                        Flux.from(c.createStatement("SELECT pg_backend_pid()").execute())
                                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))))
                .collectList();
        return Mono.from(c.beginTransaction()).then(body).flatMapMany(values -> {
            pids.add(values.get(1));
            if (values.get(0) != client || !values.get(1).equals(values.get(2))) {
                return Flux.just("client " + client + " transaction " + k + " got " + values);
            }
            return Flux.empty();
        }).concatWith(Mono.from(c.commitTransaction()).then(Mono.empty()));
    }
}
