package io.pgfast.bench.driver;

import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.NotApplicableException;
import io.pgfast.bench.Operation;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.ScenarioData;
import io.pgfast.bench.Sink;
import io.pgfast.bench.Sql;
import io.pgfast.bench.Workload;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.SslMode;
import io.vertx.sqlclient.Cursor;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The scenarios with vertx-pg-client as its users write them for speed: prepared queries cached
 * ({@code setCachePreparedStatements(true)}), pipelining up to 256 commands per connection, vertx's own pool,
 * cursors and row streams inside a transaction (PostgreSQL closes portals at the end of one).
 */
public final class VertxWorkload implements Workload {
    private static final int PIPELINING_LIMIT = 256;
    private static final long OPEN_TIMEOUT_SECONDS = 30;
    private static final JsonObject INSERT_JSON = new JsonObject(ScenarioData.INSERT_JSON);

    private final PgConnectOptions options;
    /** vertx's Pool of {@link ScenarioData#POOL_SIZE}, on event loops of its own, shared by the pool scenarios. */
    private final SharedPool<PoolOnLoops> pool = new SharedPool<>(this::openPool, p -> close(p.vertx(), p.pool()));

    public VertxWorkload(BenchTarget t) {
        this.options = new PgConnectOptions()
                .setHost(t.host()).setPort(t.port()).setDatabase(t.database()).setUser(t.user())
                .setPassword(t.password())
                .setSslMode(SslMode.DISABLE)
                .setCachePreparedStatements(true)
                .setPipeliningLimit(PIPELINING_LIMIT);
    }

    @Override
    public Operation prepare(Scenario scenario, ScenarioData data) throws Exception {
        switch (scenario) {
            case ONE_ROW_ALL_TYPES:
                return onConnection(c -> rows(c, Sql.ONE_ROW_ALL_TYPES, Tuple.of(ScenarioData.FIRST_ID),
                        VertxRows::allTypes, 1));
            case ROWS_100_ALL_TYPES:
                return onConnection(c -> rows(c, Sql.ALL_TYPES_RANGE, range(100), VertxRows::allTypes, 100));
            case ROWS_500_ALL_TYPES:
                return onConnection(c -> rows(c, Sql.ALL_TYPES_RANGE, range(500), VertxRows::allTypes, 500));
            case ROWS_500_SIMPLE_TYPES:
                return onConnection(c -> rows(c, Sql.SIMPLE_TYPES_RANGE, range(500), VertxRows::simpleTypes, 500));
            case ROWS_5000_SHORT:
                return onConnection(c -> rows(c, Sql.SHORT_RANGE, range(5000), VertxRows::shortColumns, 5000));
            case SELECT_BY_ID:
            case SELECT_BY_ID_FIRST:
                // a row set arrives whole: its first row is all of it
                return onConnection(VertxWorkload::selectById);
            case INSERT_RETURNING:
                return onConnection(VertxWorkload::insertReturning);
            case UPDATE:
                return onConnection(c -> updated(c, Sql.UPDATE_BY_ID, Tuple.of(ScenarioData.randomShortId()), 1));
            case DELETE:
                return onConnection(c -> updated(c, Sql.DELETE_BY_ID, Tuple.of(data.nextDeleteId()), 1));
            case TRANSACTION:
                return onConnection(VertxWorkload::transaction);
            case POOL_QUERY_OWN_POOL:
            case POOL_QUERY:
            case POOL_QUERY_FIRST:
            case POOL_QUERY_OWN_POOL_FIRST:
                return onPool(VertxWorkload::selectById);
            case CURSOR:
                return onConnection(VertxWorkload::cursor);
            case STREAM:
                return onConnection(VertxWorkload::stream);
            case PIPELINED:
                return onConnection(c -> {
                    List<Future<?>> all = new ArrayList<>(ScenarioData.PIPELINE_DEPTH);
                    for (int i = 0; i < ScenarioData.PIPELINE_DEPTH; i++) {
                        all.add(rows(c, Sql.ALL_TYPES_RANGE, range(100), VertxRows::allTypes, 100));
                    }
                    return Future.all(all);
                });
            case BATCH_INSERT:
                return onConnection(VertxWorkload::batch);
            case TAKE_10_OF_30M:
                return onConnection(VertxWorkload::takeThenNext);
            case TAKE_10_NO_FETCH_SIZE:
                throw new NotApplicableException(Scenario.NEEDS_A_CURSOR);
            case CONCURRENT_256:
            case CONCURRENT_64:
            case CONCURRENT_64_OWN_POOL:
            case CONCURRENT_64_SHARED_LEASES:
                return onPool(pool -> {
                    List<Future<?>> all = new ArrayList<>(scenario.queriesPerOperation());
                    for (int i = 0; i < scenario.queriesPerOperation(); i++) {
                        all.add(selectById(pool));
                    }
                    return Future.all(all);
                });
            default:
                throw new IllegalArgumentException("no vertx implementation of " + scenario);
        }
    }

    private static Tuple range(int rows) {
        return Tuple.of(ScenarioData.FIRST_ID, ScenarioData.FIRST_ID + rows - 1);
    }

    private static Future<List<Object[]>> rows(SqlClient c, String sql, Tuple args, Function<Row, Object[]> reader,
                                               int expected) {
        return c.preparedQuery(sql).execute(args).map(set -> Checks.rows(read(set, reader), expected));
    }

    private static List<Object[]> read(RowSet<Row> set, Function<Row, Object[]> reader) {
        List<Object[]> out = new ArrayList<>(set.size());
        for (Row row : set) {
            out.add(reader.apply(row));
        }
        return out;
    }

    private static Future<Long> updated(SqlClient c, String sql, Tuple args, long expected) {
        return c.preparedQuery(sql).execute(args).map(set -> Checks.updated(set.rowCount(), expected));
    }

    private static Future<List<Object[]>> selectById(SqlClient c) {
        return rows(c, Sql.SHORT_BY_ID, Tuple.of(ScenarioData.randomShortId()), VertxRows::shortColumns, 1);
    }

    private static Future<List<Object[]>> insertReturning(SqlClient c) {
        Tuple args = Tuple.tuple()
                .addInteger(ScenarioData.INSERT_INT4).addLong(ScenarioData.INSERT_INT8)
                .addBigDecimal(ScenarioData.INSERT_NUMERIC).addString(ScenarioData.INSERT_TEXT)
                .addString(ScenarioData.INSERT_VARCHAR).addBoolean(ScenarioData.INSERT_BOOL)
                .addDouble(ScenarioData.INSERT_FLOAT8).addLocalDate(ScenarioData.INSERT_DATE)
                .addOffsetDateTime(ScenarioData.INSERT_TSTZ).addUUID(ScenarioData.INSERT_UUID)
                .addBuffer(Buffer.buffer(ScenarioData.insertBytea())).addValue(INSERT_JSON);
        return rows(c, Sql.INSERT_ALL_TYPES_RETURNING, args, r -> new Object[]{r.getInteger(0)}, 1);
    }

    private static Future<Void> transaction(SqlConnection c) {
        int id = ScenarioData.randomShortId();
        return c.begin().compose(tx -> c.preparedQuery(Sql.TX_SELECT).execute(Tuple.of(id))
                .compose(set -> {
                    int n = set.iterator().next().getInteger(0) + 1;
                    return updated(c, Sql.TX_UPDATE, Tuple.of(n, id), 1)
                            .compose(u -> updated(c, Sql.TX_INSERT, Tuple.of(id, n), 1));
                })
                .compose(u -> tx.commit()));
    }

    /** All 500 rows through a cursor, 100 per read, until the cursor says there are no more. */
    private static Future<Void> cursor(SqlConnection c) {
        return c.begin().compose(tx -> c.prepare(Sql.ALL_TYPES_RANGE).compose(ps -> {
            Cursor cursor = ps.cursor(range(500));
            List<Object[]> all = new ArrayList<>(500);
            return readAll(cursor, all).compose(v -> cursor.close())
                    .map(v -> Checks.rows(all, 500));
        }).compose(rows -> tx.commit()));
    }

    private static Future<Void> readAll(Cursor cursor, List<Object[]> into) {
        return cursor.read(ScenarioData.FETCH_SIZE).compose(set -> {
            into.addAll(read(set, VertxRows::allTypes));
            return cursor.hasMore() ? readAll(cursor, into) : Future.succeededFuture();
        });
    }

    /** A row stream fetching 100 rows at a time; each row handled as it arrives, none kept. */
    private static Future<Void> stream(SqlConnection c) {
        return c.begin().compose(tx -> c.prepare(Sql.ALL_TYPES_RANGE).compose(ps -> {
            Promise<Void> end = Promise.promise();
            long[] count = {0};
            ps.createStream(ScenarioData.FETCH_SIZE, range(500))
                    .exceptionHandler(end::tryFail)
                    .endHandler(v -> end.tryComplete())
                    .handler(row -> {
                        Sink.take(VertxRows.allTypes(row));
                        count[0]++;
                    });
            return end.future().map(v -> Checks.count(count[0], 500));
        }).compose(n -> tx.commit()));
    }

    private static Future<Long> batch(SqlConnection c) {
        List<Tuple> batch = new ArrayList<>(ScenarioData.BATCH_SIZE);
        for (int i = 0; i < ScenarioData.BATCH_SIZE; i++) {
            batch.add(Tuple.of(i, "batch row", (i & 1) == 0));
        }
        return c.preparedQuery(Sql.BATCH_INSERT).executeBatch(batch).map(first -> {
            long n = 0;
            for (RowSet<Row> set = first; set != null; set = set.next()) {
                n += set.rowCount();
            }
            return Checks.updated(n, ScenarioData.BATCH_SIZE);
        });
    }

    /** The first 10 rows through a cursor (vertx would buffer all 30M rows otherwise), then the next query. */
    private static Future<Integer> takeThenNext(SqlConnection c) {
        return c.begin().compose(tx -> c.prepare(Sql.HUGE_RESULT).compose(ps -> {
            Cursor cursor = ps.cursor();
            return cursor.read(ScenarioData.TAKE_ROWS)
                    .map(set -> Checks.count(read(set, r -> new Object[]{r.getInteger(0)}).size(), ScenarioData.TAKE_ROWS))
                    .compose(n -> cursor.close());
        }).compose(v -> tx.commit()))
                .compose(v -> c.preparedQuery(Sql.NEXT_QUERY).execute())
                .map(set -> set.iterator().next().getInteger(0));
    }

    private Operation onConnection(Function<SqlConnection, Future<?>> body) throws Exception {
        Vertx vertx = Vertx.vertx();
        PgConnection connection;
        try {
            connection = PgConnection.connect(vertx, options).toCompletionStage().toCompletableFuture()
                    .get(OPEN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            vertx.close();
            throw e;
        }
        return new VertxOperation(vertx, connection, () -> body.apply(connection));
    }

    /**
     * Each operation starts on one vertx context of the pool's, as a vertx application's verticle issues its
     * queries from its own context. Chained, the first one hops there from the loop's thread, the rest start where
     * the previous one completed; a blocking caller hands each one to it and waits, as it hands a statement to
     * pgfast's event loop. Without it, each window's thread, outside vertx, gets a context on whichever event loop
     * comes next, and the window ran fast or at a fifth of that speed depending on that draw (chained: 13.8 against
     * 100–146 µs CPU per pool query in windows of the same process; blocking: a spread of 32–37 % between windows
     * against 4–7 % for the other drivers).
     */
    private Operation onPool(Function<Pool, Future<?>> body) throws Exception {
        PoolOnLoops shared = pool.acquire();
        Context context = shared.context();
        return new Operation() {
            @Override
            public CompletionStage<?> start() {
                if (Vertx.currentContext() == context) {
                    return body.apply(shared.pool()).toCompletionStage();
                }
                Promise<Object> done = Promise.promise();
                context.runOnContext(v -> body.apply(shared.pool()).map(r -> (Object) r).onComplete(done));
                return done.future().toCompletionStage();
            }

            @Override
            public void close() {
                pool.release();
            }
        };
    }

    /** A pool, the event loops it runs on, and the context its chained callers run on. */
    private record PoolOnLoops(Vertx vertx, Pool pool, Context context) {
    }

    /** The pool with every connection open, as the R2DBC and JDBC pools are warmed up. */
    private PoolOnLoops openPool() throws Exception {
        Vertx vertx = Vertx.vertx();
        Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(ScenarioData.POOL_SIZE))
                .connectingTo(options).using(vertx).build();
        try {
            // open all connections before measuring, as the R2DBC and JDBC pools are warmed up
            List<Future<?>> opened = new ArrayList<>();
            for (int i = 0; i < ScenarioData.POOL_SIZE; i++) {
                opened.add(pool.getConnection());
            }
            Future.all(opened).toCompletionStage().toCompletableFuture().get(OPEN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            for (Future<?> f : opened) {
                ((SqlConnection) f.result()).close();
            }
        } catch (Exception e) {
            vertx.close();
            throw e;
        }
        return new PoolOnLoops(vertx, pool, vertx.getOrCreateContext());
    }

    /** Runs the body on the vertx event loop, as vertx code does, and closes client and Vertx instance. */
    private static final class VertxOperation implements Operation {
        private final Vertx vertx;
        private final SqlClient client;
        private final Supplier<Future<?>> body;

        VertxOperation(Vertx vertx, SqlClient client, Supplier<Future<?>> body) {
            this.vertx = vertx;
            this.client = client;
            this.body = body;
        }

        @Override
        public CompletionStage<?> start() {
            return body.get().toCompletionStage();
        }

        @Override
        public void close() {
            VertxWorkload.close(vertx, client);
        }
    }

    /** Closes the client, then its event loops. */
    private static void close(Vertx vertx, SqlClient client) {
        try {
            client.close().toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
        } catch (Exception e) {
            System.err.println("[worker] closing vertx client: " + e);
        } finally {
            try {
                vertx.close().toCompletionStage().toCompletableFuture().get(2, TimeUnit.SECONDS);
            } catch (Exception e) {
                System.err.println("[worker] closing vertx: " + e);
            }
        }
    }
}
