package io.pgfast.pool;

import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a shared statement's signals meet its handle's close, without a server: the close cancels the statement and
 * completes its subscriber, never while another signal is being delivered to it, and only once.
 */
class SharedRunTest {

    private static final long WAIT_SECONDS = 30;

    /** A statement's upstream that the test drives by hand. */
    private static final class Upstream implements Subscription {
        Subscriber<? super String> subscriber;
        final AtomicLong requested = new AtomicLong();
        final AtomicBoolean cancelled = new AtomicBoolean();

        void subscribe(Subscriber<? super String> s) {
            subscriber = s;
            s.onSubscribe(this);
        }

        @Override
        public void request(long n) {
            requested.addAndGet(n);
        }

        @Override
        public void cancel() {
            cancelled.set(true);
        }
    }

    /** What the statement's subscriber saw, in order. */
    private static final class Seen implements CoreSubscriber<String> {
        final List<String> signals = new CopyOnWriteArrayList<>();
        volatile CountDownLatch holdOnNext;
        final CountDownLatch inOnNext = new CountDownLatch(1);
        final AtomicBoolean delivering = new AtomicBoolean();
        volatile boolean overlapped;
        Subscription subscription;

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String t) {
            enter();
            signals.add(t);
            CountDownLatch hold = holdOnNext;
            if (hold != null) {
                inOnNext.countDown();
                try {
                    assertThat(hold.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            leave();
        }

        @Override
        public void onError(Throwable t) {
            enter();
            signals.add("error " + t.getMessage());
            leave();
        }

        @Override
        public void onComplete() {
            enter();
            signals.add("complete");
            leave();
        }

        private void enter() {
            if (!delivering.compareAndSet(false, true)) {
                overlapped = true;
            }
        }

        private void leave() {
            delivering.set(false);
        }
    }

    private static SharedConnection handle() {
        return new SharedConnection(null, Mono.never());
    }

    private static SharedRun.Running<String> running(SharedConnection handle, Seen seen, Upstream upstream) {
        SharedRun.Running<String> r = new SharedRun.Running<>(seen, handle, null, null);
        upstream.subscribe(r);
        return r;
    }

    @Test
    void aCloseWhileARowIsDeliveredCompletesAfterItOnceAndCancels() throws Exception {
        SharedConnection handle = handle();
        Seen seen = new Seen();
        Upstream upstream = new Upstream();
        running(handle, seen, upstream);
        seen.holdOnNext = new CountDownLatch(1);
        Thread emitter = new Thread(() -> upstream.subscriber.onNext("a"));
        emitter.start();
        assertThat(seen.inOnNext.await(WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        handle.close().block(Duration.ofSeconds(WAIT_SECONDS));
        assertThat(upstream.cancelled).isTrue();
        assertThat(seen.signals).as("not while onNext runs").containsExactly("a");
        seen.holdOnNext.countDown();
        emitter.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertThat(seen.signals).containsExactly("a", "complete");
        // what the statement still signals after its cancellation is dropped
        seen.holdOnNext = null;
        upstream.subscriber.onNext("b");
        upstream.subscriber.onComplete();
        assertThat(seen.signals).containsExactly("a", "complete");
        assertThat(seen.overlapped).isFalse();
    }

    @Test
    void aCloseBetweenSignalsCompletesAtOnce() {
        SharedConnection handle = handle();
        Seen seen = new Seen();
        Upstream upstream = new Upstream();
        running(handle, seen, upstream);
        assertThat(upstream.requested.get()).isEqualTo(Long.MAX_VALUE);
        upstream.subscriber.onNext("a");
        handle.close().block(Duration.ofSeconds(WAIT_SECONDS));
        assertThat(upstream.cancelled).isTrue();
        assertThat(seen.signals).containsExactly("a", "complete");
        upstream.subscriber.onError(new IllegalStateException("late"));
        assertThat(seen.signals).containsExactly("a", "complete");
    }

    @Test
    void aStatementThatEndedOrWasCancelledIsLeftAloneByTheClose() {
        SharedConnection handle = handle();
        Seen ended = new Seen();
        Upstream endedUpstream = new Upstream();
        running(handle, ended, endedUpstream);
        endedUpstream.subscriber.onNext("a");
        endedUpstream.subscriber.onComplete();
        Seen cancelled = new Seen();
        Upstream cancelledUpstream = new Upstream();
        running(handle, cancelled, cancelledUpstream);
        cancelled.subscription.cancel();
        assertThat(cancelledUpstream.cancelled).isTrue();
        handle.close().block(Duration.ofSeconds(WAIT_SECONDS));
        assertThat(ended.signals).containsExactly("a", "complete");
        assertThat(endedUpstream.cancelled).isFalse();
        assertThat(cancelled.signals).isEmpty();
    }

    @Test
    void aStatementThatStartsOnAClosedHandleCompletesAtOnce() {
        SharedConnection handle = handle();
        handle.close().block(Duration.ofSeconds(WAIT_SECONDS));
        Seen seen = new Seen();
        Upstream upstream = new Upstream();
        running(handle, seen, upstream);
        assertThat(upstream.cancelled).isTrue();
        assertThat(seen.signals).containsExactly("complete");
    }

    @Test
    void everyStatementStillRunningIsEndedByTheClose() {
        SharedConnection handle = handle();
        Seen[] seen = new Seen[5];
        Upstream[] upstreams = new Upstream[5];
        for (int i = 0; i < 5; i++) {
            seen[i] = new Seen();
            upstreams[i] = new Upstream();
            running(handle, seen[i], upstreams[i]);
        }
        handle.close().block(Duration.ofSeconds(WAIT_SECONDS));
        for (int i = 0; i < 5; i++) {
            assertThat(upstreams[i].cancelled).as("statement " + i).isTrue();
            assertThat(seen[i].signals).as("statement " + i).containsExactly("complete");
        }
    }
}
