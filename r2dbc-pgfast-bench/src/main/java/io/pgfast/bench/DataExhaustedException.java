package io.pgfast.bench;

/**
 * The rows prepared for a destructive scenario (delete) ran out: the measurement ends there, counting the
 * operations done so far over the time they took.
 */
public final class DataExhaustedException extends RuntimeException {
    public DataExhaustedException(String message) {
        super(message, null, false, false);
    }
}
