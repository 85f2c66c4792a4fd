package io.pgfast.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which CPUs the server and the drivers run on. When the bench starts its own server, on Linux with at least two
 * CPUs and {@code taskset}: the server (and the coordinator, which starts it and only sends commands) on the last
 * CPU, every worker JVM on the others, each worker told how many CPUs the machine has
 * ({@code -XX:ActiveProcessorCount}) so that its JVM and driver defaults (GC, event loops, thread pools) stay what
 * they are without the pinning.
 * <p>
 * Why: left to the scheduler, a worker's event loop and the server's backend share a CPU in some windows and not in
 * others. A single-row round trip is then about twice as fast in one window as in the next, and that, not the
 * drivers, set most of the spread between windows: 24 % per window on a quiet 2-core machine, with adjacent windows
 * nearly uncorrelated (0.29), so that pairing could not cancel it (BENCHMARKS.md, "Where the drivers and the server
 * run"). With the two sides on CPUs of their own every window has the same layout, as a client and a database on
 * separate machines do.
 *
 * @param serverCpus the coordinator's and the server's CPUs ({@code taskset -c} list), null when nothing is pinned
 * @param workerCpus the workers' CPUs, null when nothing is pinned
 * @param cpus       how many CPUs the machine offers this process
 * @param reason     why nothing is pinned, or what is
 */
public record CpuLayout(String serverCpus, String workerCpus, int cpus, String reason) {

    /** Nothing pinned, for {@code reason}. */
    static CpuLayout unpinned(String reason) {
        return new CpuLayout(null, null, Runtime.getRuntime().availableProcessors(), reason);
    }

    /**
     * The layout for a run: pinned when {@code wanted}, the bench starts its own server, and this process may run
     * on at least two CPUs (from {@code /proc/self/status}) and {@code taskset} is on the path.
     */
    public static CpuLayout choose(boolean wanted, boolean ownServer) {
        if (!wanted) {
            return unpinned("not pinned (--no-pin)");
        }
        if (!ownServer) {
            return unpinned("not pinned: the server is not the bench's own");
        }
        List<Integer> allowed = allowedCpus();
        if (allowed.size() < 2) {
            return unpinned("not pinned: fewer than two CPUs");
        }
        if (!Executables.onPath("taskset")) {
            return unpinned("not pinned: no taskset");
        }
        String server = Integer.toString(allowed.get(allowed.size() - 1));
        StringBuilder workers = new StringBuilder();
        for (int cpu : allowed.subList(0, allowed.size() - 1)) {
            workers.append(workers.length() == 0 ? "" : ",").append(cpu);
        }
        return new CpuLayout(server, workers.toString(), allowed.size(), "server on CPU " + server + ", workers on CPU "
                + workers);
    }

    public boolean pinned() {
        return serverCpus != null;
    }

    /**
     * Moves every thread of this process to the server's CPUs, so that the server it starts next inherits them.
     *
     * @throws IOException if {@code taskset} fails
     */
    public void pinThisProcess() throws IOException, InterruptedException {
        if (!pinned()) {
            return;
        }
        run(List.of("taskset", "-a", "-p", "-c", serverCpus, Long.toString(ProcessHandle.current().pid())));
    }

    /** What a worker's command starts with, before {@code java}: {@code taskset -c <workers>}, or nothing. */
    public List<String> workerPrefix() {
        return pinned() ? List.of("taskset", "-c", workerCpus) : List.of();
    }

    /**
     * What a command that belongs beside the server starts with (the {@code --app} mode's load generator):
     * {@code taskset -c <server>}, or nothing.
     */
    public List<String> serverPrefix() {
        return pinned() ? List.of("taskset", "-c", serverCpus) : List.of();
    }

    /** The JVM options a worker needs for the layout: its defaults as for all {@link #cpus} CPUs. */
    public List<String> workerJvmArgs() {
        return pinned() ? List.of("-XX:ActiveProcessorCount=" + cpus) : List.of();
    }

    /** The CPUs in {@code Cpus_allowed_list} of {@code /proc/self/status} ("0-1", "0,2-3"), empty if unreadable. */
    static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseList(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: nothing is pinned
        }
        return List.of();
    }

    /**
     * A CPU list as the kernel writes it: comma-separated numbers and ranges.
     *
     * @throws NumberFormatException if {@code list} is not one
     */
    static List<Integer> parseList(String list) {
        List<Integer> out = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int dash = p.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            for (int cpu = from; cpu <= to; cpu++) {
                out.add(cpu);
            }
        }
        return out;
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output.trim());
        }
    }
}
