package io.pgfast.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The process's CPU time with nanosecond resolution where Linux offers it. JDK 17 reads
 * {@code getProcessCpuTime()} with {@code times()}, in clock ticks of 10 ms: up to 3 % of a 0.35 s window. Linux
 * keeps every task's (thread's) time on the CPU in nanoseconds, {@code /proc/self/task/<tid>/schedstat}, first field
 * ({@code sum_exec_runtime}; every thread: Java, GC, JIT, native). A window's CPU time is then the sum over tasks of
 * their difference, a task started inside the window counting all of its time. A task that ended inside the window
 * takes its time with it, so then (or without {@code /proc}) the window falls back to the tick figure.
 * <p>
 * The task that takes the readings is left out of them: during a window it only waits for the loop's thread, and
 * what it spends is the reading itself, a file per task (about as much as a 40 ms window's driver work on a
 * single-row scenario).
 */
final class ProcessCpuClock {
    private static final Path TASKS = Path.of("/proc/self/task");
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");

    private ProcessCpuClock() {
    }

    /**
     * Nanoseconds on the CPU per task id, every task of the process but the calling one, or null if this system
     * does not say.
     */
    static Map<Long, Long> tasks() {
        Map<Long, Long> out = new HashMap<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(TASKS)) {
            long self = Long.parseLong(Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
            for (Path task : dir) {
                long id = Long.parseLong(task.getFileName().toString());
                if (id == self) {
                    continue;
                }
                try {
                    String line = Files.readString(task.resolve("schedstat"), StandardCharsets.US_ASCII);
                    out.put(id, parseSchedstat(line));
                } catch (NoSuchFileException e) {
                    // the task ended between the listing and the read: not in this reading
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return out.isEmpty() ? null : out;
    }

    /** The first field of a schedstat line: time spent on the CPU, in nanoseconds. */
    static long parseSchedstat(String line) {
        String s = line.trim();
        int space = s.indexOf(' ');
        return Long.parseLong(space < 0 ? s : s.substring(0, space));
    }

    /**
     * The window's CPU nanoseconds from two task readings, or {@code ticksFallback} if either is missing or a task
     * of the first is gone from the second.
     */
    static long between(Map<Long, Long> before, Map<Long, Long> after, long ticksFallback) {
        if (before == null || after == null || !after.keySet().containsAll(before.keySet())) {
            return ticksFallback;
        }
        long sum = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            Long start = before.get(e.getKey());
            sum += start == null ? e.getValue() : Math.max(0, e.getValue() - start);
        }
        return sum;
    }
}
