package io.pgfast.bench;

/**
 * What the worker JVM spent during one measured window: process CPU time of all its threads (driver, event
 * loops, GC, JIT), bytes allocated on the heap by its Java threads, how many threads ended inside the window
 * (whose allocations after the window's start are missing from {@code allocatedBytes}, see
 * {@link AllocationAccount}), and the JIT's compilation time (a sign of a window that was not warm).
 * A negative {@code cpuNanos} or {@code allocatedBytes} means this JVM cannot measure it. CPU time comes from the
 * tasks' nanosecond clocks ({@link ProcessCpuClock}); when a task ended inside the window, or off Linux, from
 * {@code getProcessCpuTime()}, which JDK 17 on Linux counts in 10 ms ticks.
 */
public record WindowCost(long cpuNanos, long allocatedBytes, int threadsEnded, long compileMillis) {

    /** No cost known (a failed or not applicable measurement). */
    public static final WindowCost NONE = new WindowCost(-1, -1, 0, -1);

    /** Whether the JVM measured CPU time (0 is a figure: a window within one 10 ms tick of the fallback clock). */
    public boolean hasCpu() {
        return cpuNanos >= 0;
    }

    public boolean hasAllocation() {
        return allocatedBytes >= 0;
    }

    /** True when no thread ended inside the window, so that {@link #allocatedBytes} counts every thread. */
    public boolean allocationComplete() {
        return hasAllocation() && threadsEnded == 0;
    }
}
