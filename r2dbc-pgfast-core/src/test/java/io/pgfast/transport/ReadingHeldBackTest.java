package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.BackendEncoder;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.ReadyForQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Auto-read is off exactly while the head conversation refuses what comes next. Bytes can still arrive while it is
 * off: Netty 4.1's epoll runs a read it queued when auto-read was last switched on, even after auto-read went off
 * again. The demand they find may have come meanwhile, with its resume still queued behind that
 * read; that resume then finds nothing held back, so the drain of those bytes must switch reading back on itself. It
 * did not, and a 300 MB result read by a slow consumer on Netty 4.1 stopped for good, with the consumer waiting for
 * rows and the socket never read again (BackpressureTest, about one run in fifteen).
 */
class ReadingHeldBackTest {

    private EmbeddedChannel channel;
    private Transport transport;
    private boolean demand;
    private int rows;

    @BeforeEach
    void open() {
        channel = new EmbeddedChannel();
        transport = new Transport(channel, TestTransports.embeddedSettings(1 << 20, 16));
        channel.pipeline().addLast(transport.handler());
        transport.submit(new Conversation() {
            @Override
            protected void writeTo(ByteBuf out) {
                out.writeByte('Q');
            }

            @Override
            protected boolean canAccept(BackendMessageType type) {
                return type != BackendMessageType.DATA_ROW || demand;
            }

            @Override
            protected boolean onMessage(BackendMessage message) {
                if (message instanceof DataRow) {
                    rows++;
                }
                return message instanceof ReadyForQuery;
            }

            @Override
            protected void onConnectionFailure(Throwable failure) {
            }
        });
        Object written;
        while ((written = channel.readOutbound()) != null) {
            ReferenceCountUtil.release(written);
        }
    }

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    @Test
    void bytesThatFindDemandWhileReadingIsOffSwitchReadingBackOn() {
        channel.writeInbound(dataRow());
        assertThat(rows).isZero();
        assertThat(channel.config().isAutoRead()).as("auto-read while the head refuses its row").isFalse();

        demand = true;
        // the bytes of the read under way, before the resume that the demand queued
        channel.writeInbound(dataRow());
        assertThat(rows).isEqualTo(2);
        assertThat(channel.config().isAutoRead()).as("auto-read once the rows were taken").isTrue();

        // the resume, late: nothing is held back any more, and reading stays on
        transport.resumeReading();
        assertThat(channel.config().isAutoRead()).isTrue();
        channel.writeInbound(dataRow(), readyForQuery());
        assertThat(rows).isEqualTo(3);
    }

    @Test
    void aResumeSwitchesReadingBackOnAndAnotherRefusalOffAgain() {
        channel.writeInbound(dataRow());
        assertThat(channel.config().isAutoRead()).isFalse();
        demand = true;
        transport.resumeReading();
        assertThat(rows).isEqualTo(1);
        assertThat(channel.config().isAutoRead()).isTrue();

        demand = false;
        channel.writeInbound(dataRow());
        assertThat(rows).isEqualTo(1);
        assertThat(channel.config().isAutoRead()).isFalse();
        // a resume without demand leaves it off
        transport.resumeReading();
        assertThat(channel.config().isAutoRead()).isFalse();
        demand = true;
        transport.resumeReading();
        assertThat(rows).isEqualTo(2);
        assertThat(channel.config().isAutoRead()).isTrue();
        channel.writeInbound(readyForQuery());
    }

    private static ByteBuf dataRow() {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(BackendMessageType.DATA_ROW.code()).writeInt(4 + 2 + 4 + 1).writeShort(1).writeInt(1).writeByte('x');
        return b;
    }

    private static ByteBuf readyForQuery() {
        ByteBuf b = Unpooled.buffer();
        BackendEncoder.encode(ReadyForQuery.IDLE, b);
        return b;
    }
}
