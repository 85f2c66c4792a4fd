package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.ValidationDepth;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What a {@link PgfastPool} does with a connection its borrower closes, before the pool takes it back
 * ({@link PgfastPool#giveBack}) or drops it ({@link PgfastPool#drop}): a closed socket is dropped; a statement still
 * running is waited for, sending nothing, or drained; an open transaction is rolled back and what the borrower changed
 * through the API is reset. In the common case, a connection at rest that nobody changed, none of it needs a round
 * trip. Every wait is bounded by {@code drainTime}, after which the connection is closed.
 */
final class Release {

    private static final Logger LOG = Loggers.getLogger(Release.class);

    private final PgfastPool pool;
    private final Duration drainTime;

    Release(PgfastPool pool, Duration drainTime) {
        this.pool = pool;
        this.drainTime = drainTime;
    }

    /** {@code lease.close()}'s first subscription: checks and resets the connection, gives it back, completes {@code s}. */
    void release(Lease lease, CoreSubscriber<? super Void> s) {
        PoolEntry e = lease.entry();
        PgfastConnection c = e.connection;
        if (!c.isOpen()) {
            pool.drop(e);
            Operators.complete(s);
            return;
        }
        if (!c.isAtRest()) {
            if (!c.eventLoop().inEventLoop()) {
                // seen from another thread, a conversation that does not mark its ending (a COPY) may still be
                // finishing on the event loop while the caller it woke up gives back: look again there
                c.eventLoop().execute(() -> release(lease, s));
                return;
            }
            new AwaitRest(lease, e, s).start();
            return;
        }
        giveBackAtRest(lease, e, s);
    }

    /** Gives back a connection at rest, reset first if the borrower changed it. */
    private void giveBackAtRest(Lease lease, PoolEntry e, CoreSubscriber<? super Void> s) {
        if (needsReset(lease, e)) {
            reset(lease, e, s);
            return;
        }
        pool.giveBack(e);
        Operators.complete(s);
    }

    /**
     * A connection given back while its statement still runs, on its event loop: waits, sending nothing, until the
     * statement has ended (rows that arrive after the borrower's last signal, as with a shared lease's statement, whose
     * Results publisher ends before its rows do), then gives it back as usual. Bounded by {@code drainTime}, after
     * which the connection is closed. When the rows wait for a consumer that asks for no more (an abandoned or
     * cancelled result), {@link #drain} instead, which makes them read ahead.
     */
    private final class AwaitRest implements Runnable {
        private final Lease lease;
        private final PoolEntry entry;
        private final CoreSubscriber<? super Void> subscriber;
        private ScheduledFuture<?> deadline;
        /** Settled or timed out, whichever came first (event loop only). */
        private boolean over;

        AwaitRest(Lease lease, PoolEntry entry, CoreSubscriber<? super Void> subscriber) {
            this.lease = lease;
            this.entry = entry;
            this.subscriber = subscriber;
        }

        void start() {
            PgfastConnection c = entry.connection;
            // before whenSettled, which may run this at once
            deadline = c.eventLoop().schedule(this::timedOut, drainTime.toNanos(), TimeUnit.NANOSECONDS);
            c.whenSettled(this);
        }

        /** The connection settled. */
        @Override
        public void run() {
            if (over) {
                return;
            }
            over = true;
            deadline.cancel(false);
            PgfastConnection c = entry.connection;
            if (!c.isOpen()) {
                pool.drop(entry);
                Operators.complete(subscriber);
            } else if (c.isAtRest()) {
                giveBackAtRest(lease, entry, subscriber);
            } else {
                drain(lease, entry, subscriber);
            }
        }

        private void timedOut() {
            if (over) {
                return;
            }
            over = true;
            LOG.debug("pool {}: a connection given back with a statement running did not finish within drainTime ({}); closed",
                    pool.name(), drainTime);
            pool.drop(entry);
            Operators.complete(subscriber);
        }
    }

    /**
     * A statement's rows wait for a consumer that asks for no more: a validation queued behind it makes them read
     * ahead (or fails), and the connection is reset and given back once it has ended (up to {@code drainTime}), else
     * closed.
     */
    private void drain(Lease lease, PoolEntry e, CoreSubscriber<? super Void> s) {
        PgfastConnection c = e.connection;
        c.validate(ValidationDepth.REMOTE).timeout(drainTime).onErrorReturn(false).subscribe(atRest -> {
            if (atRest && c.isOpen()) {
                reset(lease, e, s);
            } else {
                LOG.debug("pool {}: a connection given back with a statement running did not finish within drainTime ({}); closed",
                        pool.name(), drainTime);
                pool.drop(e);
                Operators.complete(s);
            }
        });
    }

    private static boolean needsReset(Lease lease, PoolEntry e) {
        PgfastConnection c = e.connection;
        return !c.isAutoCommit() || lease.changed() != 0 || c.getTransactionIsolationLevel() != e.isolation;
    }

    /** Rolls back an open transaction and resets what the borrower changed, then gives the connection back. */
    private void reset(Lease lease, PoolEntry e, CoreSubscriber<? super Void> s) {
        PgfastConnection c = e.connection;
        Mono<Void> reset = c.preRelease();
        if (c.getTransactionIsolationLevel() != e.isolation) {
            reset = reset.then(c.setTransactionIsolationLevel(e.isolation));
        }
        int changed = lease.changed();
        if (changed != 0) {
            String sql = (changed & Lease.STATEMENT_TIMEOUT) != 0 && (changed & Lease.LOCK_TIMEOUT) != 0
                    ? "RESET statement_timeout; RESET lock_timeout"
                    : (changed & Lease.STATEMENT_TIMEOUT) != 0 ? "RESET statement_timeout" : "RESET lock_timeout";
            reset = reset.then(Flux.from(c.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).then());
        }
        reset.timeout(drainTime).subscribe(null, err -> {
            LOG.debug("pool {}: resetting a connection given back failed; closed", pool.name(), err);
            pool.drop(e);
            Operators.complete(s);
        }, () -> {
            if (c.isOpen() && c.isAutoCommit()) {
                pool.giveBack(e);
            } else {
                pool.drop(e);
            }
            Operators.complete(s);
        });
    }
}
