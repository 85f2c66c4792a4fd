package io.pgfast.pool;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionMetadata;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.util.ArrayList;
import java.util.function.Function;

/**
 * The connections a pool with {@code sharedLeases} lends to statements of many callers at once, pipelined: each one
 * acquired from the pool like any other (so the pool's metrics count it as acquired) and given back when its last
 * statement ends. A statement goes to the held connection with the fewest statements in flight, the caller's event
 * loop first on a tie, below {@code pipeliningLimit}; when none is, it acquires one more from the pool, bounded by
 * {@code maxAcquireTime} and {@code maxPending} like any acquisition. While an acquisition of someone else waits in
 * the pool, no held connection takes new statements, so each goes back once its statements end and exclusive callers
 * are not starved.
 *
 * <p>A statement counts as in flight from its subscription until its Results publisher ends or is cancelled; a
 * connection given back while rows still arrive (a {@code Mono.from(execute())}) is drained by the pool's release
 * before anyone else gets it.
 */
final class SharedLeases {

    /** SQL texts whose {@link SessionSql} verdict is kept: as many as a connection's prepared statements, and more. */
    static final int VERDICTS_KEPT = 1024;

    /** One held connection; its fields are guarded by the {@link SharedLeases}' lock. */
    static final class Held {
        final Lease lease;
        int inFlight;
        /** Takes no more statements: given back once {@link #inFlight} is 0. */
        boolean draining;

        Held(Lease lease) {
            this.lease = lease;
        }
    }

    private final PgfastPool pool;
    /** The pool's own acquisition of a whole connection. */
    private final Mono<Connection> acquire;
    private final int limit;
    /** Guarded by {@code this}. */
    private final ArrayList<Held> held = new ArrayList<>();
    /** Acquisitions this group has waiting in the pool, guarded by {@code this}. */
    private int acquiring;
    /** The group's acquisition in flight, which statements that found no room wait for; guarded by {@code this}. */
    private Sinks.Empty<Void> joining;
    /** The first handle's look at a connection, shared by the handles made meanwhile; guarded by {@code this}. */
    private Mono<Void> firstLook;
    /** As seen on the first connection: what a handle without a connection of its own reports. */
    private volatile ConnectionMetadata metadata;
    private volatile IsolationLevel isolation;
    private final Mono<Connection> create = Mono.defer(this::handle);
    /** Texts its handles ran, with what {@link SessionSql} refuses in them. */
    private final SessionSqlVerdicts verdicts = new SessionSqlVerdicts(VERDICTS_KEPT);

    SharedLeases(PgfastPool pool, Mono<Connection> acquire, int limit) {
        this.pool = pool;
        this.acquire = acquire;
        this.limit = limit;
    }

    /** The pool's {@code create()}: a handle bound to no connection. */
    Mono<Connection> create() {
        return create;
    }

    /**
     * The first handles look at one connection (its metadata and default isolation level), together, and fail when
     * none can be acquired; later ones cost nothing more.
     */
    private Mono<Connection> handle() {
        if (pool.isDisposed()) {
            return Mono.error(closedError());
        }
        if (metadata != null) {
            return Mono.just(new SharedConnection(this, acquire));
        }
        Mono<Void> look;
        synchronized (this) {
            look = firstLook;
            if (look == null) {
                look = acquire.flatMap(c -> {
                    seen((Lease) c);
                    return Mono.from(c.close());
                }).doOnError(e -> {
                    synchronized (this) {
                        firstLook = null;
                    }
                }).cache();
                firstLook = look;
            }
        }
        return look.then(Mono.fromSupplier(() -> new SharedConnection(this, acquire)));
    }

    private void seen(Lease lease) {
        if (metadata == null) {
            isolation = lease.entry().isolation;
            metadata = lease.getMetadata();
        }
    }

    /** What in {@code sql} changes the session, or null: {@link SessionSql}'s verdict, kept per text. */
    String refusal(String sql) {
        return verdicts.refusal(sql);
    }

    ConnectionMetadata metadata() {
        return metadata;
    }

    IsolationLevel isolation() {
        return isolation;
    }

    boolean closed() {
        return pool.isDisposed();
    }

    private R2dbcNonTransientResourceException closedError() {
        return new R2dbcNonTransientResourceException("pool " + pool.name() + " is closed");
    }

    /**
     * Runs {@code work} on a shared connection; the statement is in flight until the returned Flux ends. When no held
     * connection has room, the statement acquires one more for the group and runs first on it; statements that find
     * no room meanwhile wait for that acquisition (its failure is theirs), then look again.
     */
    <T> Flux<T> run(Function<Connection, Publisher<T>> work) {
        return Flux.defer(() -> {
            if (pool.isDisposed()) {
                return Flux.error(closedError());
            }
            Held h;
            Sinks.Empty<Void> wait;
            boolean start = false;
            synchronized (this) {
                h = pick();
                wait = h != null ? null : joining;
                if (h == null && wait == null) {
                    wait = Sinks.empty();
                    joining = wait;
                    acquiring++;
                    start = true;
                }
            }
            if (h != null) {
                return on(h, work);
            }
            if (!start) {
                return wait.asMono().thenMany(Flux.defer(() -> run(work)));
            }
            Sinks.Empty<Void> joined = wait;
            return acquire.doOnError(err -> joinEnded(joined, err)).doOnCancel(() -> joinEnded(joined, null))
                    .flatMapMany(c -> on(join((Lease) c, joined), work));
        });
    }

    /** A connection acquired for the group joins it, with the acquiring statement in flight, and the waiters look again. */
    private Held join(Lease lease, Sinks.Empty<Void> wait) {
        seen(lease);
        Held h = new Held(lease);
        h.inFlight = 1;
        synchronized (this) {
            held.add(h);
        }
        joinEnded(wait, null);
        return h;
    }

    /** The group's acquisition ended: its waiters look again, or fail with {@code error}. Idempotent. */
    private void joinEnded(Sinks.Empty<Void> wait, Throwable error) {
        synchronized (this) {
            if (joining != wait) {
                return;
            }
            joining = null;
            acquiring--;
        }
        if (error != null) {
            wait.tryEmitError(error);
        } else {
            wait.tryEmitEmpty();
        }
    }

    private <T> Flux<T> on(Held h, Function<Connection, Publisher<T>> work) {
        Publisher<T> p;
        try {
            p = work.apply(h.lease);
        } catch (RuntimeException e) {
            done(h);
            return Flux.error(e);
        }
        return Flux.from(p).doFinally(s -> done(h));
    }

    /**
     * The held connection for one more statement, counted in flight until {@link #done}; null when none has room or
     * the pool is closed, and then {@link #run} is the way.
     */
    Held tryPick() {
        if (pool.isDisposed()) {
            return null;
        }
        synchronized (this) {
            return pick();
        }
    }

    /** The held connection for one more statement, counted in flight; null when none has room. Holding the lock. */
    private Held pick() {
        boolean othersWait = !held.isEmpty() && pool.getMetrics().getPendingAcquireSize() > acquiring;
        Held best = null;
        int bestScore = Integer.MAX_VALUE;
        for (int i = 0; i < held.size(); i++) {
            Held h = held.get(i);
            if (h.draining) {
                continue;
            }
            if (othersWait || !h.lease.unwrap().isOpen()) {
                h.draining = true;
                continue;
            }
            if (h.inFlight >= limit) {
                continue;
            }
            int score = h.inFlight * 2 + (h.lease.unwrap().eventLoop().inEventLoop() ? 0 : 1);
            if (score < bestScore) {
                best = h;
                bestScore = score;
            }
        }
        if (best != null) {
            best.inFlight++;
        }
        return best;
    }

    /** A statement on {@code h} ended: the connection goes back to the pool when it was the last one. */
    void done(Held h) {
        synchronized (this) {
            if (--h.inFlight > 0) {
                return;
            }
            held.remove(h);
        }
        h.lease.close().subscribe(null, err -> { });
    }
}
