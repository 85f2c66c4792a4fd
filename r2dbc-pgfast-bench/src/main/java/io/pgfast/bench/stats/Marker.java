package io.pgfast.bench.stats;

/**
 * The verdict of one comparison row, for whichever {@link Metric} it compares: better or worse for pgfast, a
 * measured tie, or no verdict at all.
 */
public enum Marker {
    /** pgfast is better (faster, or leaner): the median moved beyond the noise, at least 2 %, every round agreed. */
    BETTER("🏆"),
    /** pgfast is worse (slower, or costlier), by the same rules. */
    WORSE("👀"),
    /** A tie this run can vouch for: the median stayed within a noise of at most {@link Ratios#JUDGING_NOISE_LIMIT}. */
    NONE(""),
    /**
     * The run cannot tell: no mark is allowed, yet its noise is above {@link Ratios#JUDGING_NOISE_LIMIT} or its
     * rounds contradict each other, so a blank would claim a tie it did not measure. Also every row of a run
     * that judges nothing (the smoke check, {@code --quick}).
     */
    NOT_JUDGED("not judged");

    private final String symbol;

    Marker(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
