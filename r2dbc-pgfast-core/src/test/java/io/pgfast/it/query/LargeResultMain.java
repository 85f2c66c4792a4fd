package io.pgfast.it.query;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;

/**
 * Run in a child JVM with a small heap by {@link BackpressureTest}: streams a result far larger than
 * the heap to a slow consumer on another thread, and prints what it counted. Exit status 0 only when
 * every row arrived. Arguments: host port database user password rows width bound(true|false).
 */
public final class LargeResultMain {

    private LargeResultMain() {
    }

    public static void main(String[] args) {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host(args[0]).port(Integer.parseInt(args[1])).database(args[2])
                .username(args[3]).password(args[4]).sslMode(SslMode.DISABLE).build();
        int rows = Integer.parseInt(args[5]);
        int width = Integer.parseInt(args[6]);
        boolean bound = Boolean.parseBoolean(args[7]);
        Connection c = Mono.from(new PgfastConnectionFactory(config).create()).block(Duration.ofSeconds(30));
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        Scheduler slow = Schedulers.newSingle("slow-consumer");
        long[] count = new long[2];
        long[] peak = new long[1];
        long t0 = System.nanoTime();
        try {
            Statement s = bound
                    ? c.createStatement("SELECT repeat('x', $1) FROM generate_series(1, $2)").bind(0, width).bind(1, rows)
                    : c.createStatement("SELECT repeat('x', " + width + ") FROM generate_series(1, " + rows + ")");
            Flux.from(s.execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, String.class).length()))
                    .limitRate(64)
                    .publishOn(slow, 32)
                    .doOnNext(length -> {
                        count[0]++;
                        count[1] += length;
                        if (count[0] % 10_000 == 0) {
                            peak[0] = Math.max(peak[0], memory.getHeapMemoryUsage().getUsed());
                        }
                        if (count[0] % 30_000 == 0) {
                            pause();
                        }
                    })
                    .blockLast(Duration.ofSeconds(120));
            int one = Flux.from(c.createStatement("SELECT 1").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).blockLast(Duration.ofSeconds(30));
            System.out.println("rows=" + count[0] + " chars=" + count[1] + " then=" + one
                    + " peakHeapMb=" + peak[0] / (1024 * 1024) + " maxHeapMb=" + Runtime.getRuntime().maxMemory() / (1024 * 1024)
                    + " ms=" + (System.nanoTime() - t0) / 1_000_000);
        } finally {
            Mono.from(c.close()).block(Duration.ofSeconds(30));
            slow.dispose();
        }
        System.exit(count[0] == rows && count[1] == (long) rows * width ? 0 : 1);
    }

    /** The slow part of the consumer: it falls behind, and the driver must not buffer meanwhile. */
    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
