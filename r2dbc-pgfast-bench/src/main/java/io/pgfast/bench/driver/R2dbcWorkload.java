package io.pgfast.bench.driver;

import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.Operation;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.ScenarioData;
import io.pgfast.bench.Sink;
import io.pgfast.bench.Sql;
import io.pgfast.bench.Workload;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.client.SSLMode;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The scenarios over the R2DBC SPI, one code path for every R2DBC driver (pgfast and r2dbc-postgresql differ
 * only in their {@link ConnectionFactory}). Written as an application would: a statement per query,
 * {@code flatMap(result -> result.map(...))}, r2dbc-pool for pools, except that pgfast runs the
 * {@code *_own_pool} scenarios on its own pool, and {@code concurrent_64_shared_leases} on it with shared leases. A
 * blocking caller calls {@code block()}.
 */
public final class R2dbcWorkload implements Workload {
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(2);

    private final ConnectionFactory factory;
    /** r2dbc-pool at its defaults, as Spring Boot configures it, sized {@link ScenarioData#POOL_SIZE}. */
    private final SharedPool<ConnectionPool> r2dbcPool;
    /** The driver's own pool; null for a driver without one (r2dbc-pool serves its {@code *_own_pool} scenarios). */
    private final SharedPool<PgfastPool> ownPool;
    /** The driver's own pool with {@code sharedLeases}; null for a driver without one. */
    private final SharedPool<PgfastPool> sharedLeasesPool;

    /**
     * @param ownPool makes the driver's own pool of {@code n} connections, with shared leases when asked; null for a
     *                driver without one
     */
    R2dbcWorkload(ConnectionFactory factory, BiFunction<Integer, Boolean, PgfastPool> ownPool) {
        this.factory = factory;
        this.r2dbcPool = new SharedPool<>(this::openR2dbcPool, pool -> pool.disposeLater().block(CLOSE_TIMEOUT));
        this.ownPool = ownPool == null ? null : ownPool(ownPool, false);
        this.sharedLeasesPool = ownPool == null ? null : ownPool(ownPool, true);
    }

    private static SharedPool<PgfastPool> ownPool(BiFunction<Integer, Boolean, PgfastPool> make, boolean sharedLeases) {
        return new SharedPool<>(() -> {
            PgfastPool pool = make.apply(ScenarioData.POOL_SIZE, sharedLeases);
            pool.warmup().block(OPEN_TIMEOUT);
            return pool;
        }, pool -> pool.close().block(CLOSE_TIMEOUT));
    }

    /**
     * pgfast with its defaults (256 cached prepared statements per connection, pipelining up to 256) and
     * {@code rewriteBatchedInserts}, as pgjdbc runs with its {@code reWriteBatchedInserts}.
     */
    public static Workload pgfast(BenchTarget t) {
        PgfastConnectionFactory factory = new PgfastConnectionFactory(PgfastConnectionConfiguration.builder()
                .host(t.host()).port(t.port()).database(t.database()).username(t.user()).password(t.password())
                .sslMode(SslMode.DISABLE)
                .rewriteBatchedInserts(true)
                .build());
        // its own pool at its defaults, sized as onPool sizes r2dbc-pool
        return new R2dbcWorkload(factory, (size, sharedLeases) -> new PgfastPool(PgfastPoolConfiguration.builder(factory)
                .initialSize(size).maxSize(size).sharedLeases(sharedLeases).build()));
    }

    /** r2dbc-postgresql with its defaults (preparedStatementCacheQueries -1: every statement is cached). */
    public static Workload r2dbcPostgresql(BenchTarget t) {
        return new R2dbcWorkload(new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration.builder()
                .host(t.host()).port(t.port()).database(t.database()).username(t.user()).password(t.password())
                .sslMode(SSLMode.DISABLE)
                .build()), null);
    }

    @Override
    public Operation prepare(Scenario scenario, ScenarioData data) throws Exception {
        switch (scenario) {
            case ONE_ROW_ALL_TYPES:
                return onConnection(c -> rows(c.createStatement(Sql.ONE_ROW_ALL_TYPES).bind(0, ScenarioData.FIRST_ID),
                        R2dbcRows::allTypes, 1));
            case ROWS_100_ALL_TYPES:
                return onConnection(c -> rows(range(c, Sql.ALL_TYPES_RANGE, 100), R2dbcRows::allTypes, 100));
            case ROWS_500_ALL_TYPES:
                return onConnection(c -> rows(range(c, Sql.ALL_TYPES_RANGE, 500), R2dbcRows::allTypes, 500));
            case ROWS_500_SIMPLE_TYPES:
                return onConnection(c -> rows(range(c, Sql.SIMPLE_TYPES_RANGE, 500), R2dbcRows::simpleTypes, 500));
            case ROWS_5000_SHORT:
                return onConnection(c -> rows(range(c, Sql.SHORT_RANGE, 5000), R2dbcRows::shortColumns, 5000));
            case SELECT_BY_ID:
                return onConnection(R2dbcWorkload::selectById);
            case SELECT_BY_ID_FIRST:
                return onConnection(R2dbcWorkload::selectByIdFirst);
            case INSERT_RETURNING:
                return onConnection(R2dbcWorkload::insertReturning);
            case UPDATE:
                return onConnection(c -> updated(c.createStatement(Sql.UPDATE_BY_ID)
                        .bind(0, ScenarioData.randomShortId()), 1));
            case DELETE:
                return onConnection(c -> updated(c.createStatement(Sql.DELETE_BY_ID).bind(0, data.nextDeleteId()), 1));
            case TRANSACTION:
                return onConnection(R2dbcWorkload::transaction);
            case POOL_QUERY:
                return onPool(R2dbcWorkload::poolQuery);
            case POOL_QUERY_OWN_POOL:
                return onOwnPool(R2dbcWorkload::poolQuery);
            case POOL_QUERY_FIRST:
                return onPool(R2dbcWorkload::poolQueryFirst);
            case POOL_QUERY_OWN_POOL_FIRST:
                return onOwnPool(R2dbcWorkload::poolQueryFirst);
            case CURSOR:
                return onConnection(c -> rows(range(c, Sql.ALL_TYPES_RANGE, 500).fetchSize(ScenarioData.FETCH_SIZE),
                        R2dbcRows::allTypes, 500));
            case STREAM:
                return onConnection(R2dbcWorkload::stream);
            case PIPELINED:
                return onConnection(c -> Flux.range(0, ScenarioData.PIPELINE_DEPTH)
                        .flatMap(i -> rows(range(c, Sql.ALL_TYPES_RANGE, 100), R2dbcRows::allTypes, 100),
                                ScenarioData.PIPELINE_DEPTH)
                        .then());
            case BATCH_INSERT:
                return onConnection(R2dbcWorkload::batch);
            case TAKE_10_OF_30M:
                return onConnection(c -> takeThenNext(c, ScenarioData.TAKE_ROWS));
            case TAKE_10_NO_FETCH_SIZE:
                return onConnection(c -> takeThenNext(c, 0));
            case CONCURRENT_256:
            case CONCURRENT_64:
                return onPool(pool -> concurrent(pool, scenario.queriesPerOperation()));
            case CONCURRENT_64_OWN_POOL:
                return onOwnPool(pool -> concurrent(pool, scenario.queriesPerOperation()));
            case CONCURRENT_64_SHARED_LEASES:
                return sharedLeasesPool == null ? onPool(pool -> concurrent(pool, scenario.queriesPerOperation()))
                        : pooled(sharedLeasesPool, pool -> concurrent(pool, scenario.queriesPerOperation()));
            default:
                throw new IllegalArgumentException("no R2DBC implementation of " + scenario);
        }
    }

    private static Statement range(Connection c, String sql, int rows) {
        return c.createStatement(sql).bind(0, ScenarioData.FIRST_ID).bind(1, ScenarioData.FIRST_ID + rows - 1);
    }

    /** Every row read into its value array and collected, as an application that lists a result. */
    private static Mono<List<Object[]>> rows(Statement statement, Function<Readable, Object[]> reader, int expected) {
        return Flux.from(statement.execute()).flatMap(r -> r.map(reader)).collectList()
                .map(list -> Checks.rows(list, expected));
    }

    private static Mono<Long> updated(Statement statement, long expected) {
        return Flux.from(statement.execute()).flatMap(Result::getRowsUpdated).reduce(0L, Long::sum)
                .map(n -> Checks.updated(n, expected));
    }

    private static Mono<List<Object[]>> selectById(Connection c) {
        return rows(c.createStatement(Sql.SHORT_BY_ID).bind(0, ScenarioData.randomShortId()), R2dbcRows::shortColumns, 1);
    }

    /**
     * The row by {@code Mono.from}, as applications read one row: the Result is cancelled after its first row
     * (Spring's {@code DatabaseClient...first()} does the same with {@code next()}).
     */
    private static Mono<Object[]> selectByIdFirst(Connection c) {
        return Mono.from(Flux.from(c.createStatement(Sql.SHORT_BY_ID).bind(0, ScenarioData.randomShortId()).execute())
                        .flatMap(r -> r.map(R2dbcRows::shortColumns)))
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("select by id returned no row")));
    }

    /** Acquire, select by id, release: a repository call. */
    private static Mono<List<Object[]>> poolQuery(ConnectionFactory pool) {
        return Mono.usingWhen(pool.create(), R2dbcWorkload::selectById, Connection::close);
    }

    /** {@link #poolQuery} reading its row by {@code Mono.from}. */
    private static Mono<Object[]> poolQueryFirst(ConnectionFactory pool) {
        return Mono.usingWhen(pool.create(), R2dbcWorkload::selectByIdFirst, Connection::close);
    }

    /** {@code requests} pool queries at once. */
    private static Mono<Void> concurrent(ConnectionFactory pool, int requests) {
        return Flux.range(0, requests).flatMap(i -> poolQuery(pool), requests).then();
    }

    private static Mono<List<Object[]>> insertReturning(Connection c) {
        Statement s = c.createStatement(Sql.INSERT_ALL_TYPES_RETURNING)
                .bind(0, ScenarioData.INSERT_INT4).bind(1, ScenarioData.INSERT_INT8)
                .bind(2, ScenarioData.INSERT_NUMERIC).bind(3, ScenarioData.INSERT_TEXT)
                .bind(4, ScenarioData.INSERT_VARCHAR).bind(5, ScenarioData.INSERT_BOOL)
                .bind(6, ScenarioData.INSERT_FLOAT8).bind(7, ScenarioData.INSERT_DATE)
                .bind(8, ScenarioData.INSERT_TSTZ).bind(9, ScenarioData.INSERT_UUID)
                .bind(10, ByteBuffer.wrap(ScenarioData.insertBytea())).bind(11, ScenarioData.INSERT_JSON);
        return rows(s, r -> new Object[]{r.get(0, Integer.class)}, 1);
    }

    private static Mono<Void> transaction(Connection c) {
        int id = ScenarioData.randomShortId();
        return Mono.from(c.beginTransaction())
                .then(Flux.from(c.createStatement(Sql.TX_SELECT).bind(0, id).execute())
                        .flatMap(r -> r.map(row -> row.get(0, Integer.class))).single())
                .flatMap(n -> updated(c.createStatement(Sql.TX_UPDATE).bind(0, n + 1).bind(1, id), 1)
                        .then(updated(c.createStatement(Sql.TX_INSERT).bind(0, id).bind(1, n + 1), 1)))
                .then(Mono.from(c.commitTransaction()));
    }

    /** Rows handled one by one as they arrive, asking for 100 at a time, none kept. */
    private static Mono<Long> stream(Connection c) {
        return Flux.from(range(c, Sql.ALL_TYPES_RANGE, 500).execute())
                .flatMap(r -> r.map(R2dbcRows::allTypes))
                .limitRate(ScenarioData.FETCH_SIZE)
                .doOnNext(Sink::take)
                .count()
                .map(n -> Checks.count(n, 500));
    }

    private static Mono<Long> batch(Connection c) {
        Statement s = c.createStatement(Sql.BATCH_INSERT);
        for (int i = 0; i < ScenarioData.BATCH_SIZE; i++) {
            if (i > 0) {
                s.add();
            }
            s.bind(0, i).bind(1, "batch row").bind(2, (i & 1) == 0);
        }
        return updated(s, ScenarioData.BATCH_SIZE);
    }

    /** {@code fetchSize} 0 leaves it to the driver's default (the whole result at once). */
    private static Mono<Integer> takeThenNext(Connection c, int fetchSize) {
        Statement huge = c.createStatement(Sql.HUGE_RESULT);
        if (fetchSize > 0) {
            huge.fetchSize(fetchSize);
        }
        return Flux.from(huge.execute())
                .flatMap(r -> r.map(row -> row.get(0, Integer.class)))
                .take(ScenarioData.TAKE_ROWS)
                .count()
                .map(n -> Checks.count(n, ScenarioData.TAKE_ROWS))
                .then(Flux.from(c.createStatement(Sql.NEXT_QUERY).execute())
                        .flatMap(r -> r.map(row -> row.get(0, Integer.class))).single());
    }

    private Operation onConnection(Function<Connection, Mono<?>> body) {
        Connection connection = Objects.requireNonNull(Mono.from(factory.create()).block(OPEN_TIMEOUT),
                "the connection factory completed without a connection");
        return new Operation() {
            @Override
            public CompletionStage<?> start() {
                return body.apply(connection).toFuture();
            }

            @Override
            public void runBlocking() {
                body.apply(connection).block();
            }

            @Override
            public void close() {
                Mono.from(connection.close()).block(CLOSE_TIMEOUT);
            }
        };
    }

    /**
     * r2dbc-pool at its defaults, as Spring Boot configures it: no acquire timeout ({@code maxAcquireTime} unset).
     * A timeout puts a timer on Reactor's parallel scheduler for every acquire (about 4.4 KB and a timer task
     * per pool query, measured); the bench's own operation timeout guards against a stuck acquire instead.
     */
    private ConnectionPool openR2dbcPool() {
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
                .initialSize(ScenarioData.POOL_SIZE).maxSize(ScenarioData.POOL_SIZE)
                .build());
        pool.warmup().block(OPEN_TIMEOUT);
        return pool;
    }

    private Operation onPool(Function<ConnectionFactory, Mono<?>> body) throws Exception {
        return pooled(r2dbcPool, body);
    }

    /**
     * The driver's own pool of {@link ScenarioData#POOL_SIZE}, opened in full before the first window, without an
     * acquire timeout as r2dbc-pool; r2dbc-pool for a driver that has none.
     */
    private Operation onOwnPool(Function<ConnectionFactory, Mono<?>> body) throws Exception {
        return ownPool == null ? onPool(body) : pooled(ownPool, body);
    }

    private static Operation pooled(SharedPool<? extends ConnectionFactory> shared, Function<ConnectionFactory, Mono<?>> body)
            throws Exception {
        ConnectionFactory pool = shared.acquire();
        return new Operation() {
            @Override
            public CompletionStage<?> start() {
                return body.apply(pool).toFuture();
            }

            @Override
            public void runBlocking() {
                body.apply(pool).block();
            }

            @Override
            public void close() {
                shared.release();
            }
        };
    }
}
