package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.error.PgfastClientException;
import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.replication.pgoutput.Begin;
import io.pgfast.replication.pgoutput.BeginPrepare;
import io.pgfast.replication.pgoutput.Commit;
import io.pgfast.replication.pgoutput.CommitPrepared;
import io.pgfast.replication.pgoutput.Delete;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.LogicalMessage;
import io.pgfast.replication.pgoutput.Origin;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.replication.pgoutput.Prepare;
import io.pgfast.replication.pgoutput.Relation;
import io.pgfast.replication.pgoutput.ReplicaIdentity;
import io.pgfast.replication.pgoutput.RollbackPrepared;
import io.pgfast.replication.pgoutput.StreamAbort;
import io.pgfast.replication.pgoutput.StreamCommit;
import io.pgfast.replication.pgoutput.StreamPrepare;
import io.pgfast.replication.pgoutput.StreamStart;
import io.pgfast.replication.pgoutput.StreamStop;
import io.pgfast.replication.pgoutput.Streaming;
import io.pgfast.replication.pgoutput.Truncate;
import io.pgfast.replication.pgoutput.TupleData;
import io.pgfast.replication.pgoutput.Type;
import io.pgfast.replication.pgoutput.Update;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.Disposable;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every pgoutput event type from a real server, with column values decoded by the driver's codecs in
 * text and (PostgreSQL 14+) binary format. Options a server version lacks are checked to fail with a
 * clear error there, so every test asserts something on every version.
 */
@RequiresPostgres
class PgOutputEventsTest {

    private static final String COLUMNS = "id int PRIMARY KEY, name text, amount numeric(10,2), day date, at timestamptz,"
            + " flag boolean, data bytea, uid uuid, tags int4[]";
    private static final String ROW = "(1, 'zoë', 12.50, '2024-02-29', '2024-02-29 10:00:00+00', true, '\\x01ff',"
            + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{1,2,3}')";

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void beginInsertUpdateDeleteCommit(boolean binary) {
        try (Feed feed = Feed.of(COLUMNS)) {
            PgOutput plugin = feed.pgoutput().binary(binary);
            if (binary && Repl.major() < 14) {
                assertThatThrownBy(() -> Feed.transactions(feed.stream(plugin), 1)).isInstanceOf(PgfastClientException.class)
                        .hasMessageContaining("binary needs PostgreSQL 14");
                return;
            }
            Instant before = Instant.now().minusSeconds(60);
            feed.run("INSERT INTO " + feed.table + " VALUES " + ROW,
                    "UPDATE " + feed.table + " SET name = 'zoé' WHERE id = 1",
                    "UPDATE " + feed.table + " SET id = 2 WHERE id = 1",
                    "DELETE FROM " + feed.table);
            List<PgOutputMessage> all = Feed.transactions(feed.stream(plugin), 4);

            List<Begin> begins = Feed.only(all, Begin.class);
            List<Commit> commits = Feed.only(all, Commit.class);
            assertThat(begins).hasSize(4);
            assertThat(commits).hasSize(4);
            for (int i = 0; i < 4; i++) {
                assertThat(begins.get(i).finalLsn()).isEqualTo(commits.get(i).commitLsn());
                assertThat(commits.get(i).endLsn()).isEqualTo(commits.get(i).lsn());
                assertThat(commits.get(i).endLsn()).isGreaterThan(commits.get(i).commitLsn());
                assertThat(begins.get(i).commitTime()).isEqualTo(commits.get(i).commitTime()).isAfter(before);
                assertThat(begins.get(i).xid()).isGreaterThan(i == 0 ? 2 : begins.get(i - 1).xid());
            }
            Relation relation = Feed.only(all, Relation.class).get(0);
            assertThat(relation.name()).isEqualTo(feed.table);
            assertThat(relation.namespace()).isEqualTo("public");
            assertThat(relation.replicaIdentity()).isEqualTo(ReplicaIdentity.DEFAULT);
            assertThat(relation.columns()).extracting(Relation.Column::name)
                    .containsExactly("id", "name", "amount", "day", "at", "flag", "data", "uid", "tags");
            assertThat(relation.columns().get(0).key()).isTrue();
            assertThat(relation.columns().get(1).key()).isFalse();
            assertThat(relation.columns().get(2).typeModifier()).isEqualTo((10 << 16 | 2) + 4);

            TupleData row = Feed.only(all, Insert.class).get(0).newTuple();
            assertThat(row.kind(0)).isEqualTo(binary ? TupleData.Kind.BINARY : TupleData.Kind.TEXT);
            assertThat(row.get("id")).isEqualTo(1);
            assertThat(row.get("name", String.class)).isEqualTo("zoë");
            assertThat(row.get("amount", BigDecimal.class)).isEqualByComparingTo("12.50");
            assertThat(row.get("day", LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
            assertThat(row.get("at", OffsetDateTime.class).toInstant()).isEqualTo(OffsetDateTime.of(2024, 2, 29, 10, 0, 0, 0, ZoneOffset.UTC).toInstant());
            assertThat(row.get("flag", Boolean.class)).isTrue();
            assertThat(row.get("data", ByteBuffer.class)).isEqualTo(ByteBuffer.wrap(new byte[] {1, (byte) 0xFF}));
            assertThat(row.get("uid", UUID.class)).isEqualTo(UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
            assertThat(row.get("tags", Integer[].class)).containsExactly(1, 2, 3);

            List<Update> updates = Feed.only(all, Update.class);
            assertThat(updates.get(0).oldKey()).as("the key did not change: no old key").isNull();
            assertThat(updates.get(0).oldTuple()).isNull();
            assertThat(updates.get(0).newTuple().get("name", String.class)).isEqualTo("zoé");
            assertThat(updates.get(1).oldKey().get("id", Integer.class)).as("the key changed: the old key").isEqualTo(1);
            assertThat(updates.get(1).oldKey().isNull(1)).as("non-key columns of the old key are null").isTrue();
            assertThat(updates.get(1).newTuple().get("id", Integer.class)).isEqualTo(2);

            Delete delete = Feed.only(all, Delete.class).get(0);
            assertThat(delete.oldKey().get("id", Integer.class)).isEqualTo(2);
            assertThat(delete.oldTuple()).isNull();
            assertThat(delete.relation()).isSameAs(relation);
        }
    }

    @Test
    void replicaIdentityFullSendsTheWholeOldRow() {
        try (Feed feed = Feed.of("id int PRIMARY KEY, name text")) {
            feed.run("ALTER TABLE " + feed.table + " REPLICA IDENTITY FULL");
            feed.run("INSERT INTO " + feed.table + " VALUES (1, 'a')", "UPDATE " + feed.table + " SET name = 'b'", "DELETE FROM " + feed.table);
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 3);
            assertThat(Feed.only(all, Relation.class).get(0).replicaIdentity()).isEqualTo(ReplicaIdentity.FULL);
            Update update = Feed.only(all, Update.class).get(0);
            assertThat(update.oldKey()).isNull();
            assertThat(update.oldTuple().get("name")).isEqualTo("a");
            assertThat(update.newTuple().get("name")).isEqualTo("b");
            Delete delete = Feed.only(all, Delete.class).get(0);
            assertThat(delete.oldKey()).isNull();
            assertThat(delete.oldTuple().get("name")).isEqualTo("b");
        }
    }

    @Test
    void anUnchangedToastedValueIsMarkedAsSuch() {
        try (Feed feed = Feed.of("id int PRIMARY KEY, big text, small int")) {
            // EXTERNAL: stored out of line, uncompressed, as soon as the row passes the TOAST threshold (~2 kB)
            feed.run("ALTER TABLE " + feed.table + " ALTER COLUMN big SET STORAGE EXTERNAL",
                    "INSERT INTO " + feed.table + " VALUES (1, repeat('x', 100000), 1)",
                    "UPDATE " + feed.table + " SET small = 2");
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 2);
            assertThat(Feed.only(all, Insert.class).get(0).newTuple().get("big", String.class)).hasSize(100000);
            TupleData updated = Feed.only(all, Update.class).get(0).newTuple();
            assertThat(updated.kind(1)).isEqualTo(TupleData.Kind.UNCHANGED_TOAST);
            assertThat(updated.isUnchangedToast(1)).isTrue();
            assertThat(updated.isNull(1)).isFalse();
            assertThat(updated.get("small", Integer.class)).isEqualTo(2);
            assertThatThrownBy(() -> updated.get("big", String.class)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("unchanged TOASTed value");
        }
    }

    @Test
    void truncateListsEveryTableAndItsOptions() {
        try (Feed feed = Feed.of("id serial PRIMARY KEY")) {
            String second = TestDb.unique("t");
            feed.run("CREATE TABLE " + second + " (id int)", "ALTER PUBLICATION " + feed.publication + " ADD TABLE " + second,
                    "INSERT INTO " + feed.table + " DEFAULT VALUES",
                    "TRUNCATE " + feed.table + ", " + second + " RESTART IDENTITY CASCADE");
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 2);
            Truncate truncate = Feed.only(all, Truncate.class).get(0);
            assertThat(truncate.relations()).extracting(Relation::name).containsExactlyInAnyOrder(feed.table, second);
            assertThat(truncate.restartIdentity()).isTrue();
            assertThat(truncate.cascade()).isTrue();
        }
    }

    @Test
    void aTypeOfTheDatabaseIsDescribedAndDecodesAsText() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            String mood = TestDb.unique("mood");
            feed.run("CREATE TYPE " + mood + " AS ENUM ('sad', 'happy')", "ALTER TABLE " + feed.table + " ADD COLUMN m " + mood,
                    "INSERT INTO " + feed.table + " VALUES (1, 'happy')");
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 1);
            Type type = Feed.only(all, Type.class).get(0);
            assertThat(type.name()).isEqualTo(mood);
            assertThat(type.namespace()).isEqualTo("public");
            Relation relation = Feed.only(all, Relation.class).get(0);
            assertThat(relation.columns().get(1).typeOid()).isEqualTo(type.oid());
            assertThat(all.indexOf(type)).as("the Type message comes before the Relation that uses it").isLessThan(all.indexOf(relation));
            assertThat(Feed.only(all, Insert.class).get(0).newTuple().get("m")).isEqualTo("happy");
        }
    }

    @Test
    void aChangedTableIsDescribedAgain() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            feed.run("INSERT INTO " + feed.table + " VALUES (1)", "ALTER TABLE " + feed.table + " ADD COLUMN note text",
                    "INSERT INTO " + feed.table + " VALUES (2, 'second')");
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 2);
            List<Relation> relations = Feed.only(all, Relation.class);
            assertThat(relations).hasSize(2);
            assertThat(relations.get(1).columns()).hasSize(2);
            List<Insert> inserts = Feed.only(all, Insert.class);
            assertThat(inserts.get(0).newTuple().size()).isEqualTo(1);
            assertThat(inserts.get(1).relation()).isSameAs(relations.get(1));
            assertThat(inserts.get(1).newTuple().get("note")).isEqualTo("second");
        }
    }

    @Test
    void originOfAReplicatedTransaction() throws Exception {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            String origin = TestDb.unique("origin");
            TestDb.server().execute("SELECT pg_replication_origin_create('" + origin + "')");
            try (Connection superuser = TestDb.server().jdbc()) {
                superuser.setAutoCommit(false);
                try (var st = superuser.createStatement()) {
                    st.execute("SELECT pg_replication_origin_session_setup('" + origin + "')");
                    st.execute("SELECT pg_replication_origin_xact_setup('0/AB', now())");
                    st.execute("INSERT INTO " + feed.table + " VALUES (1)");
                    superuser.commit();
                    st.execute("SELECT pg_replication_origin_session_reset()");
                    superuser.commit();
                }
            }
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput()), 1);
            Origin o = Feed.only(all, Origin.class).get(0);
            assertThat(o.name()).isEqualTo(origin);
            assertThat(o.originCommitLsn()).isEqualTo(Lsn.parse("0/AB"));
            assertThat(all.get(all.indexOf(o) - 1)).as("Origin follows Begin").isInstanceOf(Begin.class);
            assertThat(all.get(all.indexOf(o) + 1)).as("the change after it").isInstanceOf(Relation.class);
            TestDb.server().execute("SELECT pg_replication_origin_drop('" + origin + "')");
        }
    }

    @Test
    void logicalDecodingMessages() {
        try (Feed feed = Feed.of("id int PRIMARY KEY")) {
            PgOutput plugin = feed.pgoutput().messages(true);
            if (Repl.major() < 14) {
                assertThatThrownBy(() -> Feed.transactions(feed.stream(plugin), 1)).isInstanceOf(PgfastClientException.class)
                        .hasMessageContaining("messages needs PostgreSQL 14");
                return;
            }
            feed.run("SELECT pg_logical_emit_message(false, 'pfx', 'at once')",
                    "BEGIN", "INSERT INTO " + feed.table + " VALUES (1)", "SELECT pg_logical_emit_message(true, 'pfx', 'in the transaction')",
                    "COMMIT");
            List<PgOutputMessage> all = Feed.transactions(feed.stream(plugin), 1);
            List<LogicalMessage> messages = Feed.only(all, LogicalMessage.class);
            assertThat(messages).extracting(LogicalMessage::text).containsExactly("at once", "in the transaction");
            assertThat(messages).extracting(LogicalMessage::transactional).containsExactly(false, true);
            assertThat(messages).extracting(LogicalMessage::prefix).containsOnly("pfx");
            assertThat(all.indexOf(messages.get(1))).as("inside its transaction").isGreaterThan(all.indexOf(Feed.only(all, Begin.class).get(0)));
        }
    }

    /**
     * With logical_decoding_work_mem at its minimum (64 kB), a transaction of about 1 MB is streamed while
     * in progress: one that committed before the stream started, then one that is rolled back while the
     * stream runs (rolled back only once its first block has arrived: a server may skip streaming a
     * transaction it already knows to be aborted).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ON", "PARALLEL"})
    void streamingOfLargeTransactions(Streaming streaming) throws InterruptedException {
        // logical_decoding_work_mem exists since PostgreSQL 13
        PgfastConnectionConfigurationBuilder config = Pg.replication();
        if (Repl.major() >= 13) {
            config.option("logical_decoding_work_mem", "64kB");
        }
        try (Feed feed = Feed.of("id int PRIMARY KEY, pad text", config.build(), CreateReplicationSlot::temporary)) {
            PgOutput plugin = feed.pgoutput().streaming(streaming);
            if (Repl.major() < (streaming == Streaming.ON ? 14 : 16)) {
                assertThatThrownBy(() -> Feed.transactions(feed.stream(plugin), 1)).isInstanceOf(PgfastClientException.class)
                        .hasMessageContaining("streaming = " + streaming + " needs PostgreSQL");
                return;
            }
            feed.run("INSERT INTO " + feed.table + " SELECT g, repeat('p', 100) FROM generate_series(1, 5000) g");
            BlockingQueue<PgOutputMessage> received = new LinkedBlockingQueue<>();
            Disposable subscription = feed.stream(plugin).messages().subscribe(received::add);
            PgfastConnection rolledBack = Repl.sql();
            try {
                List<PgOutputMessage> committed = Feed.take(received, m -> m instanceof StreamCommit);
                List<StreamStart> starts = Feed.only(committed, StreamStart.class);
                assertThat(starts).as("blocks of the committed transaction").isNotEmpty();
                assertThat(starts.get(0).firstSegment()).isTrue();
                assertThat(Feed.only(committed, StreamStop.class)).hasSameSizeAs(starts);
                long xid = starts.get(0).xid();
                assertThat(Feed.only(committed, Insert.class)).filteredOn(i -> i.xid() == xid).hasSize(5000);
                StreamCommit commit = Feed.only(committed, StreamCommit.class).get(0);
                assertThat(commit.xid()).isEqualTo(xid);
                assertThat(commit.endLsn()).isEqualTo(commit.lsn());

                TestDb.run(rolledBack, "BEGIN", "INSERT INTO " + feed.table + " SELECT g, repeat('q', 100) FROM generate_series(5001, 10000) g");
                StreamStart inProgress = (StreamStart) Feed.take(received, m -> m instanceof StreamStart).get(0);
                TestDb.run(rolledBack, "ROLLBACK");
                List<PgOutputMessage> aborted = Feed.take(received, m -> m instanceof StreamAbort a && a.xid() == inProgress.xid());
                StreamAbort abort = (StreamAbort) aborted.get(aborted.size() - 1);
                assertThat(abort.subXid()).isEqualTo(abort.xid());
                if (streaming == Streaming.PARALLEL) {
                    assertThat(abort.abortLsn().isValid()).isTrue();
                    assertThat(abort.abortTime()).isNotNull();
                } else {
                    assertThat(abort.abortLsn()).isEqualTo(Lsn.INVALID);
                    assertThat(abort.abortTime()).isNull();
                }
            } finally {
                subscription.dispose();
                TestDb.close(rolledBack);
            }
        }
    }

    @Test
    void twoPhaseTransactions() {
        if (Repl.major() < 15) {
            try (Feed feed = Feed.of("id int PRIMARY KEY")) {
                assertThatThrownBy(() -> feed.replication.createSlot(CreateReplicationSlot.logical(TestDb.unique("s")).twoPhase(true))
                        .block(TestDb.TIMEOUT)).isInstanceOf(PgfastClientException.class).hasMessageContaining("PostgreSQL 15");
                assertThatThrownBy(() -> Feed.transactions(feed.stream(feed.pgoutput().twoPhase(true)), 1))
                        .isInstanceOf(PgfastClientException.class).hasMessageContaining("twoPhase needs PostgreSQL 15");
            }
            return;
        }
        try (Feed feed = Feed.of("id int PRIMARY KEY, pad text", Pg.replication().option("logical_decoding_work_mem", "64kB").build(),
                (slot, temporary) -> slot.temporary(true).twoPhase(true))) {
            String g1 = TestDb.unique("g");
            String g2 = TestDb.unique("g");
            String g3 = TestDb.unique("g");
            feed.run("BEGIN", "INSERT INTO " + feed.table + " VALUES (1, 'a')", "PREPARE TRANSACTION '" + g1 + "'", "COMMIT PREPARED '" + g1 + "'",
                    "BEGIN", "INSERT INTO " + feed.table + " VALUES (2, 'b')", "PREPARE TRANSACTION '" + g2 + "'", "ROLLBACK PREPARED '" + g2 + "'",
                    "BEGIN", "INSERT INTO " + feed.table + " SELECT g, repeat('s', 100) FROM generate_series(10, 3000) g",
                    "PREPARE TRANSACTION '" + g3 + "'", "COMMIT PREPARED '" + g3 + "'");
            List<PgOutputMessage> all = Feed.transactions(feed.stream(feed.pgoutput().twoPhase(true).streaming(Streaming.ON)), 3);
            List<BeginPrepare> begins = Feed.only(all, BeginPrepare.class);
            assertThat(begins).extracting(BeginPrepare::gid).containsExactly(g1, g2);
            assertThat(Feed.only(all, Prepare.class)).extracting(Prepare::gid).containsExactly(g1, g2);
            CommitPrepared committed = Feed.only(all, CommitPrepared.class).get(0);
            assertThat(committed.gid()).isEqualTo(g1);
            assertThat(committed.xid()).isEqualTo(begins.get(0).xid());
            assertThat(Feed.only(all, RollbackPrepared.class)).extracting(RollbackPrepared::gid).containsExactly(g2);
            StreamPrepare streamed = Feed.only(all, StreamPrepare.class).get(0);
            assertThat(streamed.gid()).isEqualTo(g3);
            assertThat(Feed.only(all, CommitPrepared.class)).extracting(CommitPrepared::gid).containsExactly(g1, g3);
        }
    }
}
