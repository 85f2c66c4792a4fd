package io.pgfast.bench;

/** A driver cannot run a scenario at all (the raw socket floor has no pool, for example): its cell shows "n/a". */
public final class NotApplicableException extends Exception {
    public NotApplicableException(String reason) {
        super(reason);
    }
}
