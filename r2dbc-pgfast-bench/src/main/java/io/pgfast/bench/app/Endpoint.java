package io.pgfast.bench.app;

/** TFB's four database tests, as the benchmark requests them. */
public enum Endpoint {
    SINGLE_QUERY("single query", "/db"),
    QUERIES_20("20 queries", "/queries?queries=20"),
    FORTUNES("fortunes", "/fortunes"),
    UPDATES_20("20 updates", "/updates?queries=20");

    private final String label;
    private final String path;

    Endpoint(String label, String path) {
        this.label = label;
        this.path = path;
    }

    public String label() {
        return label;
    }

    /** The path and query the load generator requests. */
    public String path() {
        return path;
    }
}
