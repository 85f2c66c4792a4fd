package io.pgfast.pool;

import io.r2dbc.spi.Connection;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Function;

/**
 * One statement of a {@link SharedConnection}, as one operator: at subscription it runs on the handle's connection of
 * its own, or is refused ({@link SessionSql}), or takes a held connection of the {@link SharedLeases} and counts there
 * in flight until it ends, is cancelled, or the handle closes, which ends it with {@code onComplete}. It stands for
 * {@code defer}, {@code doFinally} and {@code takeUntilOther} on a sink per handle, which every shared statement
 * assembled before: a tenth of the bytes it allocated.
 */
final class SharedRun<T> extends Flux<T> {

    private final SharedConnection handle;
    private final SharedLeases shared;
    /** Null for a statement that is never refused (a validation). */
    private final String sql;
    private final Function<Connection, Publisher<T>> work;

    SharedRun(SharedConnection handle, SharedLeases shared, String sql, Function<Connection, Publisher<T>> work) {
        this.handle = handle;
        this.shared = shared;
        this.sql = sql;
        this.work = work;
    }

    @Override
    public void subscribe(CoreSubscriber<? super T> actual) {
        if (handle.isClosed()) {
            Operators.error(actual, new IllegalStateException("this connection was closed; acquire another"));
            return;
        }
        Connection own = handle.ownConnection();
        if (own != null) {
            Publisher<T> p;
            try {
                p = work.apply(own);
            } catch (RuntimeException e) {
                Operators.error(actual, e);
                return;
            }
            Flux.from(p).subscribe(actual);
            return;
        }
        String refused = sql == null ? null : shared.refusal(sql);
        if (refused != null) {
            Operators.error(actual, new SharedLeaseException(refused, sql));
            return;
        }
        SharedLeases.Held held = shared.tryPick();
        if (held == null) {
            // no held connection has room (or the pool closed): the group's acquisition, which counts the statement
            shared.run(work).subscribe(new Running<>(actual, handle, shared, null));
            return;
        }
        Publisher<T> p;
        try {
            p = work.apply(held.lease);
        } catch (RuntimeException e) {
            shared.done(held);
            Operators.error(actual, e);
            return;
        }
        p.subscribe(new Running<>(actual, handle, shared, held));
    }

    /**
     * Passes the statement's signals on; ends its count in flight once, whichever comes first of its end, its
     * cancellation and its handle's close. A close from another thread while a signal is being delivered is
     * delivered after it ({@link #wip}), so the subscriber's signals never overlap.
     */
    static final class Running<T> implements CoreSubscriber<T>, Subscription {

        private static final AtomicIntegerFieldUpdater<Running> WIP = AtomicIntegerFieldUpdater.newUpdater(Running.class, "wip");
        private static final AtomicIntegerFieldUpdater<Running> FINISHED =
                AtomicIntegerFieldUpdater.newUpdater(Running.class, "finished");

        private final CoreSubscriber<? super T> actual;
        private final SharedConnection handle;
        private final SharedLeases shared;
        /** The held connection it counts on, or null when the chain it subscribed to counts it. */
        private final SharedLeases.Held held;
        private Subscription upstream;
        /** Non-zero while a signal is delivered, and for good once a terminal one was. */
        private volatile int wip;
        /** 1 once it ended, was cancelled or closed. */
        private volatile int finished;

        Running(CoreSubscriber<? super T> actual, SharedConnection handle, SharedLeases shared, SharedLeases.Held held) {
            this.actual = actual;
            this.handle = handle;
            this.shared = shared;
            this.held = held;
        }

        @Override
        public Context currentContext() {
            return actual.currentContext();
        }

        @Override
        public void onSubscribe(Subscription s) {
            if (Operators.validate(upstream, s)) {
                upstream = s;
                actual.onSubscribe(this);
                if (!handle.track(this)) {
                    closed();
                }
            }
        }

        @Override
        public void onNext(T t) {
            if (wip == 0 && WIP.compareAndSet(this, 0, 1)) {
                actual.onNext(t);
                if (WIP.decrementAndGet(this) != 0) {
                    // the handle closed meanwhile: its completion is delivered here
                    actual.onComplete();
                }
            } else {
                Operators.onNextDropped(t, actual.currentContext());
            }
        }

        @Override
        public void onError(Throwable t) {
            if (!finish()) {
                Operators.onErrorDropped(t, actual.currentContext());
                return;
            }
            if (WIP.getAndIncrement(this) == 0) {
                actual.onError(t);
            } else {
                Operators.onErrorDropped(t, actual.currentContext());
            }
        }

        @Override
        public void onComplete() {
            if (finish() && WIP.getAndIncrement(this) == 0) {
                actual.onComplete();
            }
        }

        @Override
        public void request(long n) {
            upstream.request(n);
        }

        @Override
        public void cancel() {
            if (finish()) {
                upstream.cancel();
            }
        }

        /** The handle closed: the statement is cancelled and its subscriber completes. Any thread. */
        void closed() {
            if (!finish()) {
                return;
            }
            upstream.cancel();
            if (WIP.getAndIncrement(this) == 0) {
                actual.onComplete();
            }
        }

        boolean isFinished() {
            return finished != 0;
        }

        /** True the first time: the statement no longer counts on its held connection nor on its handle. */
        private boolean finish() {
            if (!FINISHED.compareAndSet(this, 0, 1)) {
                return false;
            }
            handle.untrack(this);
            if (held != null) {
                shared.done(held);
            }
            return true;
        }
    }
}
