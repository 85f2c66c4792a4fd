package io.pgfast.pool;

import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionMetadata;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.TransactionDefinition;
import io.r2dbc.spi.ValidationDepth;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.ArrayList;
import java.util.function.Function;

/**
 * What {@code create()} of a pool with {@code sharedLeases} hands out: a connection bound to no pool connection. Its
 * statements outside a transaction run on the {@link SharedLeases}, refused when {@link SessionSql} sees them change
 * the session. {@code beginTransaction()} and a savepoint give it a connection of its own until commit or rollback;
 * {@code setAutoCommit(false)}, the isolation level and the statement and lock timeouts give it one until
 * {@code close()}. Closing it cancels its statements still running and gives back the connection of its own.
 */
final class SharedConnection implements Connection {

    private final SharedLeases shared;
    private final Mono<Connection> acquire;
    /** The connection of its own, or null. */
    private volatile Connection own;
    /** It changed session state through the API: it keeps its connection until close. */
    private volatile boolean sticky;
    private volatile boolean closed;
    /** Its statements running on shared connections, ended by close(): the first, then any more; guarded by this. */
    private SharedRun.Running<?> running;
    private ArrayList<SharedRun.Running<?>> moreRunning;

    SharedConnection(SharedLeases shared, Mono<Connection> acquire) {
        this.shared = shared;
        this.acquire = acquire;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("this connection was closed (it shares the pool's connections); acquire another");
        }
    }

    /** Runs {@code work} on the connection of its own, or else on a shared one unless {@code sql} changes the session. */
    <T> Flux<T> run(String sql, Function<Connection, Publisher<T>> work) {
        return new SharedRun<>(this, shared, sql, work);
    }

    boolean isClosed() {
        return closed;
    }

    /** The connection of its own, or null. */
    Connection ownConnection() {
        return own;
    }

    /** A statement started on a shared connection, ended by {@link #close()}; false when closed already. */
    boolean track(SharedRun.Running<?> r) {
        synchronized (this) {
            if (closed) {
                return false;
            }
            if (r.isFinished()) {
                return true;
            }
            if (running == null) {
                running = r;
            } else {
                if (moreRunning == null) {
                    moreRunning = new ArrayList<>(4);
                }
                moreRunning.add(r);
            }
            return true;
        }
    }

    /** A statement that ended, was cancelled or closed. */
    void untrack(SharedRun.Running<?> r) {
        synchronized (this) {
            if (running == r) {
                running = null;
            } else if (moreRunning != null) {
                moreRunning.remove(r);
            }
        }
    }

    /** The connection of its own, acquired when it has none. */
    private Mono<Connection> own(boolean keep) {
        return Mono.defer(() -> {
            checkOpen();
            if (keep) {
                sticky = true;
            }
            Connection o = own;
            if (o != null) {
                return Mono.just(o);
            }
            return acquire.flatMap(c -> {
                Connection mine;
                synchronized (this) {
                    mine = closed ? null : own;
                    if (!closed && mine == null) {
                        own = c;
                        return Mono.just(c);
                    }
                }
                // closed meanwhile, or another call got one first: this one goes back
                return Mono.from(c.close()).then(mine != null ? Mono.just(mine)
                        : Mono.error(new IllegalStateException("this connection was closed; acquire another")));
            });
        });
    }

    /** After a commit or rollback: back to shared use unless session state was changed through the API. */
    private Mono<Void> endTransaction() {
        return Mono.defer(() -> {
            Connection o;
            synchronized (this) {
                o = own;
                if (o == null || sticky || !o.isAutoCommit()) {
                    return Mono.empty();
                }
                own = null;
            }
            return Mono.from(o.close());
        });
    }

    private Mono<Void> ending(Publisher<Void> end) {
        return Mono.from(end).onErrorResume(e -> endTransaction().then(Mono.error(e))).then(endTransaction());
    }

    @Override
    public Statement createStatement(String sql) {
        checkOpen();
        Connection o = own;
        return o != null ? o.createStatement(sql) : new SharedStatement(this, sql);
    }

    @Override
    public Batch createBatch() {
        checkOpen();
        Connection o = own;
        return o != null ? o.createBatch() : new SharedBatch(this);
    }

    @Override
    public Mono<Void> beginTransaction() {
        return own(false).flatMap(c -> Mono.from(c.beginTransaction()).onErrorResume(e -> endTransaction().then(Mono.error(e))));
    }

    @Override
    public Mono<Void> beginTransaction(TransactionDefinition definition) {
        return own(false).flatMap(c -> Mono.from(c.beginTransaction(definition)).onErrorResume(e -> endTransaction().then(Mono.error(e))));
    }

    @Override
    public Mono<Void> commitTransaction() {
        return Mono.defer(() -> {
            Connection o = own;
            return o == null ? Mono.empty() : ending(o.commitTransaction());
        });
    }

    @Override
    public Mono<Void> rollbackTransaction() {
        return Mono.defer(() -> {
            Connection o = own;
            return o == null ? Mono.empty() : ending(o.rollbackTransaction());
        });
    }

    @Override
    public Mono<Void> createSavepoint(String name) {
        return own(false).flatMap(c -> Mono.from(c.createSavepoint(name)));
    }

    @Override
    public Mono<Void> releaseSavepoint(String name) {
        return own(false).flatMap(c -> Mono.from(c.releaseSavepoint(name)));
    }

    @Override
    public Mono<Void> rollbackTransactionToSavepoint(String name) {
        return own(false).flatMap(c -> Mono.from(c.rollbackTransactionToSavepoint(name)));
    }

    @Override
    public boolean isAutoCommit() {
        Connection o = own;
        return o == null || o.isAutoCommit();
    }

    @Override
    public Mono<Void> setAutoCommit(boolean autoCommit) {
        return Mono.defer(() -> autoCommit && own == null ? Mono.empty()
                : own(true).flatMap(c -> Mono.from(c.setAutoCommit(autoCommit))));
    }

    @Override
    public IsolationLevel getTransactionIsolationLevel() {
        Connection o = own;
        return o != null ? o.getTransactionIsolationLevel() : shared.isolation();
    }

    @Override
    public Mono<Void> setTransactionIsolationLevel(IsolationLevel level) {
        return own(true).flatMap(c -> Mono.from(c.setTransactionIsolationLevel(level)));
    }

    @Override
    public Mono<Void> setStatementTimeout(Duration timeout) {
        return own(true).flatMap(c -> Mono.from(c.setStatementTimeout(timeout)));
    }

    @Override
    public Mono<Void> setLockWaitTimeout(Duration timeout) {
        return own(true).flatMap(c -> Mono.from(c.setLockWaitTimeout(timeout)));
    }

    @Override
    public Mono<Boolean> validate(ValidationDepth depth) {
        return Mono.defer(() -> {
            Connection o = own;
            if (closed || shared.closed()) {
                return Mono.just(false);
            }
            if (o != null) {
                return Mono.from(o.validate(depth));
            }
            if (depth == ValidationDepth.LOCAL) {
                return Mono.just(true);
            }
            return run(null, c -> c.validate(ValidationDepth.REMOTE)).next().defaultIfEmpty(false).onErrorReturn(false);
        });
    }

    @Override
    public ConnectionMetadata getMetadata() {
        Connection o = own;
        return o != null ? o.getMetadata() : shared.metadata();
    }

    /**
     * Cancels its statements still running on shared connections (their subscribers complete) and gives back the
     * connection of its own; idempotent.
     */
    @Override
    public Mono<Void> close() {
        return Mono.defer(() -> {
            Connection o;
            SharedRun.Running<?> first;
            ArrayList<SharedRun.Running<?>> more;
            synchronized (this) {
                if (closed) {
                    return Mono.empty();
                }
                closed = true;
                o = own;
                own = null;
                first = running;
                more = moreRunning;
                running = null;
                moreRunning = null;
            }
            if (first != null) {
                first.closed();
            }
            if (more != null) {
                for (SharedRun.Running<?> r : more) {
                    r.closed();
                }
            }
            return o == null ? Mono.empty() : Mono.from(o.close());
        });
    }

    @Override
    public String toString() {
        Connection o = own;
        return "SharedConnection{" + (o != null ? "own " + o : "shared") + (closed ? ", closed" : "") + '}';
    }
}
