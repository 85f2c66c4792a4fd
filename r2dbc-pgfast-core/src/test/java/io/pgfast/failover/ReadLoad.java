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
 * Readers of a {@code targetServerType=preferStandby} pool: each asks which server answers and whether it is
 * in recovery, over and over, pausing {@link #PAUSE} between reads. The pool's connections have a short
 * lifetime, so readers land on new connections (and so on whatever the host list offers then) all along.
 */
final class ReadLoad {
    private static final Duration PAUSE = Duration.ofMillis(5);

    /** One read: the server's port and whether it was a standby. */
    record Read(int port, boolean standby, long atNanos) {
    }

    private final ConnectionFactory pool;
    private final int readers;
    private final Duration bound;
    private final AtomicBoolean running = new AtomicBoolean();
    private final ConcurrentLinkedQueue<Read> reads = new ConcurrentLinkedQueue<>();
    private final Failures failures = new Failures();
    private final AtomicInteger hangs = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();

    ReadLoad(ConnectionFactory pool, int readers, Duration bound) {
        this.pool = pool;
        this.readers = readers;
        this.bound = bound;
    }

    void start() {
        running.set(true);
        for (int r = 0; r < readers; r++) {
            Thread t = new Thread(this::run, "failover-reader-" + r);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    void stop() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join();
        }
    }

    private void run() {
        while (running.get()) {
            try {
                reads.add(read().block(bound));
            } catch (RuntimeException e) {
                if (e instanceof IllegalStateException && e.getMessage() != null && e.getMessage().startsWith("Timeout on blocking read")) {
                    hangs.incrementAndGet();
                }
                failures.add(e, System.nanoTime());
            }
            try {
                Thread.sleep(PAUSE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Mono<Read> read() {
        return Mono.usingWhen(pool.create(),
                c -> Flux.from(c.createStatement("SELECT inet_server_port(), pg_is_in_recovery()").execute())
                        .concatMap(r -> r.map((row, md) -> new Read(row.get(0, Integer.class), row.get(1, Boolean.class), System.nanoTime())))
                        .single(),
                Connection::close, (c, e) -> c.close(), Connection::close);
    }

    List<Read> reads() {
        return List.copyOf(reads);
    }

    Failures failures() {
        return failures;
    }

    int hangs() {
        return hangs.get();
    }
}
