package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.pgfast.testing.LeakChecker;
import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.Test;


import static io.pgfast.transport.TestTransports.TIMEOUT;
import static io.pgfast.transport.TestTransports.config;
import static io.pgfast.transport.TestTransports.connect;
import static io.pgfast.transport.TestTransports.rows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A connection reads into the buffer it keeps, taken again only when nothing else holds it: a buffer still
 * held (a message split across reads, a row in use) is never read into, a buffer smaller than the read's
 * guess or larger than {@link ReceiveBuffer#KEEP_AT_MOST} is not taken again, and the kept one is given back
 * when the channel closes. The first part calls the allocator as the channel does; the second runs it on a
 * real connection, with the leak detector at PARANOID.
 */
class ReceiveBufferTest {

    private final ByteBufAllocator alloc = UnpooledByteBufAllocator.DEFAULT;

    @Test
    void aBufferIsReadIntoAgainOnlyOnceNothingElseHoldsIt() {
        ReceiveBuffer receive = new ReceiveBuffer();
        ByteBuf first = receive.allocate(alloc, 2048);
        assertThat(first.refCnt()).as("the channel's reference and the kept one").isEqualTo(2);
        first.writeBytes(new byte[100]);
        first.release();

        // the channel let go of it: the next read goes into it, from its start
        ByteBuf second = receive.allocate(alloc, 2048);
        assertThat(second).isSameAs(first);
        assertThat(second.writerIndex()).isZero();
        second.writeBytes(new byte[100]);

        // a slice of it is still in use (a row, a cumulation's tail): the next read takes a new buffer, kept from now on
        ByteBuf row = second.retainedSlice(10, 20);
        second.release();
        ByteBuf third = receive.allocate(alloc, 2048);
        assertThat(third).isNotSameAs(second);
        assertThat(row.refCnt()).as("the old buffer's last holder is the row").isEqualTo(1);
        row.release();
        assertThat(second.refCnt()).isZero();
        third.release();
        ByteBuf again = receive.allocate(alloc, 2048);
        assertThat(again).isSameAs(third);
        again.release();

        // a larger guess than the kept buffer's size: a new buffer of that size replaces it
        ByteBuf larger = receive.allocate(alloc, 8192);
        assertThat(larger).isNotSameAs(third);
        assertThat(larger.capacity()).isGreaterThanOrEqualTo(8192);
        assertThat(third.refCnt()).isZero();
        larger.release();
        // a smaller guess reads into the larger kept buffer
        ByteBuf small = receive.allocate(alloc, 64);
        assertThat(small).isSameAs(larger);
        small.release();

        // a buffer larger than KEEP_AT_MOST is the channel's alone
        ByteBuf huge = receive.allocate(alloc, ReceiveBuffer.KEEP_AT_MOST * 2);
        assertThat(huge.refCnt()).isEqualTo(1);
        assertThat(receive.kept()).isNull();
        huge.release();

        // released (the channel closed) while a read still holds the kept buffer: its holder frees it, nothing is kept again
        ByteBuf held = receive.allocate(alloc, 64);
        receive.release();
        assertThat(held.refCnt()).isEqualTo(1);
        held.release();
        ByteBuf after = receive.allocate(alloc, 64);
        assertThat(after.refCnt()).isEqualTo(1);
        assertThat(receive.kept()).isNull();
        after.release();
        receive.release();
    }

    @Test
    @RequiresPostgres
    void aConnectionReadsEveryShortAnswerIntoOneBufferAndGivesItBackWhenItCloses() {
        LeakChecker.collectLeaks();
        Transport transport = connect(config());
        ReceiveBuffer receive = (ReceiveBuffer) transport.channel().config().getRecvByteBufAllocator();

        assertThat(rows(transport, "SELECT 1")).containsExactly("1");
        ByteBuf kept = kept(transport, receive);
        assertThat(kept).isNotNull();
        for (int i = 0; i < 20; i++) {
            assertThat(rows(transport, "SELECT " + i)).containsExactly(String.valueOf(i));
        }
        assertThat(kept(transport, receive)).as("every short answer read into the same buffer").isSameAs(kept);

        // one message of 300 kB, read in many parts into the cumulation, and then short answers again
        assertThat(rows(transport, "SELECT repeat('x', 300000)")).singleElement().matches(v -> v.length() == 300000);
        assertThat(rows(transport, "SELECT generate_series(1, 5000)::text")).hasSize(5000).endsWith("5000");
        assertThat(rows(transport, "SELECT 'after'")).containsExactly("after");
        assertThat(kept(transport, receive)).isNotNull();

        transport.close().block(TIMEOUT);
        transport.channel().closeFuture().syncUninterruptibly();
        // the close future's listeners ran in the event-loop task that closed the channel, before this one
        assertThat(kept(transport, receive)).as("given back when the channel closed").isNull();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    /** The allocator's state is the event loop's: read it there. */
    private static ByteBuf kept(Transport transport, ReceiveBuffer receive) {
        return transport.eventLoop().submit(receive::kept).syncUninterruptibly().getNow();
    }
}
