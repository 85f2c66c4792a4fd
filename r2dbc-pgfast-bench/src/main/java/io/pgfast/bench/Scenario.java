package io.pgfast.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;

/**
 * The scenarios of the benchmark (BENCHMARKS.md, "Scenarios"). Every driver implements each one with the same SQL
 * ({@link Sql}) and reads every value of every row it gets.
 *
 * <p>{@link #queriesPerOperation()} is how many SQL statements one measured operation runs, so that "q/s"
 * means statements per second everywhere (a pipelined ×10 operation counts 10). For the concurrent scenarios it is
 * also how many requests one operation starts at once.
 */
public enum Scenario {
    ONE_ROW_ALL_TYPES("one_row_all_types", "select 1 row, all types, prepared", 1, 1),
    ROWS_100_ALL_TYPES("rows_100_all_types", "select 100 rows, all types, prepared", 1, 100),
    ROWS_500_ALL_TYPES("rows_500_all_types", "select 500 rows, all types, prepared", 1, 500),
    ROWS_500_SIMPLE_TYPES("rows_500_simple_types", "select 500 rows, simple types, prepared", 1, 500),
    ROWS_5000_SHORT("rows_5000_short", "select 5000 rows, 5 short columns", 1, 5000),
    SELECT_BY_ID("select_by_id", "select by id, parameterized", 1, 1),
    /**
     * {@link #SELECT_BY_ID} read as applications read one row: the R2DBC drivers with {@code Mono.from(result.map(...))},
     * which cancels the result after its first row (Spring's {@code DatabaseClient...first()} does the same with
     * {@code next()}); pgjdbc reads the first row and closes, vertx and the floor read the row as in select by id.
     */
    SELECT_BY_ID_FIRST("select_by_id_first", "select by id, Mono.from (first row, then cancel)", 1, 1),
    INSERT_RETURNING("insert_returning", "insert, all types, returning", 1, 1),
    UPDATE("update", "update, parameterized", 1, 0),
    DELETE("delete", "delete, parameterized", 1, 0),
    TRANSACTION("transaction", "transaction, 3 queries", 3, 1),
    POOL_QUERY("pool_query", "pool query, select 1 row", 1, 1),
    /** {@link #POOL_QUERY} read as {@link #SELECT_BY_ID_FIRST} reads. */
    POOL_QUERY_FIRST("pool_query_first", "pool query, Mono.from (first row, then cancel)", 1, 1),
    CURSOR("cursor", "cursor (fetch size 100), 500 rows in 5 reads", 1, 500),
    STREAM("stream", "query stream, 500 rows", 1, 500),
    PIPELINED("pipelined", "select 100 rows, all types, pipelined x10", 10, 1000),
    BATCH_INSERT("batch_insert", "Statement.add() batch of 1000 inserts", 1000, 0),
    CONCURRENT_256("concurrent_256", "256 concurrent selects by id, pool of 4", 256, 256),
    /**
     * The pool query again, with pgfast on its own pool ({@code io.pgfast.pool.PgfastPool}) instead of r2dbc-pool;
     * every other driver runs it as {@link #POOL_QUERY}, on the pool its users take.
     */
    POOL_QUERY_OWN_POOL("pool_query_own_pool", "pool query, select 1 row, pgfast's own pool", 1, 1),
    /** {@link #POOL_QUERY_FIRST} with pgfast on its own pool, as {@link #POOL_QUERY_OWN_POOL}. */
    POOL_QUERY_OWN_POOL_FIRST("pool_query_own_pool_first", "pool query, Mono.from (first row, then cancel), pgfast's own pool",
            1, 1),
    /** 64 requests at once over a pool of 4 (pgfast on r2dbc-pool; pgjdbc: a thread per request). */
    CONCURRENT_64("concurrent_64", "64 concurrent selects by id, pool of 4", 64, 64),
    /** {@link #CONCURRENT_64} with pgfast on its own pool, as {@link #POOL_QUERY_OWN_POOL}. */
    CONCURRENT_64_OWN_POOL("concurrent_64_own_pool", "64 concurrent selects by id, pool of 4, pgfast's own pool", 64, 64),
    /**
     * {@link #CONCURRENT_64_OWN_POOL} with the pool's {@code sharedLeases}: the 64 requests' statements share its
     * connections, pipelined; every other driver runs it as {@link #CONCURRENT_64_OWN_POOL}.
     */
    CONCURRENT_64_SHARED_LEASES("concurrent_64_shared_leases",
            "64 concurrent selects by id, pool of 4, pgfast's own pool, shared leases", 64, 64),
    /**
     * Last, because a driver that reads the whole result to its end may still be busy after a timeout. Every
     * driver reads through a cursor of 10 rows, as its users would: R2DBC {@code fetchSize(10)}, pgjdbc
     * {@code setFetchSize(10)}, vertx {@code Cursor.read(10)}.
     */
    TAKE_10_OF_30M("take_10_of_30m", "take 10 rows of a 30M-row result, then the next query", 2, 11),
    /**
     * The same without a fetch size: what {@code repository.findAll().take(10)} does. Only the R2DBC drivers
     * can run it (vertx and pgjdbc would read and keep all 30M rows); stopping the statement is the driver's
     * business.
     */
    TAKE_10_NO_FETCH_SIZE("take_10_no_fetch_size", "take 10 rows of a 30M-row result, no fetch size, then the next query", 2, 11);

    /**
     * Why a driver without a way to stop a statement midway (vertx, pgjdbc) does not run
     * {@link #TAKE_10_NO_FETCH_SIZE}.
     */
    public static final String NEEDS_A_CURSOR = "without a cursor it reads and keeps all 30M rows; its users take "
            + "a cursor for this (see take_10_of_30m)";

    private final String id;
    private final String label;
    private final int queriesPerOperation;
    private final int rowsPerOperation;

    Scenario(String id, String label, int queriesPerOperation, int rowsPerOperation) {
        this.id = id;
        this.label = label;
        this.queriesPerOperation = queriesPerOperation;
        this.rowsPerOperation = rowsPerOperation;
    }

    /** The name used on command lines and in the CSV/JSON files. */
    public String id() {
        return id;
    }

    /** The row title of the tables. */
    public String label() {
        return label;
    }

    public int queriesPerOperation() {
        return queriesPerOperation;
    }

    /**
     * Rows one operation reads (0 for the writes without RETURNING): the divisor of bytes per row. The 3-query
     * transaction reads 1, take-10-then-next 11.
     */
    public int rowsPerOperation() {
        return rowsPerOperation;
    }

    /**
     * The scenario whose work every driver other than pgfast does for this one: the {@code *_own_pool} and
     * shared-leases scenarios change only pgfast's pool, and the others run them on the pool their users take, as
     * the scenario they vary ({@link Peer#runs}). Itself for every other scenario.
     */
    public Scenario base() {
        switch (this) {
            case POOL_QUERY_OWN_POOL:
                return POOL_QUERY;
            case POOL_QUERY_OWN_POOL_FIRST:
                return POOL_QUERY_FIRST;
            case CONCURRENT_64_OWN_POOL:
            case CONCURRENT_64_SHARED_LEASES:
                return CONCURRENT_64;
            default:
                return this;
        }
    }

    /**
     * @throws NoSuchElementException naming the known ids, if {@code id} is none of them
     */
    public static Scenario byId(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (Scenario s : values()) {
            if (s.id.equals(wanted)) {
                return s;
            }
        }
        throw new NoSuchElementException("unknown scenario '" + id + "'; known: " + ids(Arrays.asList(values())));
    }

    /** Parses a comma-separated list of ids; {@code all} means every scenario. */
    public static List<Scenario> parseList(String text) {
        if (text.trim().equalsIgnoreCase("all")) {
            return List.of(values());
        }
        return Arrays.stream(text.split(",")).filter(s -> !s.isBlank()).map(Scenario::byId).distinct()
                .collect(Collectors.toList());
    }

    /**
     * Whether an operation of this scenario that overran its timeout may keep a driver busy afterwards (reading
     * the rest of 30M rows): a worker warms up and measures such scenarios after every other scenario's windows,
     * so that the work they leave behind cannot land in another scenario's window.
     */
    public boolean mayLeaveWorkBehind() {
        return this == TAKE_10_OF_30M || this == TAKE_10_NO_FETCH_SIZE;
    }

    public static String ids(List<Scenario> scenarios) {
        return scenarios.stream().map(Scenario::id).collect(Collectors.joining(","));
    }
}
