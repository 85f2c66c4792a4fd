package io.pgfast.codec.builtin;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

class PgEpochTest {

    @Test
    void postgresEpoch() {
        assertThat(PgEpoch.instant(0)).isEqualTo(Instant.parse("2000-01-01T00:00:00Z"));
        assertThat(PgEpoch.instant(-1)).isEqualTo(Instant.parse("1999-12-31T23:59:59.999999Z"));
        assertThat(PgEpoch.micros(Instant.parse("2000-01-01T00:00:01.000002Z"), "timestamptz")).isEqualTo(1_000_002L);
        Instant now = Instant.parse("2026-12-02T07:45:54.841720Z");
        assertThat(PgEpoch.instant(PgEpoch.micros(now, "timestamptz"))).isEqualTo(now);
    }

    @Test
    void aValueIsRoundedToTheNearestMicrosecondHalfUp() {
        // as the server rounds a literal with more than six fractional digits
        assertThat(PgEpoch.micros(Instant.parse("2000-01-01T00:00:00.000000499Z"), "timestamptz")).isZero();
        assertThat(PgEpoch.micros(Instant.parse("2000-01-01T00:00:00.000000500Z"), "timestamptz")).isEqualTo(1);
        assertThat(PgEpoch.micros(Instant.parse("2000-01-01T00:00:00.000001999Z"), "timestamptz")).isEqualTo(2);
        // before the epoch too: -0.5 µs rounds up to 0, -0.501 µs down to -1
        assertThat(PgEpoch.micros(Instant.parse("1999-12-31T23:59:59.999999500Z"), "timestamptz")).isZero();
        assertThat(PgEpoch.micros(Instant.parse("1999-12-31T23:59:59.999999499Z"), "timestamptz")).isEqualTo(-1);
    }

    @Test
    void aClockReadingTruncatedFirstIsNeverLaterThanTheReading() {
        // what a replication status update sends as its time: the reading truncated, then exact
        Instant reading = Instant.parse("2026-12-02T07:45:54.841720999Z");
        long micros = PgEpoch.micros(reading.truncatedTo(ChronoUnit.MICROS), "timestamptz");
        assertThat(PgEpoch.instant(micros)).isEqualTo(Instant.parse("2026-12-02T07:45:54.841720Z")).isBeforeOrEqualTo(reading);
        assertThat(PgEpoch.micros(reading, "timestamptz")).isEqualTo(micros + 1);
    }

    @Test
    void infinityIsKept() {
        assertThat(PgEpoch.instant(Long.MAX_VALUE)).isEqualTo(Instant.MAX);
        assertThat(PgEpoch.instant(Long.MIN_VALUE)).isEqualTo(Instant.MIN);
        assertThat(PgEpoch.micros(Instant.MAX, "timestamptz")).isEqualTo(Long.MAX_VALUE);
    }
}
