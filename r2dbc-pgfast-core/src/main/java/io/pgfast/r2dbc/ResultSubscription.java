package io.pgfast.r2dbc;

import io.pgfast.flow.Demand;
import io.pgfast.flow.ResultConsumer;
import io.pgfast.flow.ResultFeed;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.backend.NoticeResponse;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.Predicate;

/**
 * What {@code map}, {@code getRowsUpdated} or {@code flatMap} of a Result returns: the publisher and, once
 * subscribed, the subscription of its one consumer — one object, since a Result is consumed once (a second
 * subscription gets an IllegalStateException, as a second consumer of the Result does).
 * Rows go straight through under the subscriber's demand; the few other items (a row count, mapped
 * messages) wait in a small queue when there is no demand yet.
 *
 * <p>Signals to the subscriber happen on the connection's event loop. {@code request} and
 * {@code cancel} may come from any thread (Reactive Streams 2.7, 3.5).
 */
abstract class ResultSubscription<T> extends Flux<T> implements Subscription, ResultConsumer {

    /** Set once, by the first {@link #subscribe}. */
    private volatile Subscriber<? super T> actual;
    @SuppressWarnings("rawtypes")
    private static final AtomicReferenceFieldUpdater<ResultSubscription, Subscriber> ACTUAL =
            AtomicReferenceFieldUpdater.newUpdater(ResultSubscription.class, Subscriber.class, "actual");
    final ResultFeed feed;
    final Predicate<Result.Segment> filter;
    @SuppressWarnings("rawtypes")
    private static final AtomicLongFieldUpdater<ResultSubscription> REQUESTED =
            AtomicLongFieldUpdater.newUpdater(ResultSubscription.class, "requested");
    private volatile long requested;
    private volatile boolean cancelled;
    /** The subscriber cancelled: nothing more may be signalled to it (no onError after cancel). */
    private volatile boolean userCancelled;
    private boolean terminated;
    private ArrayDeque<T> pending;
    private boolean completeWhenDrained;
    private Throwable errorWhenDrained;
    private boolean drainingPending;

    ResultSubscription(ResultFeed feed, Predicate<Result.Segment> filter) {
        this.feed = feed;
        this.filter = filter;
    }

    /** The first subscriber: onSubscribe now, attach on the event loop. */
    @Override
    public final void subscribe(CoreSubscriber<? super T> subscriber) {
        if (!ACTUAL.compareAndSet(this, null, subscriber)) {
            Operators.error(subscriber, new IllegalStateException("this Result was already consumed: a Result can be consumed only once"));
            return;
        }
        subscriber.onSubscribe(this);
        // usually we are on the event loop already (the Result was just emitted there): no hop, and no task
        // object either (a lambda passed to a method that may hand it to the event loop is allocated every time)
        if (inLoop()) {
            attach();
        } else {
            feed.transport().eventLoop().execute(this::attach);
        }
    }

    private void attach() {
        if (!feed.attach(this)) {
            terminated = true;
            actual.onError(new IllegalStateException("this Result was already consumed: a Result can be consumed only once"));
        }
    }

    private boolean inLoop() {
        return feed.transport().eventLoop().inEventLoop();
    }

    private void onLoop(Runnable task) {
        if (inLoop()) {
            task.run();
        } else {
            feed.transport().eventLoop().execute(task);
        }
    }

    @Override
    public final void request(long n) {
        if (n <= 0) {
            abandon();
            onLoop(() -> signalError(new IllegalArgumentException("§3.9: request must be positive, was " + n)));
            return;
        }
        Demand.add(REQUESTED, this, n);
        if (inLoop()) {
            onDemand();
        } else {
            feed.transport().eventLoop().execute(this::onDemand);
        }
        feed.transport().resumeReading();
    }

    @Override
    public final void cancel() {
        userCancelled = true;
        stopRows();
    }

    /**
     * Stops taking rows (the rest are released unread, the server's work is cancelled where safe) without
     * the subscriber having cancelled: used when a mapping function fails, whose error is then reported.
     */
    final void abandon() {
        stopRows();
    }

    private void stopRows() {
        if (!cancelled) {
            cancelled = true;
            if (inLoop()) {
                feed.cancelled();
            } else {
                feed.transport().eventLoop().execute(feed::cancelled);
            }
            feed.transport().resumeReading();
        }
    }

    /** New demand (event loop): what waits here first, then the rows read ahead for it. */
    private void onDemand() {
        drainPending();
        if (!terminated) {
            feed.handOutRowsReadAhead();
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
        return cancelled || terminated || requested > 0;
    }

    /** Whether an item may be emitted now; consumes one unit of demand when so. */
    final boolean tryConsumeDemand() {
        for (;;) {
            long r = requested;
            if (r == 0) {
                return false;
            }
            if (r == Long.MAX_VALUE || REQUESTED.compareAndSet(this, r, r - 1)) {
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
        if (errorWhenDrained != null && !userCancelled) {
            // also after abandon(): a failing mapping function stops the rows, then reports
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
        feed.transport().notices().log(notice);
    }

    /** The Result's error: to the subscriber, unless the filter drops its Message segment, which completes instead. */
    @Override
    public void error(R2dbcException error) {
        if (filter != null && !filter.test(new Segments.Message(error))) {
            signalComplete();
            return;
        }
        signalError(error);
    }

    static R2dbcException asException(NoticeResponse notice) {
        return PgExceptionFactory.create(ErrorDetails.of(notice.fields()), null);
    }
}
