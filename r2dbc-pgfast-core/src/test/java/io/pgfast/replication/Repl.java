package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;

/** What the replication tests add to {@link Pg} and {@link TestDb}: replication connections and slot state, as the replication role. */
public final class Repl {

    private Repl() {
    }

    public static int major() {
        return TestDb.server().majorVersion();
    }

    public static ReplicationConnection open() {
        return open(Pg.replication().build());
    }

    public static ReplicationConnection open(PgfastConnectionConfiguration configuration) {
        return ReplicationConnection.open(configuration).block(TestDb.TIMEOUT);
    }

    public static void close(ReplicationConnection c) {
        if (c != null) {
            c.close().block(TestDb.TIMEOUT);
        }
    }

    /** An ordinary connection as the replication role (it owns the tables and publications of the tests). */
    public static PgfastConnection sql() {
        return Pg.connect(Pg.replication().build());
    }

    /** The slot's confirmed_flush_lsn, as the server reports it: a pg_lsn column reads as the replication API's Lsn. */
    public static Lsn confirmedFlush(Connection c, String slot) {
        return TestDb.one(c, "SELECT confirmed_flush_lsn FROM pg_replication_slots WHERE slot_name = '" + slot + "'", Lsn.class);
    }

    /** The PID of the walsender using the slot, 0 when none does. */
    public static int activePid(Connection c, String slot) {
        return TestDb.one(c, "SELECT coalesce(active_pid, 0) FROM pg_replication_slots WHERE slot_name = '" + slot + "'", Integer.class);
    }
}
