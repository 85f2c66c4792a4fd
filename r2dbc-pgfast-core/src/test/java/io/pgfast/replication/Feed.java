package io.pgfast.replication;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.replication.pgoutput.Begin;
import io.pgfast.replication.pgoutput.Commit;
import io.pgfast.replication.pgoutput.Delete;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.LogicalMessage;
import io.pgfast.replication.pgoutput.Truncate;
import io.pgfast.replication.pgoutput.Update;
import io.pgfast.replication.pgoutput.CommitPrepared;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.replication.pgoutput.RollbackPrepared;
import io.pgfast.replication.pgoutput.StreamAbort;
import io.pgfast.replication.pgoutput.StreamCommit;

import io.pgfast.testing.TestDb;

import java.util.ArrayList;
import java.util.List;

/**
 * One test's replication set-up: an ordinary connection (as the replication role), a table and a
 * publication of it, a replication connection and a slot made on it before the test's changes: temporary
 * (dropped by the server with the connection) or permanent (usable from other connections, dropped on close).
 */
final class Feed implements AutoCloseable {

    final PgfastConnection sql;
    final ReplicationConnection replication;
    final String table;
    final String publication;
    final String slot;
    private final boolean temporary;

    private Feed(PgfastConnection sql, ReplicationConnection replication, String table, String publication, String slot,
                 boolean temporary) {
        this.temporary = temporary;
        this.sql = sql;
        this.replication = replication;
        this.table = table;
        this.publication = publication;
        this.slot = slot;
    }

    /** A table with {@code columns} (the DDL inside the parentheses), published, and a temporary slot. */
    static Feed of(String columns) {
        return of(columns, Pg.replication().build(), CreateReplicationSlot::temporary);
    }

    /** As {@link #of(String)} with a permanent slot, which other connections can stream from. */
    static Feed permanent(String columns) {
        return of(columns, Pg.replication().build(), (slot, temporary) -> slot);
    }

    static Feed of(String columns, PgfastConnectionConfiguration replicationConfig,
                   java.util.function.BiFunction<CreateReplicationSlot, Boolean, CreateReplicationSlot> slotOptions) {
        PgfastConnection sql = Repl.sql();
        String table = TestDb.unique("t");
        String publication = TestDb.unique("pub");
        String slot = TestDb.unique("slot");
        TestDb.run(sql, "CREATE TABLE " + table + " (" + columns + ")", "CREATE PUBLICATION " + publication + " FOR TABLE " + table);
        ReplicationConnection replication = Repl.open(replicationConfig);
        ReplicationSlot created = replication.createSlot(slotOptions.apply(CreateReplicationSlot.logical(slot)
                .snapshot(SlotSnapshot.NOTHING), true)).block(TestDb.TIMEOUT);
        boolean temporary = TestDb.one(sql, "SELECT temporary FROM pg_replication_slots WHERE slot_name = '" + created.slotName() + "'",
                Boolean.class);
        return new Feed(sql, replication, table, publication, slot, temporary);
    }

    void run(String... statements) {
        TestDb.run(sql, statements);
    }

    ReplicationStream<PgOutputMessage> stream(PgOutput plugin) {
        return replication.startReplication(StartReplication.slot(slot), plugin);
    }

    /** A new replication connection, for another stream of a permanent slot; closed by the caller. */
    ReplicationConnection another() {
        TestDb.await("slot " + slot + " to be free", () -> Repl.activePid(sql, slot) == 0);
        return Repl.open();
    }

    PgOutput pgoutput() {
        return PgOutput.publications(publication);
    }

    /**
     * Every message up to and including the end of the {@code transactions}-th transaction that changed
     * something; then the stream is cancelled. (Before PostgreSQL 15 pgoutput also sends a Begin and a
     * Commit for a transaction without published changes, such as DDL: those are not counted.)
     */
    static List<PgOutputMessage> transactions(ReplicationStream<PgOutputMessage> stream, int transactions) {
        TransactionCounter ends = new TransactionCounter(transactions);
        List<PgOutputMessage> all = stream.messages().takeUntil(ends).collectList().block(TestDb.TIMEOUT);
        return all == null ? new ArrayList<>() : all;
    }

    /** True at the end of the n-th transaction with a change (a streamed or prepared one always counts). */
    static final class TransactionCounter implements java.util.function.Predicate<PgOutputMessage> {
        private final int n;
        private int ends;
        private boolean changed;

        TransactionCounter(int n) {
            this.n = n;
        }

        @Override
        public boolean test(PgOutputMessage m) {
            if (m instanceof Begin) {
                changed = false;
            } else if (m instanceof Insert || m instanceof Update || m instanceof Delete || m instanceof Truncate
                    || m instanceof LogicalMessage) {
                changed = true;
            } else if (m instanceof Commit && changed || m instanceof StreamCommit || m instanceof CommitPrepared
                    || m instanceof RollbackPrepared || m instanceof StreamAbort a && a.xid() == a.subXid()) {
                changed = false;
                return ++ends == n;
            }
            return false;
        }
    }

    /**
     * The messages {@code received} (by a subscription that adds them) up to and including the first that
     * matches {@code last}; fails after {@link Repl#TIMEOUT} without one.
     */
    static List<PgOutputMessage> take(java.util.concurrent.BlockingQueue<PgOutputMessage> received,
                                      java.util.function.Predicate<PgOutputMessage> last) throws InterruptedException {
        List<PgOutputMessage> taken = new ArrayList<>();
        long deadline = System.nanoTime() + TestDb.TIMEOUT.toNanos();
        for (;;) {
            PgOutputMessage m = received.poll(Math.max(1, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
            if (m == null) {
                throw new AssertionError("no matching message within " + TestDb.TIMEOUT + "; received meanwhile: " + taken.size() + " messages");
            }
            taken.add(m);
            if (last.test(m)) {
                return taken;
            }
        }
    }

    /** The messages of one type, in order. */
    static <M> List<M> only(List<PgOutputMessage> messages, Class<M> type) {
        List<M> out = new ArrayList<>();
        for (PgOutputMessage m : messages) {
            if (type.isInstance(m)) {
                out.add(type.cast(m));
            }
        }
        return out;
    }

    @Override
    public void close() {
        try {
            Repl.close(replication);
            if (!temporary && sql.validate(io.r2dbc.spi.ValidationDepth.REMOTE).block(TestDb.TIMEOUT)) {
                TestDb.await("slot " + slot + " to be free", () -> Repl.activePid(sql, slot) == 0);
                TestDb.run(sql, "SELECT pg_drop_replication_slot('" + slot + "')");
            }
        } finally {
            TestDb.close(sql);
        }
    }
}
