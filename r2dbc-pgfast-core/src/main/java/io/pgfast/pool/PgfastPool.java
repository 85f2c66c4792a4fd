package io.pgfast.pool;

import io.pgfast.error.SqlState;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.Closeable;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.ValidationDepth;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A pool of pgfast connections, itself a {@link ConnectionFactory}: {@code create()} acquires a connection and the
 * connection's {@code close()} gives it back. Its configuration: {@link PgfastPoolConfiguration}.
 *
 * <p>Acquiring, in the common case, costs one object (the handle) and no round trip: an idle connection on the
 * caller's event loop first (its statements and their answers then need no hop between threads), else a new one
 * while below {@code maxSize} when the caller runs on an event loop, else the idle one given back last (a caller that
 * blocks on each query thus keeps one connection and wakes one event loop), else a new one below {@code maxSize},
 * else the caller waits, first come first served, bounded by {@code maxAcquireTime} and {@code maxPending}. A connection whose socket is closed is never handed out: it is dropped and the next one tried.
 * A connection idle longer than {@code validationIdleTime} gets the {@code validationQuery} (or a remote validation)
 * first when one is configured.
 *
 * <p>Giving back ({@link Release}): a connection whose socket closed is dropped; one with a statement still running
 * (its subscriber cancelled) waits until that has ended (its cancellation has been sent) or is closed after
 * {@code drainTime}; then an open transaction is rolled back and what the borrower changed (auto-commit, isolation
 * level, statement and lock timeouts) is reset; a connection past its {@code maxLifeTime} is closed. In the common
 * case nothing of this needs a round trip.
 *
 * <p>{@link #close()} ends the pool: waiters fail, idle connections close at once, handed-out ones when they come
 * back or after {@code closeTime}.
 */
public final class PgfastPool implements ConnectionFactory, Closeable, Disposable {

    private static final Logger LOG = Loggers.getLogger(PgfastPool.class);

    private final PgfastPoolConfiguration configuration;
    private final PgfastConnectionFactory factory;
    private final PoolState state;
    private final Scheduler timers = Schedulers.parallel();
    private final boolean validatesRemotely;
    private final long validationIdleNanos;
    private final long maxIdleNanos;
    private final long maxLifeNanos;
    /** Read by every acquisition that waits or opens a connection: kept here, not looked up in the configuration. */
    private final Duration maxAcquireTime;
    private final Sinks.Empty<Void> terminated = Sinks.empty();
    private final Disposable evictions;
    /** Set by the first acquisition, which opens the {@code initialSize} connections. */
    private volatile boolean started;
    private final Mono<Connection> acquire = new Acquire();
    /** Checks, waits for, resets what a borrower gives back. */
    private final Release release;
    /** With {@code sharedLeases}: what {@code create()} hands out instead of whole connections; else null. */
    private final SharedLeases shared;
    /** Null without a MeterRegistry: then no class of micrometer-core is loaded. */
    private volatile PoolMeters meters;

    public PgfastPool(PgfastPoolConfiguration configuration) {
        if (configuration == null) {
            throw new IllegalArgumentException("configuration must not be null");
        }
        this.configuration = configuration;
        this.factory = configuration.connectionFactory();
        this.state = new PoolState(configuration.maxSize(), configuration.maxPending());
        this.validatesRemotely = configuration.validationQuery() != null || configuration.validationDepth() == ValidationDepth.REMOTE;
        this.validationIdleNanos = configuration.validationIdleTime().toNanos();
        this.maxIdleNanos = configuration.maxIdleTime() == null ? 0 : configuration.maxIdleTime().toNanos();
        this.maxLifeNanos = configuration.maxLifeTime() == null ? 0 : configuration.maxLifeTime().toNanos();
        this.maxAcquireTime = configuration.maxAcquireTime();
        this.release = new Release(this, configuration.drainTime());
        this.shared = configuration.sharedLeases() ? new SharedLeases(this, acquire, configuration.pipeliningLimit()) : null;
        if (configuration.meterRegistry() != null) {
            bindTo(configuration.meterRegistry());
        }
        Duration every = evictionInterval(configuration);
        this.evictions = every == null ? null
                : timers.schedulePeriodically(this::evict, every.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** A pool with the defaults (Spring Boot's for r2dbc-pool) over {@code factory}. */
    public static PgfastPool of(PgfastConnectionFactory factory) {
        return new PgfastPool(PgfastPoolConfiguration.builder(factory).build());
    }

    /**
     * The configured {@code backgroundEvictionInterval}, else one derived from what needs checking: half the shortest
     * of {@code maxIdleTime} and {@code maxLifeTime}, within 1 to 30 seconds (also for {@code minIdle} alone).
     */
    private static Duration evictionInterval(PgfastPoolConfiguration c) {
        if (c.backgroundEvictionInterval() != null) {
            return c.backgroundEvictionInterval();
        }
        Duration shortest = null;
        for (Duration d : new Duration[] {c.maxIdleTime(), c.maxLifeTime()}) {
            if (d != null && (shortest == null || d.compareTo(shortest) < 0)) {
                shortest = d;
            }
        }
        if (shortest == null) {
            return c.minIdle() > 0 ? Duration.ofSeconds(30) : null;
        }
        Duration half = shortest.dividedBy(2);
        return half.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1)
                : half.compareTo(Duration.ofSeconds(30)) > 0 ? Duration.ofSeconds(30) : half;
    }

    public PgfastPoolConfiguration getConfiguration() {
        return configuration;
    }

    /** What the pool holds now. */
    public PgfastPoolMetrics getMetrics() {
        return state;
    }

    /**
     * Registers the pool's meters in a Micrometer {@code MeterRegistry} (typed {@code Object} so that micrometer-core
     * stays optional), as {@link PgfastPoolConfiguration.Builder#meterRegistry} does when the pool is made: the gauges
     * Spring Boot registers for r2dbc-pool, {@code r2dbc.pool.acquired}, {@code .allocated}, {@code .idle},
     * {@code .pending}, {@code .max.allocated} and {@code .max.pending}, tagged {@code name} with the pool's name, and
     * the timer {@code r2dbc.pool.acquire} of acquisitions that got a connection. Closing the pool removes them.
     *
     * @throws IllegalArgumentException when {@code meterRegistry} is not a {@code MeterRegistry} or micrometer-core is
     *                                  missing
     * @throws IllegalStateException    when the pool's meters are registered already
     */
    public synchronized void bindTo(Object meterRegistry) {
        if (meters != null) {
            throw new IllegalStateException("pool " + name() + ": its meters are registered already");
        }
        meters = PoolMeters.register(meterRegistry, this);
    }

    String name() {
        return configuration.name();
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return factory.getMetadata();
    }

    /**
     * Acquires a connection (one kept Mono: each subscription is one acquisition). Fails with
     * {@link R2dbcTimeoutException} after {@code maxAcquireTime}, with {@link R2dbcTransientResourceException} when
     * {@code maxPending} acquisitions wait already, with the connection error when opening a connection failed
     * {@code 1 + acquireRetry} times, and with {@link R2dbcNonTransientResourceException} once the pool is closed.
     * With {@code sharedLeases}, a handle bound to no connection ({@link SharedLeases}).
     */
    @Override
    public Mono<Connection> create() {
        return shared != null ? shared.create() : acquire;
    }

    private final class Acquire extends Mono<Connection> {
        @Override
        public void subscribe(CoreSubscriber<? super Connection> actual) {
            Lease lease = new Lease(PgfastPool.this, actual, meters == null ? 0L : System.nanoTime());
            lease.subscribed();
            if (!started) {
                start();
            }
            acquire(lease);
        }
    }

    /** The first acquisition opens the {@code initialSize} connections in the background. */
    private void start() {
        started = true;
        openInBackground(state.reserveFill(configuration.initialSize(), configuration.minIdle()));
    }

    /**
     * Opens connections until {@code initialSize} are open, and completes with how many were opened (failures are
     * logged and not counted). The first acquisition does the same in the background.
     */
    public Mono<Integer> warmup() {
        return Mono.defer(() -> {
            started = true;
            int n = state.reserveFill(configuration.initialSize(), configuration.minIdle());
            if (n == 0) {
                return Mono.just(0);
            }
            return Flux.range(0, n).flatMap(i -> openForFill().map(e -> 1).onErrorResume(err -> Mono.just(0)))
                    .reduce(0, Integer::sum);
        });
    }

    /** Opens what {@code minIdle} asks for, in the background. */
    private void fill() {
        openInBackground(state.reserveFill(0, configuration.minIdle()));
    }

    /** Opens {@code n} connections reserved by {@link PoolState#reserveFill}, in the background. */
    private void openInBackground(int n) {
        for (int i = 0; i < n; i++) {
            openForFill().subscribe(e -> { }, e -> { });
        }
    }

    /**
     * Opens one connection reserved by {@link PoolState#reserveFill} and offers it to the pool. Subscribed from a
     * scheduler thread, not the caller's: on an event loop, Reactor Netty would open every one of them on that loop.
     */
    private Mono<PoolEntry> openForFill() {
        return open().subscribeOn(timers).doOnNext(e -> {
            if (state.opened(e, true)) {
                giveBack(e);
            } else {
                closeQuietly(e);
                terminateIfDone();
            }
        }).doOnError(err -> {
            LOG.debug("pool {}: opening a connection failed", name(), err);
            Lease w = state.fillFailed();
            if (w != null) {
                openFor(w);
            }
            terminateIfDone();
        });
    }

    // --- acquisition --------------------------------------------------------------------------------

    /** Finds {@code lease} a connection, or opens one, or queues it. */
    void acquire(Lease lease) {
        IdleSlot own = state.callerSlot();
        for (;;) {
            switch (state.acquire(lease, own)) {
                case IDLE:
                    PoolEntry e = lease.taken;
                    lease.taken = null;
                    if (!e.connection.isOpen() || e.retired(e.retireAt == Long.MAX_VALUE ? 0 : System.nanoTime())) {
                        drop(e);
                        continue;
                    }
                    if (validatesRemotely && System.nanoTime() - e.lastUsed > validationIdleNanos) {
                        startTimer(lease);
                        validateFor(lease, e);
                        return;
                    }
                    lease.deliver(e);
                    return;
                case CREATE:
                    startTimer(lease);
                    openFor(lease);
                    return;
                case WAIT:
                    startTimer(lease);
                    return;
                case FULL:
                    lease.fail(new R2dbcTransientResourceException("pool " + name() + ": " + configuration.maxPending()
                            + " acquisitions wait already (maxPending); all " + configuration.maxSize()
                            + " connections (maxSize) are in use"));
                    return;
                default:
                    lease.fail(closedError());
                    return;
            }
        }
    }

    private R2dbcNonTransientResourceException closedError() {
        return new R2dbcNonTransientResourceException("pool " + name() + " is closed");
    }

    private void startTimer(Lease lease) {
        if (maxAcquireTime != null) {
            lease.startTimer(timers.schedule(() -> timedOut(lease), maxAcquireTime.toNanos(), TimeUnit.NANOSECONDS));
        }
    }

    private void timedOut(Lease lease) {
        state.leave(lease);
        lease.fail(new R2dbcTimeoutException("pool " + name() + ": no connection within maxAcquireTime ("
                + configuration.maxAcquireTime() + "); " + state, SqlState.CONNECTION_FAILURE));
    }

    /** The lease ended before it got a connection (cancelled). */
    void left(Lease lease) {
        state.leave(lease);
    }

    /** Runs the validation of an idle connection, then hands it to {@code lease}, or drops it and acquires again. */
    private void validateFor(Lease lease, PoolEntry e) {
        Mono<Boolean> check = configuration.validationQuery() != null
                ? Flux.from(e.connection.createStatement(configuration.validationQuery()).execute())
                        .concatMap(Result::getRowsUpdated).then(Mono.just(true))
                : e.connection.validate(ValidationDepth.REMOTE);
        Duration max = configuration.maxValidationTime();
        if (max != null) {
            check = check.timeout(max);
        }
        check.onErrorReturn(false).subscribe(valid -> {
            if (valid) {
                lease.deliver(e);
            } else {
                drop(e);
                if (!lease.settled()) {
                    acquire(lease);
                }
            }
        });
    }

    /** Opens a connection for {@code lease} (counted already), retrying up to {@code acquireRetry} times. */
    private void openFor(Lease lease) {
        open().subscribe(e -> {
            if (state.opened(e, false)) {
                lease.deliver(e);
            } else {
                closeQuietly(e);
                terminateIfDone();
                lease.fail(closedError());
            }
        }, err -> {
            Lease w = state.destroyed(null);
            if (w != null) {
                openFor(w);
            }
            terminateIfDone();
            if (lease.settled()) {
                return;
            }
            if (lease.failedCreations++ < configuration.acquireRetry()) {
                acquire(lease);
            } else {
                lease.fail(err);
            }
        });
    }

    /** Opens a connection, bounded by {@code maxCreateConnectionTime}. */
    private Mono<PoolEntry> open() {
        Mono<PoolEntry> open = factory.create().map(c -> entry((PgfastConnection) c));
        Duration max = configuration.maxCreateConnectionTime();
        if (max != null) {
            open = open.timeout(max).onErrorMap(TimeoutException.class, t -> new R2dbcTimeoutException("pool " + name()
                    + ": opening a connection took longer than maxCreateConnectionTime (" + max + ")", SqlState.CONNECTION_FAILURE, t));
        }
        return open;
    }

    private PoolEntry entry(PgfastConnection c) {
        long now = System.nanoTime();
        long retireAt = Long.MAX_VALUE;
        if (maxLifeNanos > 0) {
            // up to 2.5 % earlier, so that connections opened together do not all retire together
            retireAt = now + maxLifeNanos - (long) (ThreadLocalRandom.current().nextDouble() * maxLifeNanos * 0.025);
        }
        return new PoolEntry(c, state.slotOf(c.eventLoop()), now, retireAt);
    }

    /** {@code lease} hands out its connection. */
    void acquired(Lease lease) {
        PoolMeters m = meters;
        if (m != null && lease.startedAt != 0L) {
            m.acquired(System.nanoTime() - lease.startedAt);
        }
    }

    // --- giving back ----------------------------------------------------------------------------------

    /** {@code lease.close()}'s first subscription: checks and resets the connection, gives it back, completes {@code s}. */
    void release(Lease lease, CoreSubscriber<? super Void> s) {
        release.release(lease, s);
    }

    /** A whole connection comes back: to a waiter, to its idle slot, or closed (retired, or the pool closed). */
    void giveBack(PoolEntry e) {
        for (;;) {
            long now = System.nanoTime();
            if (e.retired(now)) {
                drop(e);
                return;
            }
            e.lastUsed = now;
            switch (state.offer(e)) {
                case IDLE:
                    return;
                case CLOSE:
                    closeQuietly(e);
                    terminateIfDone();
                    return;
                default:
                    Lease w = e.next;
                    e.next = null;
                    if (!w.settled()) {
                        w.deliver(e);
                        return;
                    }
                    // the waiter ended meanwhile (deliver would give it back the same way): try the next one
            }
        }
    }

    /** Closes a connection that is handed out or in transit, and opens one for a waiter if that is now possible. */
    void drop(PoolEntry e) {
        Lease w = state.destroyed(e);
        closeQuietly(e);
        if (w != null) {
            openFor(w);
        }
        terminateIfDone();
        if (configuration.minIdle() > 0) {
            fill();
        }
    }

    private static void closeQuietly(PoolEntry e) {
        e.connection.close().subscribe(null, err -> { });
    }

    // --- background -----------------------------------------------------------------------------------

    /** Closes idle connections that are closed, retired or idle too long, then opens what {@code minIdle} asks for. */
    private void evict() {
        try {
            List<PoolEntry> out = state.evict(System.nanoTime(), maxIdleNanos, configuration.minIdle());
            for (PoolEntry e : out) {
                closeQuietly(e);
            }
            fill();
        } catch (RuntimeException err) {
            LOG.warn("pool {}: eviction failed", name(), err);
        }
    }

    // --- closing --------------------------------------------------------------------------------------

    /**
     * Closes the pool on subscription: waiting acquisitions fail, idle connections close, handed-out ones close when
     * they come back or, after {@code closeTime}, at once. Completes when every connection is closed. Idempotent.
     */
    @Override
    public Mono<Void> close() {
        return Mono.defer(() -> {
            if (!state.isClosed()) {
                if (evictions != null) {
                    evictions.dispose();
                }
                PoolMeters m = meters;
                if (m != null) {
                    m.remove();
                }
                List<Lease> waiters = new ArrayList<>();
                List<PoolEntry> idle = state.close(waiters);
                for (Lease w : waiters) {
                    w.fail(closedError());
                }
                for (PoolEntry e : idle) {
                    closeQuietly(e);
                }
                terminateIfDone();
            }
            return terminated.asMono().timeout(configuration.closeTime(), Mono.defer(() -> {
                for (PoolEntry e : state.forgetAll()) {
                    closeQuietly(e);
                }
                terminateIfDone();
                return terminated.asMono();
            }));
        });
    }

    private void terminateIfDone() {
        if (state.isTerminated()) {
            terminated.tryEmitEmpty();
        }
    }

    /** Closes the pool without waiting (see {@link #close()}). */
    @Override
    public void dispose() {
        close().subscribe(null, err -> LOG.debug("pool {}: closing failed", name(), err));
    }

    @Override
    public boolean isDisposed() {
        return state.isClosed();
    }

    @Override
    public String toString() {
        return "PgfastPool{" + name() + ": " + state + '}';
    }
}
