package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import static org.assertj.core.api.Assertions.assertThat;

/** The cost of a window is read from the JVM: a known allocation and known CPU work must show up in it. */
class CostMeterTest {
    private static final int ARRAY = 1 << 20;
    private static volatile Object keep;

    @Test
    void countsBytesAllocatedOnAnotherThreadThatLivesOn() throws Exception {
        CostMeter.Reading r = CostMeter.start();
        Thread t = new Thread(() -> keep = new byte[8 * ARRAY]);
        t.start();
        t.join();
        // t has ended: its bytes are missing, and the cost says so
        WindowCost cost = r.stop();
        assertThat(cost.threadsEnded()).isGreaterThanOrEqualTo(1);
        assertThat(cost.allocationComplete()).isFalse();
    }

    @Test
    void countsTheBytesAndCpuOfTheLoopsOwnThread() throws Exception {
        int[] calls = {0};
        Operation allocating = new Operation() {
            @Override
            public CompletionStage<?> start() {
                keep = new byte[ARRAY];
                calls[0]++;
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void close() {
            }
        };
        for (LoopShape shape : LoopShape.values()) {
            OperationLoop.Outcome o = OperationLoop.run(allocating, shape, 20_000_000L, 10_000_000_000L);
            assertThat(o.cost().threadsEnded()).as(shape.id()).isZero();
            assertThat(o.cost().allocatedBytes()).as(shape.id()).isGreaterThanOrEqualTo(o.operations() * ARRAY);
            // JDK 17 on Linux counts process CPU in 10 ms ticks: a short window may read 0
            assertThat(o.cost().cpuNanos()).as(shape.id()).isNotNegative();
            assertThat(o.cost().hasCpu()).isTrue();
        }
    }

    @Test
    void theReadingThreadsOwnBytesAndCpuAreLeftOut() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long processBefore = os.getProcessCpuTime();
        long ownBefore = threads.getCurrentThreadCpuTime();
        CostMeter.Reading r = CostMeter.start();
        keep = new byte[8 * ARRAY];
        // spins until this thread has had 150 ms of CPU, however busy the machine (the wall-clock cap only ends a
        // thread that gets no CPU at all)
        long giveUp = System.nanoTime() + 60_000_000_000L;
        long sum = 0;
        while (threads.getCurrentThreadCpuTime() - ownBefore < 150_000_000L && System.nanoTime() < giveUp) {
            sum += System.nanoTime() & 1;
        }
        keep = sum;
        WindowCost cost = r.stop();
        long own = threads.getCurrentThreadCpuTime() - ownBefore;
        long process = os.getProcessCpuTime() - processBefore;
        assertThat(cost.allocatedBytes()).isLessThan(ARRAY);
        if (cost.threadsEnded() == 0 && System.getProperty("os.name").startsWith("Linux")) {
            // the other threads (JIT, GC) may work meanwhile, as much as they like: the reading covers what they
            // did (the process's CPU without this thread's), never this thread's spin; 20 ms for the process
            // clock's 10 ms ticks
            assertThat(own).as("this thread spun").isGreaterThan(100_000_000L);
            assertThat(cost.cpuNanos()).isLessThanOrEqualTo(process - own + 20_000_000L);
        }
    }
}
