package io.pgfast.replication;

import java.time.Instant;

/**
 * PostgreSQL's epoch, 2000-01-01 00:00:00 UTC: the replication protocol and pgoutput send times as Int64
 * microseconds since then (TimestampTz).
 */
public final class PgEpoch {

    /** 2000-01-01T00:00:00Z in seconds since the Unix epoch. */
    static final long UNIX_SECONDS = 946_684_800L;

    private PgEpoch() {
    }

    /** The instant of a protocol timestamp. */
    public static Instant toInstant(long micros) {
        return Instant.ofEpochSecond(UNIX_SECONDS + Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }

    /** The protocol timestamp of an instant (truncated to microseconds). */
    public static long micros(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond() - UNIX_SECONDS, 1_000_000L), instant.getNano() / 1_000L);
    }
}
