package io.pgfast.bench.app;

import java.util.concurrent.ThreadLocalRandom;

/** TFB's rules for the database tests that every variant of the application follows alike. */
public final class TfbRules {
    /** Rows of {@code world}, ids 1 to this; {@code randomNumber} lies in the same range. */
    public static final int WORLD_ROWS = 10_000;
    /** The most rows one request of the multiple-queries and updates tests reads. */
    public static final int MOST_QUERIES = 500;
    /** The fortune every response adds to the table's rows before sorting them. */
    public static final Fortune ADDED_FORTUNE = new Fortune(0, "Additional fortune added at request time.");
    /** The {@code Server} header every response carries (TFB requires one; its value is free). */
    public static final String SERVER = "pgfast-bench";

    private TfbRules() {
    }

    /**
     * The {@code queries} parameter as TFB reads it: a missing or non-integer value counts as 1, and the count is
     * bounded to 1..{@link #MOST_QUERIES}.
     */
    public static int queries(String raw) {
        if (raw == null) {
            return 1;
        }
        int n;
        try {
            n = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            return 1;
        }
        return Math.max(1, Math.min(MOST_QUERIES, n));
    }

    /** A uniformly random world id (or new {@code randomNumber}), 1..{@link #WORLD_ROWS}. */
    public static int randomWorld() {
        return 1 + ThreadLocalRandom.current().nextInt(WORLD_ROWS);
    }
}
