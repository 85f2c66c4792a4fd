package io.pgfast.bench;

import java.util.Objects;

/**
 * What one worker process reported for one scenario: a rate, or why there is none. Travels from the worker
 * to the coordinator as one tab-separated line on the worker's standard output.
 */
public record Measurement(Scenario scenario, Status status, long operations, long elapsedNanos, String message) {

    public enum Status {
        OK,
        ERROR,
        /** One operation took longer than the timeout: the scenario has no rate, only a lower bound on latency. */
        TIMEOUT,
        NOT_APPLICABLE
    }

    static final String PREFIX = "@@result\t";

    public Measurement {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
        if (status == Status.OK && (operations <= 0 || elapsedNanos <= 0)) {
            throw new IllegalArgumentException("an OK measurement needs operations and time, got "
                    + operations + " in " + elapsedNanos + " ns");
        }
    }

    public static Measurement ok(Scenario scenario, long operations, long elapsedNanos) {
        return new Measurement(scenario, Status.OK, operations, elapsedNanos, "");
    }

    public static Measurement error(Scenario scenario, String message) {
        return new Measurement(scenario, Status.ERROR, 0, 0, message);
    }

    public static Measurement timeout(Scenario scenario, long timeoutMillis) {
        return new Measurement(scenario, Status.TIMEOUT, 0, timeoutMillis * 1_000_000,
                "one operation took longer than " + timeoutMillis + " ms");
    }

    public static Measurement notApplicable(Scenario scenario, String reason) {
        return new Measurement(scenario, Status.NOT_APPLICABLE, 0, 0, reason);
    }

    public boolean isOk() {
        return status == Status.OK;
    }

    /** The timeout an operation overran, in milliseconds. */
    public long timeoutMillis() {
        if (status != Status.TIMEOUT) {
            throw new IllegalStateException("not a timeout: " + status);
        }
        return elapsedNanos / 1_000_000;
    }

    /** SQL statements per second ({@link Scenario#queriesPerOperation()} per operation). */
    public double queriesPerSecond() {
        if (!isOk()) {
            throw new IllegalStateException("no rate: " + status + " " + message);
        }
        return operations * (double) scenario.queriesPerOperation() * 1e9 / elapsedNanos;
    }

    /** Mean time of one operation, in milliseconds. */
    public double millisPerOperation() {
        if (!isOk()) {
            throw new IllegalStateException("no latency: " + status + " " + message);
        }
        return elapsedNanos / 1e6 / operations;
    }

    /** The line a worker prints. */
    public String toLine() {
        return PREFIX + scenario.id() + '\t' + status + '\t' + operations + '\t' + elapsedNanos + '\t'
                + message.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }

    /**
     * Parses a line of {@link #toLine()}.
     *
     * @throws IllegalArgumentException if the line is not one
     */
    public static Measurement parseLine(String line) {
        if (!line.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a result line: " + line);
        }
        String[] f = line.substring(PREFIX.length()).split("\t", 5);
        if (f.length != 5) {
            throw new IllegalArgumentException("a result line has 5 fields: " + line);
        }
        try {
            return new Measurement(Scenario.byId(f[0]), Status.valueOf(f[1]), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), f[4]);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bad result line '" + line + "': " + e.getMessage(), e);
        }
    }

    public static boolean isResultLine(String line) {
        return line.startsWith(PREFIX);
    }
}
