package io.pgfast.bench.stats;

/**
 * One round of one comparison, in one {@link Metric}: the values of pgfast's two processes ({@code a1},
 * {@code a2}) and of the peer's two ({@code b1}, {@code b2}), e.g. q/s or CPU µs per operation.
 */
public record RoundValues(double a1, double a2, double b1, double b2) {
    public RoundValues {
        for (double v : new double[]{a1, a2, b1, b2}) {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("values must be positive and finite: " + a1 + ", " + a2 + ", "
                        + b1 + ", " + b2);
            }
        }
    }

    /** pgfast / peer in this round, from both processes of each. */
    public double ratio() {
        return (a1 + a2) / (b1 + b2);
    }

    /** How far A/A' and B/B' got from 1 in this round, the larger of the two, as a fraction (0.05 = 5 %). */
    public double selfNoise() {
        return Math.max(Ratios.deviation(a1, a2), Ratios.deviation(b1, b2));
    }
}
