package io.pgfast.bench.app;

import io.pgfast.bench.Executables;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The load generator: Debian's {@code wrk} (4.1), a process of its own beside the server. A Lua {@code done} hook
 * prints the window's figures on one line in whole numbers ({@link WrkResult#parse}), so that nothing is read back
 * from wrk's rounded human output; {@code --latency} still puts the distribution in the log.
 */
final class Wrk {
    /** Requests slower than this count as timeouts instead of latencies (wrk's default is 2 s). */
    static final int TIMEOUT_SECONDS = 10;
    static final String SCRIPT = String.join("\n",
            "done = function(summary, latency, requests)",
            "  local e = summary.errors",
            "  io.write(string.format(\"" + WrkResult.MARKER + " requests=%d duration_us=%d p50_us=%d p99_us=%d "
                    + "connect=%d read=%d write=%d status=%d timeout=%d\\n\",",
            "    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),",
            "    e.connect, e.read, e.write, e.status, e.timeout))",
            "end",
            "");

    private final List<String> prefix;
    private final Path script;

    /** A load generator run with {@code prefix}, its script at {@code script}; {@link #find} checks for wrk and writes the script. */
    Wrk(List<String> prefix, Path script) {
        this.prefix = List.copyOf(prefix);
        this.script = script;
    }

    /**
     * A load generator whose commands start with {@code prefix} (where it runs: {@code taskset -c …}).
     *
     * @throws IOException naming {@code apt-get install wrk} if wrk is not on the path
     */
    static Wrk find(List<String> prefix, Path workDirectory) throws IOException {
        if (!Executables.onPath("wrk")) {
            throw new IOException("the app mode needs wrk as its load generator, and it is not on the PATH: "
                    + "apt-get install -y wrk (Debian's wrk 4.1)");
        }
        Files.createDirectories(workDirectory);
        Path script = workDirectory.resolve("pgfast-done.lua");
        Files.writeString(script, SCRIPT, StandardCharsets.UTF_8);
        return new Wrk(prefix, script);
    }

    /** wrk's threads for {@code connections}: two event loops from 256 connections up, one below (wrk needs threads ≤ connections). */
    static int threads(int connections) {
        return connections >= 256 ? 2 : 1;
    }

    /** The command of one window. */
    List<String> command(String url, int connections, int seconds) {
        List<String> c = new ArrayList<>(prefix);
        c.addAll(List.of("wrk", "-t", Integer.toString(threads(connections)), "-c", Integer.toString(connections),
                "-d", seconds + "s", "--timeout", TIMEOUT_SECONDS + "s", "--latency", "-s", script.toString(), url));
        return c;
    }

    /**
     * Loads {@code url} for {@code seconds} with {@code connections} connections; wrk's whole output is appended to
     * {@code log}.
     *
     * @throws IOException if wrk fails or prints no figures
     */
    WrkResult run(String url, int connections, int seconds, Path log) throws IOException, InterruptedException {
        List<String> command = command(url, connections, seconds);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds + TIMEOUT_SECONDS + 30L, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("wrk did not end: " + String.join(" ", command));
        }
        Files.writeString(log, "$ " + String.join(" ", command) + "\n" + output + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        if (p.exitValue() != 0) {
            throw new IOException("wrk exited " + p.exitValue() + ": " + output.trim());
        }
        return WrkResult.parse(output);
    }
}
