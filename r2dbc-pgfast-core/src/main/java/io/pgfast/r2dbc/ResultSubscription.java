package io.pgfast.r2dbc;

import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.backend.NoticeResponse;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The subscription of one consumer of a Result ({@code map}, {@code getRowsUpdated} or {@code flatMap}).
 * Rows go straight through under the subscriber's demand; the few other items (a row count, mapped
 * messages) wait in a small queue when there is no demand yet.
 *
 * <p>Signals to the subscriber happen on the connection's event loop. {@code request} and
 * {@code cancel} may come from any thread (Reactive Streams 2.7, 3.5).
 */
abstract class ResultSubscription<T> implements Subscription, ResultConsumer {

    static final Logger NOTICES = Loggers.getLogger("io.pgfast.notice");

    final Subscriber<? super T> actual;
    final ResultFeed feed;
    final Predicate<Result.Segment> filter;
    private final AtomicLong requested = new AtomicLong();
    private volatile boolean cancelled;
    private boolean terminated;
    private ArrayDeque<T> pending;
    private boolean completeWhenDrained;
    private Throwable errorWhenDrained;
    private boolean drainingPending;

    ResultSubscription(Subscriber<? super T> actual, ResultFeed feed, Predicate<Result.Segment> filter) {
        this.actual = actual;
        this.feed = feed;
        this.filter = filter;
    }

    /** Subscribes {@code actual} through this subscription: onSubscribe now, attach on the event loop. */
    final void start() {
        actual.onSubscribe(this);
        // usually we are on the event loop already (the Result was just emitted there): no hop
        onLoop(() -> {
            if (!feed.attach(this)) {
                terminated = true;
                actual.onError(new IllegalStateException("this Result was already consumed: a Result can be consumed only once"));
            }
        });
    }

    private void onLoop(Runnable task) {
        if (feed.transport.eventLoop().inEventLoop()) {
            task.run();
        } else {
            feed.transport.eventLoop().execute(task);
        }
    }

    @Override
    public final void request(long n) {
        if (n <= 0) {
            cancel();
            onLoop(() -> signalError(new IllegalArgumentException("§3.9: request must be positive, was " + n)));
            return;
        }
        for (;;) {
            long r = requested.get();
            long next = r + n < 0 ? Long.MAX_VALUE : r + n;
            if (r == Long.MAX_VALUE || requested.compareAndSet(r, next)) {
                break;
            }
        }
        onLoop(this::drainPending);
        feed.transport.resumeReading();
    }

    @Override
    public final void cancel() {
        if (!cancelled) {
            cancelled = true;
            onLoop(feed::cancelled);
            feed.transport.resumeReading();
        }
    }

    final boolean isCancelled() {
        return cancelled;
    }

    final boolean isTerminated() {
        return terminated;
    }

    @Override
    public boolean acceptsRow() {
        return cancelled || terminated || requested.get() > 0;
    }

    /** Whether an item may be emitted now; consumes one unit of demand when so. */
    final boolean tryConsumeDemand() {
        for (;;) {
            long r = requested.get();
            if (r == 0) {
                return false;
            }
            if (r == Long.MAX_VALUE || requested.compareAndSet(r, r - 1)) {
                return true;
            }
        }
    }

    /** Emits an item, or queues it while there is no demand (event loop). */
    final void emit(T item) {
        if (cancelled || terminated) {
            return;
        }
        if ((pending == null || pending.isEmpty()) && tryConsumeDemand()) {
            actual.onNext(item);
            return;
        }
        if (pending == null) {
            pending = new ArrayDeque<>(4);
        }
        pending.add(item);
    }

    /** Emits a row's mapped value; the flow only delivers a row when there is demand (event loop). */
    final void emitRowValue(T item) {
        if (cancelled || terminated) {
            return;
        }
        if (tryConsumeDemand()) {
            actual.onNext(item);
        } else {
            emit(item);
        }
    }

    final void signalComplete() {
        completeWhenDrained = true;
        drainPending();
    }

    final void signalError(Throwable e) {
        errorWhenDrained = e;
        if (pending != null) {
            pending.clear();
        }
        drainPending();
    }

    private void drainPending() {
        if (terminated || drainingPending) {
            return;
        }
        drainingPending = true;
        try {
            drainPendingNow();
        } finally {
            drainingPending = false;
        }
    }

    private void drainPendingNow() {
        if (errorWhenDrained != null) {
            // also after our own cancel(): a failing mapping function cancels the rows, then reports
            terminated = true;
            actual.onError(errorWhenDrained);
            return;
        }
        if (cancelled) {
            terminated = true;
            pending = null;
            return;
        }
        while (pending != null && !pending.isEmpty() && tryConsumeDemand()) {
            actual.onNext(pending.poll());
            if (cancelled) {
                terminated = true;
                return;
            }
        }
        if (completeWhenDrained && (pending == null || pending.isEmpty())) {
            terminated = true;
            actual.onComplete();
        }
    }

    @Override
    public void notice(NoticeResponse notice) {
        NOTICES.info("{}: {} ({})", notice.severity(), notice.message(), notice.code());
    }

    static R2dbcException asException(NoticeResponse notice) {
        return PgExceptionFactory.create(ErrorDetails.of(notice.fields()), null);
    }
}
