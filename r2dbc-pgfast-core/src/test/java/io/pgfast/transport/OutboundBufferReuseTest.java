package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.testing.LeakChecker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue renders every flush into one kept buffer, taken again only once the channel has released it
 * (the bytes are sent): a buffer still on its way to the socket is never written into, a buffer grown past
 * {@link ConversationQueue#KEEP_AT_MOST} is given back after its write, and the kept one is released when the
 * connection ends. An {@link EmbeddedChannel} holds each written message until the test reads and releases it,
 * which is a write that has not reached the socket yet.
 */
class OutboundBufferReuseTest {

    @Test
    void aBufferIsWrittenIntoAgainOnlyAfterTheChannelReleasedIt() {
        LeakChecker.collectLeaks();
        EmbeddedChannel channel = new EmbeddedChannel();
        Transport transport = new Transport(channel, TestTransports.embeddedSettings(1 << 20, 16));
        channel.pipeline().addLast(transport.handler());

        transport.submit(writing(3, 'a'));
        ByteBuf first = channel.readOutbound();
        // the first write is still held by the channel: the next statement may not render into it
        transport.submit(writing(3, 'b'));
        ByteBuf second = channel.readOutbound();
        assertThat(second).isNotSameAs(first);
        assertThat(first.toString(java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("aaa");
        assertThat(second.toString(java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("bbb");
        first.release();
        second.release();

        // the channel is done with the second: the third renders into it, from its start
        transport.submit(writing(2, 'c'));
        ByteBuf third = channel.readOutbound();
        assertThat(third).isSameAs(second);
        assertThat(third.toString(java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("cc");
        third.release();

        // a flush that grew past the limit is not kept: once sent, nothing holds it
        transport.submit(writing(ConversationQueue.KEEP_AT_MOST + 1, 'd'));
        ByteBuf big = channel.readOutbound();
        assertThat(big.readableBytes()).isEqualTo(ConversationQueue.KEEP_AT_MOST + 1);
        assertThat(big.refCnt()).isEqualTo(1);
        big.release();
        transport.submit(writing(1, 'e'));
        ByteBuf after = channel.readOutbound();
        assertThat(after).isNotSameAs(big);
        after.release();

        // the connection ends while a write is still held: the queue lets go of the kept buffer, the channel of its own
        transport.submit(writing(1, 'f'));
        ByteBuf held = channel.readOutbound();
        channel.close();
        assertThat(held.refCnt()).isEqualTo(1);
        held.release();
        channel.finishAndReleaseAll();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    /** A conversation that writes {@code n} bytes {@code b} and waits for nothing (the test sends no answer). */
    private static Conversation writing(int n, char b) {
        return new Conversation() {
            @Override
            protected void writeTo(ByteBuf out) {
                for (int i = 0; i < n; i++) {
                    out.writeByte(b);
                }
            }

            @Override
            protected boolean onMessage(BackendMessage message) {
                return true;
            }

            @Override
            protected void onConnectionFailure(Throwable failure) {
            }
        };
    }
}
