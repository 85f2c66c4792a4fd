package io.pgfast.bench;

/**
 * What the worker JVM spent during one measured window: process CPU time of all its threads (driver, event
 * loops, GC, JIT), bytes allocated on the heap by its Java threads, how many threads ended inside the window
 * (whose allocations after the window's start are missing from {@code allocatedBytes}, see
 * {@link AllocationAccount}), and the JIT's compilation time (a sign of a window that was not warm).
 * A negative {@code cpuNanos} or {@code allocatedBytes} means this JVM cannot measure it. On Linux, JDK 17 reads
 * process CPU time with {@code times()}, in clock ticks of 10 ms: a window's figure is off by up to one tick.
 */
public record WindowCost(long cpuNanos, long allocatedBytes, int threadsEnded, long compileMillis) {

    /** No cost known (a failed or not applicable measurement). */
    public static final WindowCost NONE = new WindowCost(-1, -1, 0, -1);

    /** Whether the JVM measured CPU time (0 is a figure: a window shorter than the clock's 10 ms ticks). */
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
