package io.pgfast.bench;

import java.util.Map;

/**
 * The heap bytes a JVM's threads allocated between two snapshots of {@code ThreadMXBean.getThreadAllocatedBytes}
 * (JDK 17 has no counter that survives a thread's end; {@code getTotalThreadAllocatedBytes} came in JDK 21).
 * <ul>
 * <li>A thread alive at both snapshots counts its difference.</li>
 * <li>A thread started inside the window and alive at its end counts all its bytes (it had none at the start).</li>
 * <li>A thread that ended inside the window cannot be read any more: its bytes since the start are missing.
 * Such threads are counted (those alive at the start and gone at the end, plus those started inside the
 * window, per {@code getTotalStartedThreadCount}, and gone at the end), so that a report marks the figure as a
 * lower bound instead of passing it off as complete. The drivers' threads (event loops, pools) live through
 * the windows, so this stays 0 in practice.</li>
 * </ul>
 */
public record AllocationAccount(long bytes, int threadsEnded) {

    /**
     * @param before         allocated bytes per thread id at the window's start (threads that could not be
     *                       read, reported as -1 by the JVM, are left out)
     * @param startedBefore  {@code getTotalStartedThreadCount()} at the start
     * @param after          the same at the end
     * @param startedAfter   {@code getTotalStartedThreadCount()} at the end
     */
    public static AllocationAccount between(Map<Long, Long> before, long startedBefore, Map<Long, Long> after,
                                            long startedAfter) {
        long bytes = 0;
        int bornAndAlive = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            Long start = before.get(e.getKey());
            if (start == null) {
                bornAndAlive++;
                bytes += e.getValue();
            } else {
                bytes += Math.max(0, e.getValue() - start);
            }
        }
        int endedOld = 0;
        for (Long id : before.keySet()) {
            if (!after.containsKey(id)) {
                endedOld++;
            }
        }
        long born = Math.max(0, startedAfter - startedBefore);
        int endedNew = (int) Math.max(0, born - bornAndAlive);
        return new AllocationAccount(bytes, endedOld + endedNew);
    }
}
