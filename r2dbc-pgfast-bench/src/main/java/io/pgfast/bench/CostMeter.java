package io.pgfast.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads what the worker JVM has spent so far, so that a window's cost is the difference of two readings
 * ({@link #start()}, then {@link Reading#stop()}): process CPU time (every thread, GC and JIT included) from the
 * tasks' nanosecond clocks ({@link ProcessCpuClock}), else from
 * {@code com.sun.management.OperatingSystemMXBean.getProcessCpuTime()} (10 ms ticks on Linux), and
 * heap allocation from {@code com.sun.management.ThreadMXBean.getThreadAllocatedBytes} summed over the live
 * threads ({@link AllocationAccount} says how threads that end in between are handled). The thread that takes the
 * readings is left out of both: during a window it only waits for the loop's thread, and what it spends there is
 * the readings themselves and its wake-ups (a file read and a few hundred bytes per task, the same order as a
 * short window's driver work). On a JVM without these interfaces the figures are -1.
 */
public final class CostMeter {
    private static final java.lang.management.OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();
    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    static {
        if (THREADS instanceof com.sun.management.ThreadMXBean) {
            com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) THREADS;
            if (t.isThreadAllocatedMemorySupported() && !t.isThreadAllocatedMemoryEnabled()) {
                t.setThreadAllocatedMemoryEnabled(true);
            }
        }
    }

    private CostMeter() {
    }

    /** A reading at the start of a window. */
    public static Reading start() {
        Map<Long, Long> allocated = allocatedPerThread();
        long started = THREADS.getTotalStartedThreadCount();
        long compile = compileMillis();
        long cpu = cpuNanos();
        return new Reading(allocated, started, compile, cpu, ProcessCpuClock.tasks());
    }

    /** One reading; {@link #stop()} turns it into the window's cost. */
    public static final class Reading {
        private final Map<Long, Long> allocated;
        private final long started;
        private final long compile;
        private final long cpu;
        private final Map<Long, Long> tasks;

        private Reading(Map<Long, Long> allocated, long started, long compile, long cpu, Map<Long, Long> tasks) {
            this.allocated = allocated;
            this.started = started;
            this.compile = compile;
            this.cpu = cpu;
            this.tasks = tasks;
        }

        /** The cost from this reading until now. CPU is read first so that the allocation walk is not in it. */
        public WindowCost stop() {
            Map<Long, Long> tasksNow = ProcessCpuClock.tasks();
            long cpuNow = cpuNanos();
            long compileNow = compileMillis();
            long startedNow = THREADS.getTotalStartedThreadCount();
            Map<Long, Long> allocatedNow = allocatedPerThread();
            long ticks = cpu < 0 || cpuNow < 0 ? -1 : cpuNow - cpu;
            long compileSpent = compile < 0 || compileNow < 0 ? -1 : compileNow - compile;
            if (allocated == null || allocatedNow == null) {
                return new WindowCost(ProcessCpuClock.between(tasks, tasksNow, ticks), -1, 0, compileSpent);
            }
            AllocationAccount a = AllocationAccount.between(allocated, started, allocatedNow, startedNow);
            // a Java thread that started and ended inside the window is gone from both task readings
            long cpuSpent = a.threadsEnded() > 0 ? ticks : ProcessCpuClock.between(tasks, tasksNow, ticks);
            return new WindowCost(cpuSpent, a.bytes(), a.threadsEnded(), compileSpent);
        }
    }

    private static long cpuNanos() {
        if (OS instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) OS).getProcessCpuTime();
        }
        return -1;
    }

    private static long compileMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
    }

    /** Allocated bytes per live thread id but the calling thread's, or null if this JVM cannot tell. */
    private static Map<Long, Long> allocatedPerThread() {
        if (!(THREADS instanceof com.sun.management.ThreadMXBean)) {
            return null;
        }
        com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) THREADS;
        if (!t.isThreadAllocatedMemorySupported() || !t.isThreadAllocatedMemoryEnabled()) {
            return null;
        }
        long[] ids = t.getAllThreadIds();
        long[] bytes = t.getThreadAllocatedBytes(ids);
        long self = Thread.currentThread().getId();
        Map<Long, Long> out = new HashMap<>(ids.length * 2);
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0 && ids[i] != self) {
                out.put(ids[i], bytes[i]);
            }
        }
        return out;
    }
}
