package io.pgfast.failover;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import org.reactivestreams.Subscription;
import reactor.core.Disposable;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Consumers that outlive single statements, on the primary that is about to fail: a LISTEN subscription, a
 * result streamed as fast as a slow consumer takes it (the server pushes, TCP holds it back), and a result
 * read in windows of {@link #FETCH_SIZE} rows whose consumer stops asking across the failure and asks again
 * afterwards. Each must end with an error once the server is gone, never complete as if all was said.
 */
final class LongLivedConsumers implements AutoCloseable {
    static final String CHANNEL = "failover_events";
    private static final int FETCH_SIZE = 64;
    /** An SRF in the select list streams (ProjectSet); in FROM it would be materialized before the first row. */
    private static final String ENDLESS = "SELECT g, repeat('x', 64) FROM (SELECT generate_series(1, 2000000000) AS g) s";
    private static final Duration BOUND = Duration.ofSeconds(60);

    /** How a stream ended, and how much it delivered first. */
    record End(Throwable error, long items) {
        boolean completed() {
            return error == null;
        }
    }

    private final PgfastConnection listener;
    private final PgfastConnection streamer;
    private final PgfastConnection pauser;
    private final Terminal notifications = new Terminal();
    private final Terminal streamed = new Terminal();
    private final Terminal paused = new Terminal();
    private final Disposable pacer;
    private volatile Subscription pausedSubscription;

    private LongLivedConsumers(PgfastConnectionFactory primary) {
        this.listener = connect(primary);
        this.streamer = connect(primary);
        this.pauser = connect(primary);
        Mono.from(listener.createStatement("LISTEN " + CHANNEL).execute()).flatMap(r -> Mono.from(r.getRowsUpdated())).block(BOUND);
        listener.getNotifications().subscribe(n -> notifications.items.incrementAndGet(), notifications::fail, notifications::complete);

        // the slow consumer: 64 rows every 10 ms, a few thousand rows a second
        BaseSubscriber<Integer> slow = new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription s) {
            }

            @Override
            protected void hookOnNext(Integer value) {
                streamed.items.incrementAndGet();
            }

            @Override
            protected void hookOnError(Throwable e) {
                streamed.fail(e);
            }

            @Override
            protected void hookOnComplete() {
                streamed.complete();
            }
        };
        rows(streamer, 0).subscribe(slow);
        pacer = Schedulers.parallel().schedulePeriodically(() -> slow.request(64), 0, 10, TimeUnit.MILLISECONDS);

        rows(pauser, FETCH_SIZE).subscribe(new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription s) {
                pausedSubscription = s;
                s.request(100);
            }

            @Override
            protected void hookOnNext(Integer value) {
                paused.items.incrementAndGet();
            }

            @Override
            protected void hookOnError(Throwable e) {
                paused.fail(e);
            }

            @Override
            protected void hookOnComplete() {
                paused.complete();
            }
        });
    }

    /**
     * Opens the three consumers on {@code primary} and returns once each has delivered: a notification sent by
     * {@code notifier} (another connection) received, rows streamed, the paused result's first 100 rows.
     */
    static LongLivedConsumers open(PgfastConnectionFactory primary) throws InterruptedException {
        LongLivedConsumers c = new LongLivedConsumers(primary);
        PgfastConnection notifier = connect(primary);
        try {
            long deadline = System.nanoTime() + BOUND.toNanos();
            while (c.notifications.items.get() == 0 || c.streamed.items.get() < 1000 || c.paused.items.get() < 100) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the long-lived consumers did not start: " + c.notifications.items + " notifications, "
                            + c.streamed.items + " rows streamed, " + c.paused.items + " paused rows");
                }
                if (c.notifications.items.get() == 0) {
                    Mono.from(notifier.createStatement("NOTIFY " + CHANNEL + ", 'before'").execute())
                            .flatMap(r -> Mono.from(r.getRowsUpdated())).block(BOUND);
                }
                Thread.sleep(20);
            }
        } finally {
            Mono.from(notifier.close()).block(BOUND);
        }
        return c;
    }

    /** The paused consumer asks for everything: it must now get the end of its result, an error. */
    void resumePaused() {
        pausedSubscription.request(Long.MAX_VALUE);
    }

    End notificationsEnd() {
        return notifications.await("the notification stream");
    }

    End streamedEnd() {
        return streamed.await("the streaming result");
    }

    End pausedEnd() {
        return paused.await("the paused result");
    }

    @Override
    public void close() {
        pacer.dispose();
        for (PgfastConnection c : new PgfastConnection[] {listener, streamer, pauser}) {
            Mono.from(c.close()).onErrorResume(e -> Mono.empty()).block(BOUND);
        }
    }

    private static Flux<Integer> rows(PgfastConnection c, int fetchSize) {
        return Flux.from(c.createStatement(ENDLESS).fetchSize(fetchSize).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
    }

    private static PgfastConnection connect(PgfastConnectionFactory factory) {
        return Mono.from(factory.create()).cast(PgfastConnection.class).block(BOUND);
    }

    /** The end of one stream, and how many items it delivered. */
    private static final class Terminal {
        final AtomicLong items = new AtomicLong();
        final CompletableFuture<Throwable> end = new CompletableFuture<>();

        void fail(Throwable e) {
            end.complete(e);
        }

        void complete() {
            end.complete(null);
        }

        /** @throws AssertionError when the stream has not ended within the bound (a hang) */
        End await(String what) {
            try {
                Throwable e = end.get(BOUND.toSeconds(), TimeUnit.SECONDS);
                return new End(e, items.get());
            } catch (TimeoutException e) {
                throw new AssertionError(what + " did not end within " + BOUND.toSeconds() + " s of the failure (a hang), after "
                        + items.get() + " items");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            } catch (ExecutionException e) {
                throw new AssertionError(e);
            }
        }
    }
}
