package io.pgfast.failover;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Writers: each inserts its own keys, one short transaction per key (BEGIN, INSERT ... RETURNING the server's
 * port, COMMIT) on a connection taken from the pool and given back, and records every commit the driver
 * acknowledged with the port of the server that acknowledged it. A failed transaction is recorded with its
 * error; after it the writer pauses {@link #BACKOFF} (as an application retrying would, and so that failing
 * writers do not starve the promotion of CPU on a small machine) and goes on with its next key.
 *
 * <p>Every transaction is bounded by {@code bound}: one still running then is a hang, counted apart.
 */
final class WriteLoad {
    static final String TABLE = "failover_writes";
    static final String CREATE = "CREATE TABLE IF NOT EXISTS " + TABLE + " (k bigint PRIMARY KEY, writer int NOT NULL)";
    private static final Duration BACKOFF = Duration.ofMillis(20);
    /** Keys of writer w are w * KEY_SPACE + n: unique across writers and rounds (each round has its own base). */
    private static final long KEY_SPACE = 1_000_000_000L;

    /** A commit the driver acknowledged. */
    record Ack(long key, int writer, int port, long atNanos) {
    }

    private final ConnectionFactory pool;
    private final int writers;
    private final long keyBase;
    private final Duration bound;
    private final AtomicBoolean running = new AtomicBoolean();
    private final ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Long> failedKeys = new ConcurrentLinkedQueue<>();
    private final Failures failures = new Failures();
    private final AtomicInteger hangs = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();

    /** @param keyBase distinct per round, so that the keys of one round never collide with an earlier one's */
    WriteLoad(ConnectionFactory pool, int writers, long keyBase, Duration bound) {
        this.pool = pool;
        this.writers = writers;
        this.keyBase = keyBase;
        this.bound = bound;
    }

    void start() {
        running.set(true);
        for (int w = 0; w < writers; w++) {
            int writer = w;
            Thread t = new Thread(() -> run(writer), "failover-writer-" + w);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** Stops the writers and waits for each to finish its transaction (each is bounded, so this ends). */
    void stop() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join();
        }
    }

    private void run(int writer) {
        long n = 0;
        while (running.get()) {
            long key = keyBase + writer * KEY_SPACE + n++;
            try {
                Integer port = transaction(key, writer).block(bound);
                acks.add(new Ack(key, writer, port, System.nanoTime()));
            } catch (IllegalStateException e) {
                if (e.getMessage() != null && e.getMessage().startsWith("Timeout on blocking read")) {
                    hangs.incrementAndGet();
                }
                failed(key, e);
            } catch (RuntimeException e) {
                failed(key, e);
            }
        }
    }

    private void failed(long key, RuntimeException e) {
        failedKeys.add(key);
        // block() rethrows a checked exception wrapped; R2dbcException is unchecked and comes as it is
        failures.add(e, System.nanoTime());
        try {
            Thread.sleep(BACKOFF.toMillis());
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            running.set(false);
        }
    }

    private Mono<Integer> transaction(long key, int writer) {
        return Mono.usingWhen(pool.create(),
                c -> Mono.from(c.beginTransaction())
                        .thenMany(Flux.from(c.createStatement("INSERT INTO " + TABLE + " (k, writer) VALUES ($1, $2) RETURNING inet_server_port()")
                                .bind(0, key).bind(1, writer).execute()))
                        .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                        .single()
                        .flatMap(port -> Mono.from(c.commitTransaction()).thenReturn(port)),
                Connection::close, (c, e) -> c.close(), Connection::close);
    }

    List<Ack> acks() {
        return List.copyOf(acks);
    }

    List<Long> failedKeys() {
        return List.copyOf(failedKeys);
    }

    Failures failures() {
        return failures;
    }

    int hangs() {
        return hangs.get();
    }

    int writers() {
        return writers;
    }
}
