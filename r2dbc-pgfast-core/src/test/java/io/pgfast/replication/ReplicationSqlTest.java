package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.error.PgfastClientException;
import io.pgfast.replication.pgoutput.PgOutput;
import io.pgfast.replication.pgoutput.Streaming;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The text of the replication commands: names checked, values quoted, syntax per server version. */
class ReplicationSqlTest {

    @Test
    void createSlotInBothSyntaxes() {
        CreateReplicationSlot slot = CreateReplicationSlot.logical("cdc_1");
        assertThat(ReplicationSql.createSlot(slot, 17)).isEqualTo("CREATE_REPLICATION_SLOT cdc_1 LOGICAL pgoutput");
        assertThat(ReplicationSql.createSlot(slot.temporary(true).snapshot(SlotSnapshot.USE).twoPhase(true), 15))
                .isEqualTo("CREATE_REPLICATION_SLOT cdc_1 TEMPORARY LOGICAL pgoutput (SNAPSHOT 'use', TWO_PHASE)");
        assertThat(ReplicationSql.createSlot(slot.snapshot(SlotSnapshot.NOTHING), 14))
                .isEqualTo("CREATE_REPLICATION_SLOT cdc_1 LOGICAL pgoutput NOEXPORT_SNAPSHOT");
        assertThat(ReplicationSql.createSlot(slot.snapshot(SlotSnapshot.EXPORT).plugin("test_decoding"), 12))
                .isEqualTo("CREATE_REPLICATION_SLOT cdc_1 LOGICAL test_decoding EXPORT_SNAPSHOT");
        assertThat(ReplicationSql.createSlot(slot.plugin("My\"Plugin"), 16))
                .isEqualTo("CREATE_REPLICATION_SLOT cdc_1 LOGICAL \"My\"\"Plugin\"");
        assertThatThrownBy(() -> ReplicationSql.createSlot(slot.twoPhase(true), 14))
                .isInstanceOf(PgfastClientException.class).hasMessageContaining("PostgreSQL 15");
    }

    @Test
    void slotNamesFollowTheServersRule() {
        for (String bad : new String[] {"", "Upper", "a-b", "a b", "x; DROP", "é", "a".repeat(64)}) {
            assertThatThrownBy(() -> CreateReplicationSlot.logical(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> StartReplication.slot(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> CreateReplicationSlot.logical(null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(CreateReplicationSlot.logical("a".repeat(63)).slotName()).hasSize(63);
        assertThat(ReplicationSql.dropSlot("s_1", true)).isEqualTo("DROP_REPLICATION_SLOT s_1 WAIT");
        assertThat(ReplicationSql.dropSlot("s_1", false)).isEqualTo("DROP_REPLICATION_SLOT s_1");
    }

    @Test
    void startReplicationQuotesOptionValues() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("proto_version", "1");
        options.put("publication_names", "\"a\",\"it's\"");
        options.put("Odd Name", "x\\y");
        assertThat(ReplicationSql.startLogical("s", Lsn.parse("16/B374D848"), options)).isEqualTo(
                "START_REPLICATION SLOT s LOGICAL 16/B374D848 (proto_version '1', publication_names '\"a\",\"it''s\"', \"Odd Name\" 'x\\y')");
        assertThat(ReplicationSql.startLogical("s", Lsn.INVALID, Map.of())).isEqualTo("START_REPLICATION SLOT s LOGICAL 0/0");
        assertThatThrownBy(() -> ReplicationSql.startLogical("s", Lsn.INVALID, Map.of("a", "nul\0"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pgoutputOptionsPerServerVersion() {
        PgOutput base = PgOutput.publications("Orders", "we\"ird");
        assertThat(base.startOptions(12)).containsExactly(Map.entry("proto_version", "1"),
                Map.entry("publication_names", "\"Orders\",\"we\"\"ird\""));
        assertThat(base.binary(true).messages(true).startOptions(14)).containsExactly(Map.entry("proto_version", "1"),
                Map.entry("publication_names", "\"Orders\",\"we\"\"ird\""), Map.entry("binary", "true"), Map.entry("messages", "true"));
        assertThat(base.streaming(Streaming.ON).startOptions(14)).containsEntry("proto_version", "2").containsEntry("streaming", "on");
        assertThat(base.twoPhase(true).startOptions(15)).containsEntry("proto_version", "3").containsEntry("two_phase", "true");
        assertThat(base.streaming(Streaming.PARALLEL).origin("none").startOptions(16))
                .containsEntry("proto_version", "4").containsEntry("streaming", "parallel").containsEntry("origin", "none");
        assertThat(base.protoVersion(4).startOptions(18)).containsEntry("proto_version", "4");
    }

    @Test
    void pgoutputOptionsTheServerLacksAreRefusedNamingTheVersion() {
        PgOutput base = PgOutput.publications("p");
        assertThatThrownBy(() -> base.binary(true).startOptions(13)).isInstanceOf(PgfastClientException.class)
                .hasMessageContaining("binary needs PostgreSQL 14 or later; the server is PostgreSQL 13");
        assertThatThrownBy(() -> base.messages(true).startOptions(12)).hasMessageContaining("messages needs PostgreSQL 14");
        assertThatThrownBy(() -> base.streaming(Streaming.ON).startOptions(13)).hasMessageContaining("streaming = ON needs PostgreSQL 14");
        assertThatThrownBy(() -> base.streaming(Streaming.PARALLEL).startOptions(15)).hasMessageContaining("PARALLEL needs PostgreSQL 16");
        assertThatThrownBy(() -> base.twoPhase(true).startOptions(14)).hasMessageContaining("twoPhase needs PostgreSQL 15");
        assertThatThrownBy(() -> base.origin("any").startOptions(15)).hasMessageContaining("origin needs PostgreSQL 16");
        assertThatThrownBy(() -> base.protoVersion(2).startOptions(13)).hasMessageContaining("PostgreSQL 13 knows versions up to 1");
        assertThatThrownBy(() -> base.protoVersion(1).streaming(Streaming.ON).startOptions(17))
                .hasMessageContaining("needs pgoutput protocol version 2");
        assertThatThrownBy(() -> base.protoVersion(2).twoPhase(true).startOptions(17)).hasMessageContaining("version 3");
    }

    @Test
    void pgoutputArgumentsAreChecked() {
        assertThatThrownBy(PgOutput::publications).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgOutput.publications("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgOutput.publications("a\0b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgOutput.publications("p").protoVersion(5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgOutput.publications("p").origin("local")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgOutput.publications("p").streaming(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
