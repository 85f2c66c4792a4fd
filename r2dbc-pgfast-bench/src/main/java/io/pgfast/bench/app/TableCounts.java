package io.pgfast.bench.app;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The server's own counts of what was done to TFB's tables, from which the {@link AppVerifier} checks, as TFB's
 * verifier does, that the application ran the queries it should: every world read by a query of its own, every update
 * written, the fortunes read from the table on every request. Two sources:
 * <ul>
 * <li>{@code pg_stat_statements}, as TFB reads them, where the server loads it (the {@code --app} mode's server):
 * calls and rows of the statements that name each table, up to date at once;</li>
 * <li>otherwise the table counters of {@code pg_stat_user_tables}, which need no extension: index lookups of
 * {@code world} (one per world read by id), the rows they fetched, rows updated, sequential scans of {@code fortune}
 * and the rows they read. Limit: a backend reports these when it goes idle, at most once a second, so that those of a
 * busy pooled connection may arrive up to 10 s late (PostgreSQL 15 and later: {@code PGSTAT_IDLE_INTERVAL}); read
 * them with {@link #awaitAtLeast}, not once.</li>
 * </ul>
 *
 * @param worldLookups   reads of {@code world} by id: statements, or index scans
 * @param worldRowsRead  rows of {@code world} those reads returned
 * @param worldUpdates   rows of {@code world} updated
 * @param fortuneScans   reads of {@code fortune}
 * @param fortuneRows    rows of {@code fortune} those reads returned
 */
public record TableCounts(long worldLookups, long worldRowsRead, long worldUpdates, long fortuneScans,
                          long fortuneRows) {

    /** Statements that name the table (and not the statistics views, which the counting itself reads). */
    private static final String STATEMENTS = "SELECT coalesce(sum(calls), 0), coalesce(sum(rows), 0)"
            + " FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
            + " AND query !~* 'pg_stat' AND query ~* ? AND query ~* ?";

    /** The counts now, from {@code pg_stat_statements} when the server has it loaded, else from the table counters. */
    public static TableCounts read(Connection c) throws SQLException {
        return statementsLoaded(c) ? fromStatements(c) : fromTables(c);
    }

    /**
     * Whether {@code pg_stat_statements} is created in this database and its library loaded (reading the view fails
     * otherwise; {@code shared_preload_libraries} itself is for privileged roles only).
     */
    static boolean statementsLoaded(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'")) {
                if (!rs.next()) {
                    return false;
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_statements WHERE false")) {
                return true;
            } catch (SQLException notLoaded) {
                return false;
            }
        }
    }

    private static TableCounts fromStatements(Connection c) throws SQLException {
        long[] worldReads = statements(c, "^\\s*select", "\\mworld\\M");
        long[] worldUpdates = statements(c, "^\\s*update", "\\mworld\\M");
        long[] fortuneReads = statements(c, "^\\s*select", "\\mfortune\\M");
        return new TableCounts(worldReads[0], worldReads[1], worldUpdates[1], fortuneReads[0], fortuneReads[1]);
    }

    private static long[] statements(Connection c, String kind, String table) throws SQLException {
        try (var s = c.prepareStatement(STATEMENTS)) {
            s.setString(1, kind);
            s.setString(2, table);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return new long[]{rs.getLong(1), rs.getLong(2)};
            }
        }
    }

    private static TableCounts fromTables(Connection c) throws SQLException {
        long[] world = new long[3];
        long[] fortune = new long[2];
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT relname, coalesce(idx_scan, 0), coalesce(idx_tup_fetch, 0), n_tup_upd,"
                     + " coalesce(seq_scan, 0), coalesce(seq_tup_read, 0) FROM pg_stat_user_tables"
                     + " WHERE schemaname = current_schema() AND relname IN ('world', 'fortune')")) {
            while (rs.next()) {
                if (rs.getString(1).equals("world")) {
                    world = new long[]{rs.getLong(2), rs.getLong(3), rs.getLong(4)};
                } else {
                    fortune = new long[]{rs.getLong(5), rs.getLong(6)};
                }
            }
        }
        return new TableCounts(world[0], world[1], world[2], fortune[0], fortune[1]);
    }

    /** What was counted since {@code before}. */
    public TableCounts minus(TableCounts before) {
        return new TableCounts(worldLookups - before.worldLookups, worldRowsRead - before.worldRowsRead,
                worldUpdates - before.worldUpdates, fortuneScans - before.fortuneScans, fortuneRows - before.fortuneRows);
    }

    /** Whether every counter is at least {@code other}'s. */
    public boolean covers(TableCounts other) {
        return worldLookups >= other.worldLookups && worldRowsRead >= other.worldRowsRead
                && worldUpdates >= other.worldUpdates && fortuneScans >= other.fortuneScans
                && fortuneRows >= other.fortuneRows;
    }

    /**
     * Reads the counters until what was counted since {@code before} covers {@code expected}, or {@code timeoutMillis}
     * have passed; returns the last difference read.
     */
    public static TableCounts awaitAtLeast(Connection c, TableCounts before, TableCounts expected, long timeoutMillis)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (true) {
            TableCounts counted = read(c).minus(before);
            if (counted.covers(expected) || System.nanoTime() > deadline) {
                return counted;
            }
            Thread.sleep(200);
        }
    }
}
