package io.pgfast.testing;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Option;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.TransactionDefinition;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Shortcuts for tests against the harness's server: its roles, names no other test uses, and SQL run through
 * the R2DBC SPI, blocking for at most {@link #TIMEOUT}. They take any driver's {@link Connection}, so the harness
 * knows nothing of the driver; a driver's configuration for the server's roles lives with its tests.
 */
public final class TestDb {

    /**
     * Bounds every wait, to catch hangs. Tests whose proof is "without the cancel the server could not have
     * answered within it" (a two-billion-row result, a {@code pg_sleep(60)}) rely on it being short.
     */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final AtomicInteger NAMES = new AtomicInteger();

    private TestDb() {
    }

    public static TestServer server() {
        return TestPostgres.get();
    }

    /**
     * A name no other test (or earlier run against the same server) uses: {@code prefix}, the process id and a
     * counter; lower case, digits and underscores, valid for tables, slots and publications.
     */
    public static String unique(String prefix) {
        return prefix + "_" + ProcessHandle.current().pid() + "_" + NAMES.incrementAndGet();
    }

    /** A connection from {@code factory}. */
    public static Connection connect(ConnectionFactory factory) {
        return Mono.from(factory.create()).block(TIMEOUT);
    }

    /** Closes {@code c}, if there is one. */
    public static void close(Connection c) {
        if (c != null) {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    /** Runs each of {@code statements} (simple queries: several statements in one allowed), reading only the update counts. */
    public static void run(Connection c, String... statements) {
        for (String sql : statements) {
            rowsUpdated(c.createStatement(sql));
        }
    }

    /** The update counts of every result of {@code statement}, in order. */
    public static List<Long> rowsUpdated(Statement statement) {
        return rowsUpdatedAsync(statement).collectList().block(TIMEOUT);
    }

    /** The update counts of every result of {@code statement}, without blocking. */
    public static Flux<Long> rowsUpdatedAsync(Statement statement) {
        return Flux.from(statement.execute()).concatMap(Result::getRowsUpdated);
    }

    /** All values of the first column of every result of {@code statement}, as {@code type}. */
    public static <T> List<T> column(Statement statement, Class<T> type) {
        return Flux.from(statement.execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, type)))
                .collectList().block(TIMEOUT);
    }

    public static <T> List<T> column(Connection c, String sql, Class<T> type) {
        return column(c.createStatement(sql), type);
    }

    /** The first column of the one row of {@code statement}; fails unless there is exactly one. */
    public static <T> T one(Statement statement, Class<T> type) {
        List<T> values = column(statement, type);
        if (values == null || values.size() != 1) {
            throw new AssertionError("expected one row from " + statement + ", got " + values);
        }
        return values.get(0);
    }

    public static <T> T one(Connection c, String sql, Class<T> type) {
        List<T> values = column(c, sql, type);
        if (values == null || values.size() != 1) {
            throw new AssertionError("expected one row from " + sql + ", got " + values);
        }
        return values.get(0);
    }

    /** The first column of the one row of {@code sql} with {@code $1} bound to {@code value}. */
    public static <T> T one(Connection c, String sql, Object value, Class<T> type) {
        List<T> values = column(c.createStatement(sql).bind(0, value), type);
        if (values == null || values.size() != 1) {
            throw new AssertionError("expected one row from " + sql + ", got " + values);
        }
        return values.get(0);
    }

    /** Every row of every result of {@code statement}, each as its columns read as {@code Object}, in order. */
    public static List<List<Object>> rows(Statement statement) {
        return Flux.from(statement.execute()).concatMap(r -> r.map((row, md) -> columns(row, md.getColumnMetadatas().size())))
                .collectList().block(TIMEOUT);
    }

    /** The rows of {@code sql} run without parameters (a simple query). */
    public static List<List<Object>> rows(Connection c, String sql) {
        return rows(c.createStatement(sql));
    }

    /** One list of rows per result. */
    public static List<List<List<Object>>> results(Publisher<? extends Result> results) {
        return Flux.from(results)
                .concatMap(r -> Flux.from(r.map((row, md) -> columns(row, md.getColumnMetadatas().size()))).collectList())
                .collectList().block(TIMEOUT);
    }

    private static List<Object> columns(Row row, int n) {
        List<Object> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(row.get(i));
        }
        return values;
    }

    /** A transaction definition holding exactly {@code attributes}. */
    public static TransactionDefinition definition(Map<Option<?>, Object> attributes) {
        return new TransactionDefinition() {
            @Override
            @SuppressWarnings("unchecked")
            public <T> T getAttribute(Option<T> option) {
                return (T) attributes.get(option);
            }
        };
    }

    /** Polls {@code condition} every 20 ms until it holds; fails naming {@code what} after {@link #TIMEOUT}. */
    public static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("gave up waiting for " + what + " after " + TIMEOUT);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
