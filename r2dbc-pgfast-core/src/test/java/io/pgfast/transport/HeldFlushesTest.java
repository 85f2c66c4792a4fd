package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.testing.LeakChecker;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flushes wait while the event loop dispatches backend messages or takes submitted conversations
 * ({@link HeldFlushes}), for every connection of the loop: what one callback submits to several connections leaves
 * in one write per connection. Two embedded channels run on the test's thread, as two connections on one loop.
 */
class HeldFlushesTest {

    /** A ReadyForQuery, idle: type, Int32 length 5, status. */
    private static final byte[] READY_FOR_QUERY = {'Z', 0, 0, 0, 5, 'I'};

    @Test
    void whatACallbackSubmitsToAnotherConnectionOfTheLoopLeavesInOneWrite() {
        LeakChecker.collectLeaks();
        EmbeddedChannel x = channel();
        EmbeddedChannel y = channel();
        Transport tx = transportOf(x);
        Transport ty = transportOf(y);

        List<String> order = new ArrayList<>();
        tx.submit(new Answered(() -> {
            ty.submit(writing("aa", order));
            ty.submit(writing("bb", order));
            // the dispatching connection's own submissions wait too
            tx.submit(writing("xx", order));
            ty.submit(writing("cc", order));
        }));
        assertThat(readAll(x)).containsExactly("q");
        x.writeInbound(Unpooled.wrappedBuffer(READY_FOR_QUERY));

        assertThat(readAll(y)).containsExactly("aabbcc");
        assertThat(readAll(x)).containsExactly("xx");
        assertThat(order).containsExactly("aa", "bb", "cc", "xx");
        x.finishAndReleaseAll();
        y.finishAndReleaseAll();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    @Test
    void outsideADispatchEveryFlushLeavesAtOnce() {
        LeakChecker.collectLeaks();
        EmbeddedChannel y = channel();
        Transport ty = transportOf(y);
        List<String> order = new ArrayList<>();
        ty.submit(writing("aa", order));
        assertThat(readAll(y)).containsExactly("aa");
        ty.submit(writing("bb", order));
        assertThat(readAll(y)).containsExactly("bb");
        y.finishAndReleaseAll();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    @Test
    void conversationsSubmittedFromOtherThreadsAndTakenTogetherLeaveInOneWrite() {
        LeakChecker.collectLeaks();
        EmbeddedChannel y = channel();
        Transport ty = transportOf(y);
        Submissions submissions = new Submissions(y.eventLoop(), ty::submit);
        List<String> order = new ArrayList<>();
        // an embedded channel's loop runs its tasks when the test says: three submissions, then one run takes all
        submissions.add(writing("aa", order));
        submissions.add(writing("bb", order));
        submissions.add(writing("cc", order));
        y.runPendingTasks();

        assertThat(readAll(y)).containsExactly("aabbcc");
        assertThat(order).containsExactly("aa", "bb", "cc");
        y.finishAndReleaseAll();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    @Test
    void aHoldNestedInAnotherFlushesOnlyWhenTheOuterEnds() {
        LeakChecker.collectLeaks();
        EmbeddedChannel y = channel();
        Transport ty = transportOf(y);
        List<String> order = new ArrayList<>();
        HeldFlushes held = HeldFlushes.ofThisThread();
        held.hold();
        held.hold();
        ty.submit(writing("aa", order));
        held.release();
        assertThat(readAll(y)).isEmpty();
        ty.submit(writing("bb", order));
        held.release();
        assertThat(held.isHolding()).isFalse();
        assertThat(readAll(y)).containsExactly("aabb");
        y.finishAndReleaseAll();
        assertThat(LeakChecker.collectLeaks()).isEmpty();
    }

    private static EmbeddedChannel channel() {
        return new EmbeddedChannel();
    }

    private static Transport transportOf(EmbeddedChannel channel) {
        Transport transport = new Transport(channel, TestTransports.embeddedSettings(1 << 20, 16));
        channel.pipeline().addLast(transport.handler());
        return transport;
    }

    /** Every write the channel received, one string per write, each released. */
    private static List<String> readAll(EmbeddedChannel channel) {
        List<String> writes = new ArrayList<>();
        ByteBuf b;
        while ((b = channel.readOutbound()) != null) {
            writes.add(b.toString(StandardCharsets.US_ASCII));
            b.release();
        }
        return writes;
    }

    /** Writes {@code text}, noting the order it was rendered in, and waits for nothing (the test sends no answer). */
    private static Conversation writing(String text, List<String> order) {
        return new Conversation() {
            @Override
            protected void writeTo(ByteBuf out) {
                order.add(text);
                out.writeCharSequence(text, StandardCharsets.US_ASCII);
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

    /** Writes one byte and, on its answer, runs {@code then}: a callback inside the dispatch. */
    private static final class Answered extends Conversation {
        private final Runnable then;

        Answered(Runnable then) {
            this.then = then;
        }

        @Override
        protected void writeTo(ByteBuf out) {
            out.writeByte('q');
        }

        @Override
        protected boolean onMessage(BackendMessage message) {
            then.run();
            return true;
        }

        @Override
        protected void onConnectionFailure(Throwable failure) {
        }
    }
}
