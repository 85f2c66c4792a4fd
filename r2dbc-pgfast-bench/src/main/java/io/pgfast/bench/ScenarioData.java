package io.pgfast.bench;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The values the scenarios bind, the same for every driver, and the reset that puts the tables a scenario
 * writes back into a known state before it runs (done over a plain pgjdbc connection, outside any measurement).
 */
public final class ScenarioData {
    /** The ranges the row-heavy scenarios read: ids 1..n. */
    public static final int FIRST_ID = 1;

    public static final int INSERT_INT4 = 42;
    public static final long INSERT_INT8 = 4_200_000_000L;
    public static final BigDecimal INSERT_NUMERIC = new BigDecimal("1234.56");
    public static final String INSERT_TEXT = "inserted text value";
    public static final String INSERT_VARCHAR = "vc-insert";
    public static final boolean INSERT_BOOL = true;
    public static final double INSERT_FLOAT8 = 3.14159;
    public static final LocalDate INSERT_DATE = LocalDate.of(2024, 2, 29);
    public static final OffsetDateTime INSERT_TSTZ = OffsetDateTime.of(2024, 2, 29, 12, 30, 0, 0, ZoneOffset.UTC);
    public static final UUID INSERT_UUID = UUID.fromString("6f1c2a9e-3b7d-4e55-9a21-0c8f4d2b7e10");
    private static final byte[] INSERT_BYTEA = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    public static final String INSERT_JSON = "{\"id\": 1, \"ok\": true, \"tag\": \"insert\"}";

    public static final int BATCH_SIZE = 1000;
    public static final int TAKE_ROWS = 10;
    public static final int FETCH_SIZE = 100;
    public static final int PIPELINE_DEPTH = 10;
    public static final int POOL_SIZE = 4;

    private final int deleteRows;
    /** The id before this process's first row of {@code bench_delete}. */
    private final int deleteBase;
    private final AtomicInteger nextDelete = new AtomicInteger(1);

    /** @param deleteRows how many rows {@link #reset} puts into the table the delete scenario empties */
    public ScenarioData(int deleteRows) {
        this(deleteRows, 0);
    }

    /**
     * @param deleteRows how many rows {@link #reset} puts into the table the delete scenario empties
     * @param slice      which slice of {@code bench_delete}'s ids is this process's (from 0): processes that take
     *                   turns at the delete scenario, each resetting the table when it needs to, must not delete
     *                   or restore each other's rows
     * @throws IllegalArgumentException if {@code slice} is negative or the slice's ids do not fit an int4
     */
    public ScenarioData(int deleteRows, int slice) {
        if (slice < 0 || (long) (slice + 1) * deleteRows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("slice " + slice + " of " + deleteRows + " rows");
        }
        this.deleteRows = deleteRows;
        this.deleteBase = slice * deleteRows;
    }

    /** A copy of the 16 bytes every insert binds as {@code bytea}. */
    public static byte[] insertBytea() {
        return INSERT_BYTEA.clone();
    }

    /** A random id of {@code bench_short} / {@code bench_rw}. */
    public static int randomShortId() {
        return ThreadLocalRandom.current().nextInt(1, DataSetup.SHORT_ROWS + 1);
    }

    /**
     * The next id for the delete scenario.
     *
     * @throws DataExhaustedException once every prepared row has been handed out
     */
    public int nextDeleteId() {
        int id = nextDelete.getAndIncrement();
        if (id > deleteRows) {
            throw new DataExhaustedException("all " + deleteRows + " rows of bench_delete were deleted");
        }
        return deleteBase + id;
    }

    /** The statements that put the tables {@code scenario} writes into their starting state. */
    public List<String> resetStatements(Scenario scenario) {
        switch (scenario) {
            case INSERT_RETURNING:
                return List.of("TRUNCATE bench_insert");
            case DELETE:
                // this process's slice only: another process may be between two of its windows
                return List.of("DELETE FROM bench_delete WHERE id BETWEEN " + (deleteBase + 1) + " AND "
                                + (deleteBase + deleteRows),
                        "INSERT INTO bench_delete (id, payload) SELECT g, 'row ' || g FROM generate_series("
                                + (deleteBase + 1) + ", " + (deleteBase + deleteRows) + ") g");
            case UPDATE:
                return List.of("VACUUM bench_rw");
            case TRANSACTION:
                return List.of("TRUNCATE bench_log", "VACUUM bench_rw");
            case BATCH_INSERT:
                return List.of("TRUNCATE bench_batch");
            default:
                return List.of();
        }
    }

    /** Runs {@link #resetStatements} over a new pgjdbc connection. */
    public void reset(Scenario scenario, BenchTarget target) throws SQLException {
        List<String> statements = resetStatements(scenario);
        if (statements.isEmpty()) {
            return;
        }
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
             Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
        nextDelete.set(1);
    }
}
