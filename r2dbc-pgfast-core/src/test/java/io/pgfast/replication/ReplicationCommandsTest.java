package io.pgfast.replication;

import io.pgfast.config.ChannelBindingMode;
import io.pgfast.config.HostSpec;
import io.pgfast.error.PgfastClientException;
import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.config.TargetServerType;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestRole;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The replication connection and its commands against a real server: the connection setup it shares with
 * ordinary connections (TLS, SCRAM with channel binding, host lists), IDENTIFY_SYSTEM, slots created with
 * each snapshot action and dropped, SQL in the walsender, and the errors of each.
 */
@RequiresPostgres
class ReplicationCommandsTest {

    private static List<Integer> ids(List<PgOutputMessage> messages) {
        return Feed.only(messages, Insert.class).stream().map(i -> i.newTuple().get("id", Integer.class)).toList();
    }

    @Test
    void identifySystem() {
        ReplicationConnection c = Repl.open();
        try {
            SystemIdentification id = c.identifySystem().block(TestDb.TIMEOUT);
            assertThat(id.database()).isEqualTo(TestDb.server().database());
            assertThat(id.databaseName()).contains(TestDb.server().database());
            assertThat(id.timeline()).isPositive();
            assertThat(id.xlogPos().isValid()).isTrue();
            assertThat(id.systemId()).matches("[0-9]+");
            assertThat(c.serverMajor()).isEqualTo(Repl.major());
        } finally {
            Repl.close(c);
        }
    }

    @Test
    void aPermanentSlotIsCreatedAndDropped() {
        ReplicationConnection c = Repl.open();
        PgfastConnection sql = Repl.sql();
        try {
            String name = TestDb.unique("slot");
            ReplicationSlot slot = c.createSlot(CreateReplicationSlot.logical(name).snapshot(SlotSnapshot.NOTHING)).block(TestDb.TIMEOUT);
            assertThat(slot.slotName()).isEqualTo(name);
            assertThat(slot.outputPlugin()).isEqualTo("pgoutput");
            assertThat(slot.snapshotName()).isNull();
            assertThat(slot.consistentPoint().isValid()).isTrue();
            assertThat(TestDb.one(sql, "SELECT temporary::text || ' ' || plugin FROM pg_replication_slots WHERE slot_name = '" + name + "'",
                    String.class)).isEqualTo("false pgoutput");
            c.dropSlot(name).block(TestDb.TIMEOUT);
            assertThat(TestDb.column(sql, "SELECT 1 FROM pg_replication_slots WHERE slot_name = '" + name + "'", Integer.class)).isEmpty();
        } finally {
            Repl.close(c);
            TestDb.close(sql);
        }
    }

    @Test
    void aTemporarySlotGoesWithItsConnection() {
        ReplicationConnection c = Repl.open();
        PgfastConnection sql = Repl.sql();
        try {
            String name = TestDb.unique("slot");
            c.createSlot(CreateReplicationSlot.logical(name).temporary(true).snapshot(SlotSnapshot.NOTHING)).block(TestDb.TIMEOUT);
            assertThat(TestDb.one(sql, "SELECT temporary FROM pg_replication_slots WHERE slot_name = '" + name + "'", Boolean.class)).isTrue();
            Repl.close(c);
            TestDb.await("the temporary slot to go with its connection",
                    () -> TestDb.column(sql, "SELECT 1 FROM pg_replication_slots WHERE slot_name = '" + name + "'", Integer.class).isEmpty());
        } finally {
            Repl.close(c);
            TestDb.close(sql);
        }
    }

    /** The exported snapshot shows the data as of the slot's consistent point; the stream has what came after. */
    @Test
    void anExportedSnapshotReadsTheStateTheStreamStartsFrom() {
        PgfastConnection sql = Repl.sql();
        PgfastConnection reader = Repl.sql();
        ReplicationConnection c = Repl.open();
        try {
            String table = TestDb.unique("t");
            String publication = TestDb.unique("pub");
            TestDb.run(sql, "CREATE TABLE " + table + " (id int PRIMARY KEY)", "CREATE PUBLICATION " + publication + " FOR TABLE " + table,
                    "INSERT INTO " + table + " VALUES (1), (2), (3)");
            String name = TestDb.unique("slot");
            ReplicationSlot slot = c.createSlot(CreateReplicationSlot.logical(name).temporary(true)).block(TestDb.TIMEOUT);
            assertThat(slot.snapshot()).as("exported by default").isPresent();
            TestDb.run(reader, "BEGIN ISOLATION LEVEL REPEATABLE READ", "SET TRANSACTION SNAPSHOT '" + slot.snapshotName() + "'");
            TestDb.run(sql, "INSERT INTO " + table + " VALUES (4)");
            assertThat(TestDb.column(reader, "SELECT id FROM " + table + " ORDER BY id", Integer.class)).containsExactly(1, 2, 3);
            TestDb.run(reader, "COMMIT");
            List<PgOutputMessage> stream = Feed.transactions(c.startReplication(StartReplication.slot(name),
                    io.pgfast.replication.pgoutput.PgOutput.publications(publication)), 1);
            assertThat(ids(stream)).containsExactly(4);
        } finally {
            Repl.close(c);
            TestDb.close(reader);
            TestDb.close(sql);
        }
    }

    /** USE_SNAPSHOT: the replication connection's own transaction reads the initial state. */
    @Test
    void theSnapshotUsedInTheReplicationConnectionsTransaction() {
        PgfastConnection sql = Repl.sql();
        ReplicationConnection c = Repl.open();
        try {
            String table = TestDb.unique("t");
            String publication = TestDb.unique("pub");
            TestDb.run(sql, "CREATE TABLE " + table + " (id int PRIMARY KEY)", "CREATE PUBLICATION " + publication + " FOR TABLE " + table,
                    "INSERT INTO " + table + " VALUES (1), (2)");
            String name = TestDb.unique("slot");
            assertThat(c.simpleQuery("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY").collectList().block(TestDb.TIMEOUT)).isEmpty();
            ReplicationSlot slot = c.createSlot(CreateReplicationSlot.logical(name).temporary(true).snapshot(SlotSnapshot.USE))
                    .block(TestDb.TIMEOUT);
            assertThat(slot.snapshotName()).isNull();
            TestDb.run(sql, "INSERT INTO " + table + " VALUES (3)");
            List<SqlRow> rows = c.simpleQuery("SELECT id, id * 10 AS tens FROM " + table + " ORDER BY id").collectList().block(TestDb.TIMEOUT);
            assertThat(rows).extracting(r -> r.get("id", Integer.class)).containsExactly(1, 2);
            assertThat(rows.get(1).get(1)).isEqualTo(20);
            assertThat(rows.get(0).columnNames()).containsExactly("id", "tens");
            c.simpleQuery("COMMIT").blockLast(TestDb.TIMEOUT);
            assertThat(ids(Feed.transactions(c.startReplication(StartReplication.slot(name),
                    io.pgfast.replication.pgoutput.PgOutput.publications(publication)), 1))).containsExactly(3);
        } finally {
            Repl.close(c);
            TestDb.close(sql);
        }
    }

    @Test
    void commandErrorsLeaveTheConnectionUsable() {
        ReplicationConnection c = Repl.open();
        try {
            String name = TestDb.unique("slot");
            c.createSlot(CreateReplicationSlot.logical(name).temporary(true).snapshot(SlotSnapshot.NOTHING)).block(TestDb.TIMEOUT);
            assertThatThrownBy(() -> c.createSlot(CreateReplicationSlot.logical(name).snapshot(SlotSnapshot.NOTHING)).block(TestDb.TIMEOUT))
                    .isInstanceOf(R2dbcException.class).satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("42710"));
            assertThatThrownBy(() -> c.dropSlot(TestDb.unique("nosuchslot")).block(TestDb.TIMEOUT))
                    .isInstanceOf(R2dbcException.class).satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("42704"));
            assertThatThrownBy(() -> c.createSlot(CreateReplicationSlot.logical(TestDb.unique("s")).plugin("no_such_plugin")).block(TestDb.TIMEOUT))
                    .isInstanceOf(R2dbcException.class).hasMessageContaining("no_such_plugin");
            assertThatThrownBy(() -> c.simpleQuery("SELEC 1").blockLast(TestDb.TIMEOUT))
                    .isInstanceOf(R2dbcException.class).satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("42601"));
            assertThat(c.simpleQuery("SELECT 1 AS one").blockLast(TestDb.TIMEOUT).get("one", Integer.class)).isEqualTo(1);
        } finally {
            Repl.close(c);
        }
    }

    /** A stream started through simpleQuery enters the copy: refused (CopyDone), and the connection stays usable. */
    @Test
    void startReplicationThroughSimpleQueryIsRefused() {
        ReplicationConnection c = Repl.open();
        try {
            String name = TestDb.unique("slot");
            c.createSlot(CreateReplicationSlot.logical(name).plugin("test_decoding").temporary(true).snapshot(SlotSnapshot.NOTHING))
                    .block(TestDb.TIMEOUT);
            assertThatThrownBy(() -> c.simpleQuery("START_REPLICATION SLOT " + name + " LOGICAL 0/0").blockLast(TestDb.TIMEOUT))
                    .isInstanceOf(PgfastClientException.class).hasMessageContaining("use ReplicationConnection.startReplication");
            assertThat(c.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
        } finally {
            Repl.close(c);
        }
    }

    @Test
    void overTlsWithScramChannelBinding() {
        ReplicationConnection c = Repl.open(Pg.replication().sslMode(SslMode.REQUIRE).channelBinding(ChannelBindingMode.REQUIRE).build());
        try {
            assertThat(c.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
            assertThat(c.transport().channel().pipeline().get(io.netty.handler.ssl.SslHandler.class)).isNotNull();
        } finally {
            Repl.close(c);
        }
    }

    @Test
    void theFirstReachableHostOfAList() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        PgfastConnectionConfiguration config = Pg.replication()
                .hosts(List.of(new HostSpec("127.0.0.1", closedPort), new HostSpec(TestDb.server().host(), TestDb.server().port())))
                .targetServerType(TargetServerType.PRIMARY)
                .build();
        ReplicationConnection c = Repl.open(config);
        try {
            assertThat(c.identifySystem().block(TestDb.TIMEOUT)).isNotNull();
        } finally {
            Repl.close(c);
        }
    }

    @Test
    void aWrongPasswordIsRefused() {
        assertThatThrownBy(() -> Repl.open(Pg.replication().password("wrong").build()))
                .isInstanceOf(R2dbcException.class).satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("28P01"));
    }

    @Test
    void aRoleWithoutReplicationIsRefused() {
        TestRole plain = TestDb.server().role(AuthMethod.SCRAM);
        assertThatThrownBy(() -> Repl.open(Pg.replication().username(plain.user()).password(plain.password()).build()))
                .isInstanceOf(R2dbcException.class).satisfies(e -> assertThat(e.getMessage().toLowerCase(java.util.Locale.ROOT)).contains("replication"))
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("42501"));
    }

    @Test
    void ordinaryConnectionsStillRefuseTheReplicationParameter() {
        assertThatThrownBy(() -> PgfastConnectionConfiguration.builder().option("replication", "database"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgfastConnectionConfiguration.builder().option("REPLICATION", "true"))
                .isInstanceOf(IllegalArgumentException.class);
        // an ordinary connection of the replication role is no walsender: replication commands are SQL syntax errors there
        PgfastConnection sql = Repl.sql();
        try {
            assertThatThrownBy(() -> TestDb.run(sql, "IDENTIFY_SYSTEM")).isInstanceOf(R2dbcException.class);
        } finally {
            TestDb.close(sql);
        }
    }
}
