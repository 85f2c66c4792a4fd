package io.pgfast.bench.app;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * One wrk window's figures, from the line {@link Wrk}'s script prints.
 *
 * @param requests    responses completed in the window
 * @param micros      the window's length as wrk measured it
 * @param p50Micros   the median latency
 * @param p99Micros   the 99th percentile latency
 * @param errors      socket errors (connect, read, write, timeout) and responses that were not 2xx or 3xx
 */
public record WrkResult(long requests, long micros, long p50Micros, long p99Micros, long errors) {
    static final String MARKER = "PGFAST-WRK";

    /** Completed requests per second. */
    public double requestsPerSecond() {
        return micros <= 0 ? 0 : requests * 1e6 / micros;
    }

    /**
     * The figures in wrk's {@code output}.
     *
     * @throws IOException if it has no line of the script's
     */
    static WrkResult parse(String output) throws IOException {
        for (String line : output.split("\n")) {
            if (!line.startsWith(MARKER + " ")) {
                continue;
            }
            Map<String, Long> v = new HashMap<>();
            for (String part : line.substring(MARKER.length() + 1).trim().split("\\s+")) {
                int eq = part.indexOf('=');
                v.put(part.substring(0, eq), Long.parseLong(part.substring(eq + 1)));
            }
            return new WrkResult(v.get("requests"), v.get("duration_us"), v.get("p50_us"), v.get("p99_us"),
                    v.get("connect") + v.get("read") + v.get("write") + v.get("status") + v.get("timeout"));
        }
        throw new IOException("wrk printed no " + MARKER + " line: " + output.trim());
    }
}
