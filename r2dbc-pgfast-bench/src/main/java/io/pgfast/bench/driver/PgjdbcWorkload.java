package io.pgfast.bench.driver;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.NotApplicableException;
import io.pgfast.bench.Operation;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.ScenarioData;
import io.pgfast.bench.Sink;
import io.pgfast.bench.Sql;
import io.pgfast.bench.Workload;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The scenarios with pgjdbc as its users write them for speed: {@code prepareThreshold=1} (server-side prepared
 * from the first use, with the default statement cache of 256), {@code reWriteBatchedInserts=true}, HikariCP
 * for pools and a thread per concurrent request. pgjdbc cannot pipeline: the ×10 scenario runs its queries one
 * after the other. Fetch-size reads run in a transaction, which pgjdbc needs to keep the portal open.
 */
public final class PgjdbcWorkload implements Workload {
    private final BenchTarget target;
    private final Properties properties = new Properties();
    /** HikariCP with {@link ScenarioData#POOL_SIZE} connections, shared by the pool scenarios. */
    private final SharedPool<HikariDataSource> pool = new SharedPool<>(this::openPool, HikariDataSource::close);

    public PgjdbcWorkload(BenchTarget target) {
        this.target = target;
        properties.setProperty("user", target.user());
        properties.setProperty("password", target.password());
        properties.setProperty("prepareThreshold", "1");
        properties.setProperty("reWriteBatchedInserts", "true");
    }

    /** The body of one operation on a JDBC connection. */
    @FunctionalInterface
    private interface Body {
        void run(Connection c) throws Exception;
    }

    @Override
    public Operation prepare(Scenario scenario, ScenarioData data) throws Exception {
        switch (scenario) {
            case ONE_ROW_ALL_TYPES:
                return onConnection(c -> rows(c, Sql.ONE_ROW_ALL_TYPES, new int[]{ScenarioData.FIRST_ID}, 0,
                        JdbcRows::allTypes, 1), true);
            case ROWS_100_ALL_TYPES:
                return onConnection(c -> rows(c, Sql.ALL_TYPES_RANGE, range(100), 0, JdbcRows::allTypes, 100), true);
            case ROWS_500_ALL_TYPES:
                return onConnection(c -> rows(c, Sql.ALL_TYPES_RANGE, range(500), 0, JdbcRows::allTypes, 500), true);
            case ROWS_500_SIMPLE_TYPES:
                return onConnection(c -> rows(c, Sql.SIMPLE_TYPES_RANGE, range(500), 0, JdbcRows::simpleTypes, 500), true);
            case ROWS_5000_SHORT:
                return onConnection(c -> rows(c, Sql.SHORT_RANGE, range(5000), 0, JdbcRows::shortColumns, 5000), true);
            case SELECT_BY_ID:
            case SELECT_BY_ID_FIRST:
                // one row: reading the first and closing is reading it all
                return onConnection(PgjdbcWorkload::selectById, true);
            case INSERT_RETURNING:
                return onConnection(PgjdbcWorkload::insertReturning, true);
            case UPDATE:
                return onConnection(c -> updated(c, Sql.UPDATE_BY_ID, ScenarioData.randomShortId()), true);
            case DELETE:
                return onConnection(c -> updated(c, Sql.DELETE_BY_ID, data.nextDeleteId()), true);
            case TRANSACTION:
                return onConnection(PgjdbcWorkload::transaction, false);
            case POOL_QUERY_OWN_POOL:
            case POOL_QUERY:
            case POOL_QUERY_FIRST:
            case POOL_QUERY_OWN_POOL_FIRST:
                return onPool(pool -> {
                    try (Connection c = pool.getConnection()) {
                        selectById(c);
                    }
                }, null);
            case CURSOR:
            case STREAM:
                return onConnection(c -> {
                    rows(c, Sql.ALL_TYPES_RANGE, range(500), ScenarioData.FETCH_SIZE, JdbcRows::allTypes, 500);
                    c.commit();
                }, false);
            case PIPELINED:
                return onConnection(c -> {
                    for (int i = 0; i < ScenarioData.PIPELINE_DEPTH; i++) {
                        rows(c, Sql.ALL_TYPES_RANGE, range(100), 0, JdbcRows::allTypes, 100);
                    }
                }, true);
            case BATCH_INSERT:
                return onConnection(PgjdbcWorkload::batch, true);
            case TAKE_10_OF_30M:
                return onConnection(PgjdbcWorkload::takeThenNext, false);
            case TAKE_10_NO_FETCH_SIZE:
                throw new NotApplicableException(Scenario.NEEDS_A_CURSOR);
            case CONCURRENT_256:
            case CONCURRENT_64:
            case CONCURRENT_64_OWN_POOL:
            case CONCURRENT_64_SHARED_LEASES:
                // a thread per request, as a servlet container gives each its own
                ExecutorService threads = Executors.newFixedThreadPool(scenario.queriesPerOperation());
                ((ThreadPoolExecutor) threads).prestartAllCoreThreads();
                return onPool(pool -> {
                    List<Future<?>> all = new ArrayList<>(scenario.queriesPerOperation());
                    for (int i = 0; i < scenario.queriesPerOperation(); i++) {
                        all.add(threads.submit(() -> {
                            try (Connection c = pool.getConnection()) {
                                selectById(c);
                            }
                            return null;
                        }));
                    }
                    for (Future<?> f : all) {
                        f.get();
                    }
                }, threads);
            default:
                throw new IllegalArgumentException("no pgjdbc implementation of " + scenario);
        }
    }

    private static int[] range(int rows) {
        return new int[]{ScenarioData.FIRST_ID, ScenarioData.FIRST_ID + rows - 1};
    }

    /** The row reader of one shape. */
    @FunctionalInterface
    private interface Reader {
        Object[] read(ResultSet r) throws SQLException;
    }

    /** Reads every row into its value array and collects them; {@code fetchSize} 0 means all rows at once. */
    private static List<Object[]> rows(Connection c, String sql, int[] args, int fetchSize, Reader reader,
                                       int expected) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(sql))) {
            for (int i = 0; i < args.length; i++) {
                ps.setInt(i + 1, args[i]);
            }
            ps.setFetchSize(fetchSize);
            List<Object[]> out = new ArrayList<>(expected);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(reader.read(rs));
                }
            }
            return Checks.rows(out, expected);
        }
    }

    private static void updated(Connection c, String sql, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(sql))) {
            ps.setInt(1, id);
            Checks.updated(ps.executeUpdate(), 1);
        }
    }

    private static void selectById(Connection c) throws SQLException {
        rows(c, Sql.SHORT_BY_ID, new int[]{ScenarioData.randomShortId()}, 0, JdbcRows::shortColumns, 1);
    }

    private static void insertReturning(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(Sql.INSERT_ALL_TYPES_RETURNING))) {
            ps.setInt(1, ScenarioData.INSERT_INT4);
            ps.setLong(2, ScenarioData.INSERT_INT8);
            ps.setBigDecimal(3, ScenarioData.INSERT_NUMERIC);
            ps.setString(4, ScenarioData.INSERT_TEXT);
            ps.setString(5, ScenarioData.INSERT_VARCHAR);
            ps.setBoolean(6, ScenarioData.INSERT_BOOL);
            ps.setDouble(7, ScenarioData.INSERT_FLOAT8);
            ps.setObject(8, ScenarioData.INSERT_DATE);
            ps.setObject(9, ScenarioData.INSERT_TSTZ);
            ps.setObject(10, ScenarioData.INSERT_UUID);
            ps.setBytes(11, ScenarioData.insertBytea());
            ps.setString(12, ScenarioData.INSERT_JSON);
            List<Object[]> ids = new ArrayList<>(1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(new Object[]{rs.getInt(1)});
                }
            }
            Checks.rows(ids, 1);
        }
    }

    private static void transaction(Connection c) throws SQLException {
        int id = ScenarioData.randomShortId();
        int n;
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(Sql.TX_SELECT))) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no row " + id + " in bench_rw");
                }
                n = rs.getInt(1) + 1;
            }
        }
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(Sql.TX_UPDATE))) {
            ps.setInt(1, n);
            ps.setInt(2, id);
            Checks.updated(ps.executeUpdate(), 1);
        }
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(Sql.TX_INSERT))) {
            ps.setInt(1, id);
            ps.setInt(2, n);
            Checks.updated(ps.executeUpdate(), 1);
        }
        c.commit();
    }

    private static void batch(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(Sql.jdbc(Sql.BATCH_INSERT))) {
            for (int i = 0; i < ScenarioData.BATCH_SIZE; i++) {
                ps.setInt(1, i);
                ps.setString(2, "batch row");
                ps.setBoolean(3, (i & 1) == 0);
                ps.addBatch();
            }
            long n = 0;
            for (int u : ps.executeBatch()) {
                // with reWriteBatchedInserts the driver reports SUCCESS_NO_INFO (-2) per statement
                n += u == java.sql.Statement.SUCCESS_NO_INFO ? 1 : u;
            }
            Checks.updated(n, ScenarioData.BATCH_SIZE);
        }
    }

    /** The first 10 rows of a fetch-size result set, closed early (pgjdbc closes the portal), then the next query. */
    private static void takeThenNext(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(Sql.HUGE_RESULT)) {
            ps.setFetchSize(ScenarioData.TAKE_ROWS);
            int n = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (n < ScenarioData.TAKE_ROWS && rs.next()) {
                    Sink.take(rs.getInt(1));
                    n++;
                }
            }
            Checks.count(n, ScenarioData.TAKE_ROWS);
        }
        c.commit();
        try (PreparedStatement ps = c.prepareStatement(Sql.NEXT_QUERY); ResultSet rs = ps.executeQuery()) {
            rs.next();
            Sink.take(rs.getInt(1));
        }
        c.commit();
    }

    private Operation onConnection(Body body, boolean autoCommit) throws SQLException {
        Connection connection = DriverManager.getConnection(target.jdbcUrl(), properties);
        connection.setAutoCommit(autoCommit);
        return new JdbcOperation(() -> body.run(connection), () -> connection.abort(Runnable::run));
    }

    /** The body of one operation on a pool. */
    @FunctionalInterface
    private interface PoolBody {
        void run(HikariDataSource pool) throws Exception;
    }

    private Operation onPool(PoolBody body, ExecutorService threads) throws Exception {
        HikariDataSource shared;
        try {
            shared = pool.acquire();
        } catch (Exception e) {
            if (threads != null) {
                threads.shutdownNow();
            }
            throw e;
        }
        return new JdbcOperation(() -> body.run(shared), () -> {
            if (threads != null) {
                threads.shutdownNow();
            }
            pool.release();
        });
    }

    private HikariDataSource openPool() throws SQLException {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(target.jdbcUrl());
        config.setDataSourceProperties(properties);
        config.setMaximumPoolSize(ScenarioData.POOL_SIZE);
        config.setMinimumIdle(ScenarioData.POOL_SIZE);
        config.setPoolName("bench");
        HikariDataSource pool = new HikariDataSource(config);
        try {
            // open every connection before measuring, as the R2DBC and vertx pools are warmed up
            List<Connection> opened = new ArrayList<>(ScenarioData.POOL_SIZE);
            for (int i = 0; i < ScenarioData.POOL_SIZE; i++) {
                opened.add(pool.getConnection());
            }
            for (Connection c : opened) {
                c.close();
            }
        } catch (SQLException | RuntimeException e) {
            pool.close();
            throw e;
        }
        return pool;
    }

    /** A blocking operation: it has completed when {@link #start()} returns. */
    private static final class JdbcOperation implements Operation {
        /** One call of the scenario's body. */
        @FunctionalInterface
        interface Step {
            void run() throws Exception;
        }

        private final Step step;
        private final Step closer;

        JdbcOperation(Step step, Step closer) {
            this.step = step;
            this.closer = closer;
        }

        @Override
        public CompletionStage<?> start() {
            try {
                step.run();
                return CompletableFuture.completedFuture(null);
            } catch (Exception e) {
                return CompletableFuture.failedFuture(e);
            }
        }

        /** The caller's thread runs the statement, with nothing of the benchmark's around it. */
        @Override
        public void runBlocking() throws Exception {
            step.run();
        }

        @Override
        public void close() {
            try {
                closer.run();
            } catch (Exception e) {
                System.err.println("[worker] closing pgjdbc: " + e);
            }
        }
    }
}
