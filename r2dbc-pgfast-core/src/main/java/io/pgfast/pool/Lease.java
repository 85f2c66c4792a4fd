package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionMetadata;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.TransactionDefinition;
import io.r2dbc.spi.ValidationDepth;
import io.r2dbc.spi.Wrapped;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * One acquisition and what it hands out: first the {@link Subscription} of the {@code create()} Mono, then the
 * {@link Connection} its subscriber uses until {@link #close()} gives the connection back. One object per acquisition,
 * the only one in the common case.
 *
 * <p>Acquisition states: {@code NEW} (subscribed), {@code REQUESTED} (demand arrived), {@code READY} (a connection is
 * assigned, no demand yet), {@code DELIVERED} (emitted: the subscriber owns the connection), {@code ENDED} (failed or
 * cancelled before delivery). A connection assigned to an ended lease goes back to the pool.
 *
 * <p>The pool resets on release only what the borrower changed: it compares the isolation level and auto-commit mode
 * with the connection's, and records statement and lock timeouts set through this handle (a timeout set with
 * {@code SET} in SQL, or on the connection {@link #unwrap()} gives, is not seen).
 */
final class Lease implements Connection, Subscription, Wrapped<Connection> {

    private static final int NEW = 0;
    private static final int REQUESTED = 1;
    private static final int READY = 2;
    private static final int DELIVERED = 3;
    private static final int ENDED = 4;

    private static final AtomicIntegerFieldUpdater<Lease> STATE = AtomicIntegerFieldUpdater.newUpdater(Lease.class, "state");
    private static final AtomicIntegerFieldUpdater<Lease> RELEASED = AtomicIntegerFieldUpdater.newUpdater(Lease.class, "released");

    /** {@link #changed} bits. */
    static final int STATEMENT_TIMEOUT = 1;
    static final int LOCK_TIMEOUT = 2;

    private final PgfastPool pool;
    private final CoreSubscriber<? super Connection> actual;
    private volatile int state;
    private volatile int released;
    /** The connection, once assigned. */
    private PoolEntry entry;
    /** The idle connection {@link PoolState#acquire} took for this lease (read right after, same thread). */
    PoolEntry taken;
    /** Attempts to open a connection that failed, within this acquisition. */
    int failedCreations;
    /** The {@code maxAcquireTime} timer, set only when the acquisition has to wait. */
    private volatile Disposable timer;
    /** Session settings the borrower changed through this handle ({@link #STATEMENT_TIMEOUT}, {@link #LOCK_TIMEOUT}). */
    private volatile int changed;

    /** When the acquisition began, for the acquisition timer; 0 when the pool has no meters. */
    final long startedAt;

    Lease(PgfastPool pool, CoreSubscriber<? super Connection> actual, long startedAt) {
        this.pool = pool;
        this.actual = actual;
        this.startedAt = startedAt;
    }

    // --- acquisition ------------------------------------------------------------------------------

    @Override
    public void request(long n) {
        if (n <= 0) {
            fail(new IllegalArgumentException("request must be positive (Reactive Streams rule 3.9), got " + n));
            return;
        }
        for (;;) {
            int s = state;
            if (s == NEW) {
                if (STATE.compareAndSet(this, NEW, REQUESTED)) {
                    return;
                }
            } else if (s == READY) {
                if (STATE.compareAndSet(this, READY, DELIVERED)) {
                    emit();
                }
                return;
            } else {
                return;
            }
        }
    }

    @Override
    public void cancel() {
        for (;;) {
            int s = state;
            if (s == NEW || s == REQUESTED) {
                if (STATE.compareAndSet(this, s, ENDED)) {
                    stopTimer();
                    pool.left(this);
                    return;
                }
            } else if (s == READY) {
                if (STATE.compareAndSet(this, READY, ENDED)) {
                    stopTimer();
                    pool.giveBack(entry);
                }
                return;
            } else {
                return;
            }
        }
    }

    /** Assigns {@code e}: emitted now if there is demand, else on request; given back if the lease has ended. */
    void deliver(PoolEntry e) {
        entry = e;
        for (;;) {
            int s = state;
            if (s == REQUESTED) {
                if (STATE.compareAndSet(this, REQUESTED, DELIVERED)) {
                    emit();
                    return;
                }
            } else if (s == NEW) {
                if (STATE.compareAndSet(this, NEW, READY)) {
                    return;
                }
            } else {
                pool.giveBack(e);
                return;
            }
        }
    }

    private void emit() {
        stopTimer();
        pool.acquired(this);
        actual.onNext(this);
        actual.onComplete();
    }

    /** Ends the acquisition with {@code error} unless a connection was assigned; returns whether it did. */
    boolean fail(Throwable error) {
        for (;;) {
            int s = state;
            if (s != NEW && s != REQUESTED) {
                return false;
            }
            if (STATE.compareAndSet(this, s, ENDED)) {
                stopTimer();
                actual.onError(error);
                return true;
            }
        }
    }

    /** Whether the acquisition is over (delivered, failed or cancelled), or a connection is assigned to it. */
    boolean settled() {
        return state >= READY;
    }

    void startTimer(Disposable t) {
        timer = t;
        if (settled()) {
            t.dispose();
        }
    }

    private void stopTimer() {
        Disposable t = timer;
        if (t != null) {
            t.dispose();
        }
    }

    /** Called once at most, when the subscriber is there: {@code onSubscribe} before anything else. */
    void subscribed() {
        actual.onSubscribe(this);
    }

    PoolEntry entry() {
        return entry;
    }

    int changed() {
        return changed;
    }

    // --- the connection -----------------------------------------------------------------------------

    /** The connection while this lease holds it. */
    private PgfastConnection live() {
        if (released != 0) {
            throw new IllegalStateException("this connection was closed (given back to pool " + pool.name() + "); acquire another");
        }
        return entry.connection;
    }

    @Override
    public PgfastConnection unwrap() {
        return entry.connection;
    }

    @Override
    public Statement createStatement(String sql) {
        return live().createStatement(sql);
    }

    @Override
    public Batch createBatch() {
        return live().createBatch();
    }

    @Override
    public Publisher<Void> beginTransaction() {
        return live().beginTransaction();
    }

    @Override
    public Publisher<Void> beginTransaction(TransactionDefinition definition) {
        return live().beginTransaction(definition);
    }

    @Override
    public Publisher<Void> commitTransaction() {
        return live().commitTransaction();
    }

    @Override
    public Publisher<Void> rollbackTransaction() {
        return live().rollbackTransaction();
    }

    @Override
    public Publisher<Void> createSavepoint(String name) {
        return live().createSavepoint(name);
    }

    @Override
    public Publisher<Void> releaseSavepoint(String name) {
        return live().releaseSavepoint(name);
    }

    @Override
    public Publisher<Void> rollbackTransactionToSavepoint(String name) {
        return live().rollbackTransactionToSavepoint(name);
    }

    @Override
    public boolean isAutoCommit() {
        return live().isAutoCommit();
    }

    @Override
    public Publisher<Void> setAutoCommit(boolean autoCommit) {
        return live().setAutoCommit(autoCommit);
    }

    @Override
    public IsolationLevel getTransactionIsolationLevel() {
        return live().getTransactionIsolationLevel();
    }

    @Override
    public Publisher<Void> setTransactionIsolationLevel(IsolationLevel level) {
        return live().setTransactionIsolationLevel(level);
    }

    @Override
    public Publisher<Void> setStatementTimeout(Duration timeout) {
        Mono<Void> set = live().setStatementTimeout(timeout);
        changed |= STATEMENT_TIMEOUT;
        return set;
    }

    @Override
    public Publisher<Void> setLockWaitTimeout(Duration timeout) {
        Mono<Void> set = live().setLockWaitTimeout(timeout);
        changed |= LOCK_TIMEOUT;
        return set;
    }

    /** False once closed, as for any closed connection. */
    @Override
    public Publisher<Boolean> validate(ValidationDepth depth) {
        if (released != 0) {
            return Mono.just(false);
        }
        return entry.connection.validate(depth);
    }

    @Override
    public ConnectionMetadata getMetadata() {
        return live().getMetadata();
    }

    /**
     * Gives the connection back to the pool, on subscription; the first subscription does it, later ones complete at
     * once (idempotent, as R2DBC asks of {@code close}). Completes once the pool has it back (after a rollback or
     * reset, when one was needed).
     */
    @Override
    public Mono<Void> close() {
        return new Close();
    }

    private final class Close extends Mono<Void> {
        @Override
        public void subscribe(CoreSubscriber<? super Void> s) {
            if (state != DELIVERED || !RELEASED.compareAndSet(Lease.this, 0, 1)) {
                Operators.complete(s);
                return;
            }
            pool.release(Lease.this, s);
        }
    }

    @Override
    public String toString() {
        PoolEntry e = entry;
        return "PooledConnection{pool=" + pool.name() + ", " + (e == null ? "not assigned" : e.connection)
                + (released != 0 ? ", closed" : "") + '}';
    }
}
