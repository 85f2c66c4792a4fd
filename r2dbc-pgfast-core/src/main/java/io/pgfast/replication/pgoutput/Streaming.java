package io.pgfast.replication.pgoutput;

/**
 * pgoutput's {@code streaming} option: whether the server may send a large transaction while it is still
 * in progress, in blocks ({@link StreamStart} … {@link StreamStop}), instead of spilling it to disk until
 * its commit.
 */
public enum Streaming {
    /** Transactions arrive whole, at their commit (the default). */
    OFF(null, 0, 1),
    /** In-progress transactions arrive in blocks (PostgreSQL 14+, protocol version 2). */
    ON("on", 14, 2),
    /**
     * As {@link #ON}, and {@link StreamAbort} carries the abort's LSN and time (PostgreSQL 16+, protocol
     * version 4; meant for parallel apply).
     */
    PARALLEL("parallel", 16, 4);

    private final String value;
    private final int sinceMajor;
    private final int protoVersion;

    Streaming(String value, int sinceMajor, int protoVersion) {
        this.value = value;
        this.sinceMajor = sinceMajor;
        this.protoVersion = protoVersion;
    }

    /** The option's value; null for OFF, which is sent as no option at all. */
    String value() {
        return value;
    }

    int sinceMajor() {
        return sinceMajor;
    }

    /** The lowest protocol version that carries it. */
    int protoVersion() {
        return protoVersion;
    }
}
