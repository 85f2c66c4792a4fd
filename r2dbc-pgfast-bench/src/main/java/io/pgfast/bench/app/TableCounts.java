package io.pgfast.bench.app;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The server's own counters of what was done to TFB's tables ({@code pg_stat_user_tables}), from which the
 * {@link AppVerifier} checks, as TFB's verifier does with {@code pg_stat_statements}, that the application ran the
 * queries it should: every world read by an index lookup of its own, every update written, the fortunes read from the
 * table on every request.
 * <p>
 * Limit: a backend reports its counters when it goes idle, at most once a second, so that those of a busy pooled
 * connection may arrive up to 10 s late (PostgreSQL 15 and later: {@code PGSTAT_IDLE_INTERVAL}); read them with
 * {@link #awaitAtLeast}, not once.
 *
 * @param worldLookups   index scans of {@code world} ({@code idx_scan}): one per world read by id
 * @param worldRowsRead  rows of {@code world} fetched by those scans ({@code idx_tup_fetch})
 * @param worldUpdates   rows of {@code world} updated ({@code n_tup_upd})
 * @param fortuneScans   sequential scans of {@code fortune} ({@code seq_scan})
 * @param fortuneRows    rows of {@code fortune} those scans read ({@code seq_tup_read})
 */
public record TableCounts(long worldLookups, long worldRowsRead, long worldUpdates, long fortuneScans,
                          long fortuneRows) {

    /** The counters now. */
    public static TableCounts read(Connection c) throws SQLException {
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
