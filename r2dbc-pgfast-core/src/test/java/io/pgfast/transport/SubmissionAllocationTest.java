package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.frontend.Sync;
import io.pgfast.reliability.AllocationMeter;
import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A conversation submitted from a thread other than the event loop reaches the loop without a task object of its
 * own ({@link Submissions}): on the submitting thread, submitting many allocates only the event loop's task
 * queue, which grows in chunks of references, about 4 bytes a task (measured: 79 016 bytes for 20 000, as when
 * the conversation was its own task); an object per submission would add 16 bytes or more to each. Each
 * conversation is a Sync answered by a ReadyForQuery, so all of them also arrive, in order.
 */
@RequiresPostgres
class SubmissionAllocationTest {

    private static final int CONVERSATIONS = 20_000;

    @Test
    void submittingFromAnotherThreadAllocatesNoTask() throws InterruptedException {
        Transport transport = TestTransports.connect(TestTransports.config());
        try {
            assertThat(transport.channel().eventLoop().inEventLoop()).isFalse();
            // warm-up: the submit path and the loop's task queue
            new Syncs(1000).submitTo(transport).await();
            Syncs syncs = new Syncs(CONVERSATIONS);
            long before = AllocationMeter.allocatedBytes();
            syncs.submitTo(transport);
            long allocated = AllocationMeter.allocatedBytes() - before;
            syncs.await();
            assertThat(syncs.inOrder).as("answered in submission order").isEqualTo(CONVERSATIONS);
            assertThat(allocated).as("bytes allocated by %d submissions", CONVERSATIONS).isLessThan(8L * CONVERSATIONS);
        } finally {
            transport.close().block(TestTransports.TIMEOUT);
        }
    }

    /** Syncs, made before they are submitted; each checks it is answered as the next one in order. */
    private static final class Syncs {

        final Conversation[] conversations;
        final CountDownLatch answered;
        /** How many were answered in submission order (event loop only). */
        int inOrder;

        Syncs(int n) {
            answered = new CountDownLatch(n);
            conversations = new Conversation[n];
            for (int i = 0; i < n; i++) {
                int index = i;
                conversations[i] = new Conversation() {
                    @Override
                    protected void writeTo(ByteBuf out) {
                        Sync.INSTANCE.encode(out);
                    }

                    @Override
                    protected boolean onMessage(BackendMessage message) {
                        if (!(message instanceof ReadyForQuery)) {
                            return false;
                        }
                        if (inOrder == index) {
                            inOrder++;
                        }
                        answered.countDown();
                        return true;
                    }

                    @Override
                    protected void onConnectionFailure(Throwable failure) {
                    }
                };
            }
        }

        Syncs submitTo(Transport transport) {
            for (Conversation c : conversations) {
                transport.submit(c);
            }
            return this;
        }

        void await() throws InterruptedException {
            assertThat(answered.await(60, TimeUnit.SECONDS)).as("every conversation answered").isTrue();
        }
    }
}
