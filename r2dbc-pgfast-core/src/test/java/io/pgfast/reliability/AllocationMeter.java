package io.pgfast.reliability;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated by the current thread (HotSpot's per-thread allocation counter, TLABs included), to
 * check that decoding an input allocates in proportion to the input and never what an untrusted
 * length or count field asks for.
 */
public final class AllocationMeter {

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private AllocationMeter() {
    }

    private static com.sun.management.ThreadMXBean threads() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean)) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread ("
                    + bean.getClass().getName() + "); the reliability tests need HotSpot's com.sun.management.ThreadMXBean");
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        if (!threads.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM does not count allocated bytes per thread");
        }
        threads.setThreadAllocatedMemoryEnabled(true);
        return threads;
    }

    /** The running total for the current thread; subtract two readings for what happened between them. */
    public static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
