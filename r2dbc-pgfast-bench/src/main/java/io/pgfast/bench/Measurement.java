package io.pgfast.bench;

import java.util.Objects;

/**
 * What one worker process reported for one scenario in one loop shape: a rate and the client's cost over the
 * same window, or why there is none. Travels from the worker to the coordinator as one tab-separated line on
 * the worker's standard output.
 */
public record Measurement(Scenario scenario, LoopShape shape, Status status, long operations, long elapsedNanos,
                          WindowCost cost, String message) {

    public enum Status {
        OK,
        ERROR,
        /** One operation took longer than the timeout: the scenario has no rate, only a lower bound on latency. */
        TIMEOUT,
        NOT_APPLICABLE
    }

    static final String PREFIX = "@@result\t";
    private static final int FIELDS = 10;

    public Measurement {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(message, "message");
        if (status == Status.OK && (operations <= 0 || elapsedNanos <= 0)) {
            throw new IllegalArgumentException("an OK measurement needs operations and time, got "
                    + operations + " in " + elapsedNanos + " ns");
        }
    }

    public static Measurement ok(Scenario scenario, LoopShape shape, long operations, long elapsedNanos, WindowCost cost) {
        return new Measurement(scenario, shape, Status.OK, operations, elapsedNanos, cost, "");
    }

    public static Measurement error(Scenario scenario, LoopShape shape, String message) {
        return new Measurement(scenario, shape, Status.ERROR, 0, 0, WindowCost.NONE, message);
    }

    public static Measurement timeout(Scenario scenario, LoopShape shape, long timeoutMillis) {
        return new Measurement(scenario, shape, Status.TIMEOUT, 0, timeoutMillis * 1_000_000, WindowCost.NONE,
                "one operation took longer than " + timeoutMillis + " ms");
    }

    public static Measurement notApplicable(Scenario scenario, LoopShape shape, String reason) {
        return new Measurement(scenario, shape, Status.NOT_APPLICABLE, 0, 0, WindowCost.NONE, reason);
    }

    /** The same outcome for another loop shape (a scenario that failed before its windows fails in every shape). */
    public Measurement inShape(LoopShape other) {
        return new Measurement(scenario, other, status, operations, elapsedNanos, cost, message);
    }

    /**
     * The same window, reported in the row of {@code row}: a peer's window of a base scenario serves the rows of
     * its variants ({@link Peer#runs}).
     */
    public Measurement asRowOf(Scenario row) {
        return row == scenario ? this : new Measurement(row, shape, status, operations, elapsedNanos, cost, message);
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
        requireOk("rate");
        return operations * (double) scenario.queriesPerOperation() * 1e9 / elapsedNanos;
    }

    /** Mean time of one operation, in milliseconds. */
    public double millisPerOperation() {
        requireOk("latency");
        return elapsedNanos / 1e6 / operations;
    }

    /** Process CPU time per operation in microseconds, or NaN if this JVM could not measure it. */
    public double cpuMicrosPerOperation() {
        requireOk("CPU time");
        return cost.hasCpu() ? cost.cpuNanos() / 1e3 / operations : Double.NaN;
    }

    /** Heap bytes allocated per operation, or NaN if this JVM could not measure it. */
    public double bytesPerOperation() {
        requireOk("allocation");
        return cost.hasAllocation() ? cost.allocatedBytes() / (double) operations : Double.NaN;
    }

    /** Heap bytes allocated per row read, or NaN for a scenario that reads no rows or without a figure. */
    public double bytesPerRow() {
        int rows = scenario.rowsPerOperation();
        return rows == 0 ? Double.NaN : bytesPerOperation() / rows;
    }

    private void requireOk(String what) {
        if (!isOk()) {
            throw new IllegalStateException("no " + what + ": " + status + " " + message);
        }
    }

    /** The line a worker prints. */
    public String toLine() {
        return PREFIX + scenario.id() + '\t' + shape.id() + '\t' + status + '\t' + operations + '\t' + elapsedNanos
                + '\t' + cost.cpuNanos() + '\t' + cost.allocatedBytes() + '\t' + cost.threadsEnded() + '\t'
                + cost.compileMillis() + '\t' + message.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
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
        String[] f = line.substring(PREFIX.length()).split("\t", FIELDS);
        if (f.length != FIELDS) {
            throw new IllegalArgumentException("a result line has " + FIELDS + " fields: " + line);
        }
        try {
            WindowCost cost = new WindowCost(Long.parseLong(f[5]), Long.parseLong(f[6]), Integer.parseInt(f[7]),
                    Long.parseLong(f[8]));
            return new Measurement(Scenario.byId(f[0]), LoopShape.byId(f[1]), Status.valueOf(f[2]),
                    Long.parseLong(f[3]), Long.parseLong(f[4]), cost, f[9]);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("bad result line '" + line + "': " + e.getMessage(), e);
        }
    }

    public static boolean isResultLine(String line) {
        return line.startsWith(PREFIX);
    }
}
