package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.type.Lsn;
import io.pgfast.protocol.BackendEncoder;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.CopyDone;
import io.pgfast.protocol.backend.PrimaryKeepaliveMessage;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.ReplicationMessage;
import io.pgfast.protocol.backend.XLogData;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.replication.RawOutput;
import io.pgfast.replication.ReplicationConnection;
import io.pgfast.replication.ReplicationStream;
import io.pgfast.replication.StartReplication;
import io.pgfast.replication.WalData;
import io.pgfast.replication.pgoutput.PgOutput;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A replication stream against a scripted walsender: what the client sends (START_REPLICATION, standby
 * status updates with the acknowledged positions only, CopyDone), and that a broken or dropped stream ends
 * in an R2dbcException on the stream within a bound, with the connection closed.
 */
class ReplicationFlowTest extends ScriptedFlowTest {

    private ReplicationConnection replication;

    @AfterEach
    void closeReplication() {
        if (replication != null) {
            replication.close().block(BOUND);
        }
    }

    private ReplicationStream<WalData> open(Duration statusInterval) {
        server = ScriptedServer.start();
        server.trustStartup();
        replication = ReplicationConnection.open(PgfastConnectionConfiguration.builder()
                .host("127.0.0.1").port(server.port()).username("scripted").sslMode(SslMode.DISABLE)
                .connectTimeout(Duration.ofSeconds(5)).build()).block(ScriptedServer.STEP_TIMEOUT);
        server.awaitScript();
        assertThat(server.received().get(0).bodyText()).contains("replication\0database\0");
        server.expect('Q');
        return replication.startReplication(StartReplication.slot("s").statusInterval(statusInterval), RawOutput.withoutOptions());
    }

    private static CopyData copyData(ReplicationMessage message) {
        ByteBuf content = Unpooled.buffer();
        BackendEncoder.encode(message, content);
        return new CopyData(content);
    }

    private static CopyData xLogData(long walStart, String data) {
        return copyData(new XLogData(walStart, walStart, 0, Unpooled.wrappedBuffer(data.getBytes(StandardCharsets.UTF_8))));
    }

    private static final CopyBothResponse COPY_BOTH = new CopyBothResponse((short) 0, new short[0]);

    /** A standby status update as the server read it: 'r', three positions, clock, reply flag. */
    private record Status(long written, long flushed, long applied, boolean reply) {
        static Status of(ScriptedServer.Received r) {
            assertThat(r.type()).isEqualTo('d');
            ByteBuffer b = ByteBuffer.wrap(r.body());
            assertThat(b.get()).as("standby status update").isEqualTo((byte) 'r');
            long written = b.getLong();
            long flushed = b.getLong();
            long applied = b.getLong();
            b.getLong();
            boolean reply = b.get() == 1;
            assertThat(b.hasRemaining()).isFalse();
            return new Status(written, flushed, applied, reply);
        }
    }

    private List<ScriptedServer.Received> copyDataSent() {
        return server.received().stream().filter(r -> r.type() == 'd').toList();
    }

    @Test
    void aKeepaliveAskingForAReplyGetsTheAcknowledgedPositionsNotTheReceivedOnes() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        server.send(COPY_BOTH, xLogData(0x100, "a"), xLogData(0x180, "b"),
                copyData(new PrimaryKeepaliveMessage(0x200, 0, true)));
        server.expect('d');
        StepVerifier.create(stream.messages().doOnNext(d -> {
                    if (d.text().equals("a")) {
                        stream.acknowledge(d.lsn());
                    }
                }))
                .assertNext(d -> assertThat(d.lsn()).isEqualTo(Lsn.of(0x100)))
                .assertNext(d -> assertThat(d.text()).isEqualTo("b"))
                .then(server::awaitScript)
                .then(() -> assertThat(Status.of(copyDataSent().get(0))).isEqualTo(new Status(0x100, 0x100, 0x100, false)))
                .then(() -> assertThat(stream.lastReceived()).isEqualTo(Lsn.of(0x200)))
                .then(() -> {
                    server.expect('d').expect('c');
                    server.send(CopyDone.INSTANCE, new CommandComplete("COPY 0"), ReadyForQuery.IDLE);
                })
                .thenCancel()
                .verify(BOUND);
        server.awaitScript();
        // the last update before CopyDone: still only what was acknowledged
        assertThat(Status.of(copyDataSent().get(1))).isEqualTo(new Status(0x100, 0x100, 0x100, false));
    }

    @Test
    void statusUpdatesGoOutOnTheIntervalWithNothingAcknowledged() {
        ReplicationStream<WalData> stream = open(Duration.ofMillis(20));
        server.send(COPY_BOTH, xLogData(0x100, "a")).expect('d').expect('d');
        StepVerifier.create(stream.messages())
                .expectNextCount(1)
                .then(server::awaitScript)
                .then(() -> {
                    for (ScriptedServer.Received r : copyDataSent()) {
                        assertThat(Status.of(r)).as("nothing acknowledged: 0/0, although 0/100 was received")
                                .isEqualTo(new Status(0, 0, 0, false));
                    }
                    server.send(CopyDone.INSTANCE);
                })
                .then(() -> server.expectSkipping('c', 'd').send(new CommandComplete("COPY 0"), ReadyForQuery.IDLE))
                .expectComplete()
                .verify(BOUND);
        server.awaitScript();
    }

    @Test
    void theServerEndingTheCopyCompletesTheStream() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        server.send(COPY_BOTH, xLogData(0x100, "a"), CopyDone.INSTANCE).expect('d').expect('c')
                .send(new CommandComplete("COPY 0"), ReadyForQuery.IDLE);
        StepVerifier.create(stream.messages()).expectNextCount(1).expectComplete().verify(BOUND);
        server.awaitScript();
    }

    /** A walsender ERROR inside the copy (before PostgreSQL 18, a missing publication): the stream fails, the connection stays. */
    @Test
    void anErrorInsideTheCopyFailsTheStreamAndTheConnectionStaysUsable() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        server.send(COPY_BOTH, xLogData(0x100, "a"), ServerErrors.undefinedTable(), ReadyForQuery.IDLE)
                .expect('Q')
                .send(ScriptedServer.textColumns(1), io.pgfast.protocol.backend.DataRow.of("1".getBytes(StandardCharsets.US_ASCII)),
                        new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        StepVerifier.create(stream.messages())
                .expectNextCount(1)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(io.r2dbc.spi.R2dbcBadGrammarException.class)
                        .hasMessageContaining("does not exist"))
                .verify(BOUND);
        assertThat(replication.simpleQuery("SELECT 1").blockLast(BOUND).get(0, String.class)).isEqualTo("1");
        server.awaitScript();
        assertThat(server.receivedTypes()).as("no CopyDone after the server's error: the copy is over").isEqualTo("QQ");
    }

    private void assertStreamFails(ReplicationStream<?> stream, String messagePart) {
        StepVerifier.create(stream.messages())
                .thenConsumeWhile(m -> true)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining(messagePart))
                .verify(BOUND);
        server.awaitScript();
        assertThat(replication.isOpen()).isFalse();
    }

    @Test
    void anUnknownReplicationMessageFailsTheStreamAndClosesTheConnection() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        ByteBuf bad = Unpooled.buffer().writeByte('x').writeLong(1);
        server.send(COPY_BOTH, xLogData(0x100, "a"), new CopyData(bad), xLogData(0x200, "never")).expectClientClose();
        assertStreamFails(stream, "unknown message type 0x78");
    }

    @Test
    void aTruncatedXLogDataFailsTheStream() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        ByteBuf bad = Unpooled.buffer().writeByte('w').writeLong(1);
        server.send(COPY_BOTH, new CopyData(bad)).expectClientClose();
        assertStreamFails(stream, "XLogData: truncated");
    }

    @Test
    void aMalformedPgOutputMessageFailsTheStream() {
        open(Duration.ZERO);
        ReplicationStream<?> stream = replication.startReplication(StartReplication.slot("s"), PgOutput.publications("p"));
        ByteBuf insert = Unpooled.buffer().writeByte('I').writeInt(16384).writeByte('N').writeShort(0);
        server.send(COPY_BOTH, copyData(new XLogData(0x100, 0x100, 0, insert))).expectClientClose();
        assertStreamFails(stream, "which no Relation message described");
    }

    @Test
    void copyDataBeforeTheCopyFailsTheStream() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        server.send(xLogData(0x100, "early")).expectClientClose();
        assertStreamFails(stream, "CopyData outside");
    }

    @Test
    void theServerClosingTheConnectionMidStreamFailsIt() {
        ReplicationStream<WalData> stream = open(Duration.ZERO);
        server.send(COPY_BOTH, xLogData(0x100, "a")).closeConnection();
        assertStreamFails(stream, "closed");
    }
}
