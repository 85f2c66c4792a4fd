package io.pgfast.replication;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.replication.pgoutput.Commit;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.PgOutput;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM with a small heap by {@link SlowConsumerTest}: streams a slot's changes (far more bytes
 * than the heap) to a consumer that falls behind, on another thread, and prints what it counted and the
 * heap in use after a full GC at regular points. Exit status 0 only when every inserted row arrived.
 * Arguments: host port database user password slot publication rows gcEvery.
 */
public final class ReplicationStreamMain {

    private ReplicationStreamMain() {
    }

    public static void main(String[] args) {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host(args[0]).port(Integer.parseInt(args[1])).database(args[2])
                .username(args[3]).password(args[4]).sslMode(SslMode.DISABLE).build();
        String slot = args[5];
        String publication = args[6];
        long rows = Long.parseLong(args[7]);
        long gcEvery = Long.parseLong(args[8]);
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        Scheduler slow = Schedulers.newSingle("slow-consumer");
        ReplicationConnection replication = ReplicationConnection.open(config).block(Duration.ofSeconds(30));
        long[] counts = new long[2];
        long[] peak = new long[1];
        List<Long> afterGc = new ArrayList<>();
        try {
            ReplicationStream<?> stream = replication.startReplication(StartReplication.slot(slot), PgOutput.publications(publication));
            stream.messages()
                    .limitRate(64)
                    .publishOn(slow, 32)
                    .doOnNext(m -> {
                        if (m instanceof Insert insert) {
                            counts[0]++;
                            counts[1] += insert.newTuple().get("pad", String.class).length();
                            if (counts[0] % 10_000 == 0) {
                                peak[0] = Math.max(peak[0], memory.getHeapMemoryUsage().getUsed());
                            }
                            if (counts[0] % 20_000 == 0) {
                                pause();
                            }
                            if (counts[0] % gcEvery == 0) {
                                System.gc();
                                afterGc.add(memory.getHeapMemoryUsage().getUsed() / (1024 * 1024));
                            }
                        } else if (m instanceof Commit commit) {
                            stream.acknowledge(commit.endLsn());
                        }
                    })
                    .takeUntil(m -> m instanceof Commit && counts[0] >= rows)
                    .blockLast(Duration.ofMinutes(30));
            System.out.println("inserts=" + counts[0] + " chars=" + counts[1] + " heapAfterGcMb=" + afterGc
                    + " peakHeapMb=" + peak[0] / (1024 * 1024) + " maxHeapMb=" + Runtime.getRuntime().maxMemory() / (1024 * 1024));
        } finally {
            replication.close().block(Duration.ofSeconds(30));
            slow.dispose();
        }
        System.exit(counts[0] == rows ? 0 : 1);
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
