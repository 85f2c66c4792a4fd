package io.pgfast.flow;

import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import org.reactivestreams.Subscription;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The Subscription side of a COPY whose CopyData the server streams to one subscriber ({@link CopyOutFlow}; a
 * replication stream's COPY BOTH in {@code io.pgfast.replication}): the subscriber's demand, its cancel, and the
 * error of a request that is not positive (Reactive Streams 3.9). A CopyData is taken from the receive buffer only
 * while there is demand, so new demand resumes reading; a cancel or a bad request hops to the event loop, where
 * the flow {@link #stop()}s the server's work.
 *
 * <p>Threading: {@link #request} and {@link #cancel} come from any thread; everything else runs on the event loop.
 */
public abstract class CopyDataSubscription extends Conversation implements Subscription {

    protected final Transport transport;
    private final AtomicLong demand = new AtomicLong();
    private volatile boolean cancelled;
    /** The error of a request that was not positive (event loop): the subscriber gets it when the flow ends. */
    private Throwable requestError;

    protected CopyDataSubscription(Transport transport) {
        this.transport = transport;
    }

    @Override
    public final void request(long n) {
        if (n <= 0) {
            transport.eventLoop().execute(() -> {
                if (requestError == null) {
                    requestError = new IllegalArgumentException("Reactive Streams 3.9: request must be positive, was " + n);
                }
                stop();
            });
            return;
        }
        Demand.add(demand, n);
        onDemand();
        transport.resumeReading();
    }

    @Override
    public final void cancel() {
        if (!cancelled) {
            cancelled = true;
            cancelBeforeWrite();
            transport.eventLoop().execute(this::stop);
        }
    }

    /** New demand arrived (any thread), before reading resumes; nothing more by default. */
    protected void onDemand() {
    }

    /** The subscriber cancelled or broke 3.9 (event loop): stop the server's work, once the copy has begun. */
    protected abstract void stop();

    /** Whether the subscriber cancelled, or the flow ended the subscription ({@link #endSubscription}); any thread. */
    public final boolean isCancelled() {
        return cancelled;
    }

    /** Ends the subscription from the flow's side, which then signals the subscriber; false when it had ended already. */
    protected final boolean endSubscription() {
        if (cancelled) {
            return false;
        }
        cancelled = true;
        return true;
    }

    /** The error of a request that was not positive, or null (event loop). */
    protected final Throwable requestError() {
        return requestError;
    }

    /** Whether the subscriber asked for more than it was given. */
    protected final boolean hasDemand() {
        return demand.get() > 0;
    }

    /** One item is handed to the subscriber: one less demand, unless the demand is unbounded. */
    protected final void produced() {
        if (demand.get() != Long.MAX_VALUE) {
            demand.decrementAndGet();
        }
    }
}
