package io.pgfast.bench.stats;

/**
 * What a comparison row compares, per process: statements per second (more is better), or the client's
 * process CPU time per operation (less is better). The ratio is always pgfast / peer; the direction decides
 * which side of 1 is {@link Marker#BETTER}.
 */
public enum Metric {
    THROUGHPUT("q/s", true),
    CPU("CPU µs/op", false);

    private final String unit;
    private final boolean higherIsBetter;

    Metric(String unit, boolean higherIsBetter) {
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }
}
