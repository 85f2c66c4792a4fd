package io.pgfast.bench.stats;

/** The verdict of one comparison row. */
public enum Marker {
    /** pgfast is faster: the median moved beyond the noise, at least 2 %, and every round agreed. */
    FASTER("🏆"),
    /** pgfast is slower, by the same rules. */
    SLOWER("👀"),
    /** Within the noise, under 2 %, or the rounds disagreed. */
    NONE("");

    private final String symbol;

    Marker(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }
}
