package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * The binary date/time representations (src/include/datatype/timestamp.h): days (date) and
 * microseconds (timestamp, timestamptz) since 2000-01-01 00:00 (UTC for timestamptz), with
 * {@code Integer/Long.MAX_VALUE} as infinity and {@code MIN_VALUE} as -infinity (DATEVAL_NOEND,
 * DT_NOEND and their negatives); time of day as microseconds since midnight.
 *
 * <p>Java values carry nanoseconds; they are rounded to the nearest microsecond (half up), as the
 * server rounds a fraction with more than six digits, so that a value bound in binary lands on the
 * microsecond the same value in text would. A caller that sends a clock reading rather than a value
 * (the send time of a replication status update) truncates it first, as PostgreSQL's own clients read
 * the clock: the time sent is then never later than the reading.
 *
 * <p>Public for the replication protocol, whose times are TimestampTz too; the package is exported to
 * the driver's core module only.
 */
public final class PgEpoch {

    /** 2000-01-01 as days since 1970-01-01. */
    static final long EPOCH_DAY_2000 = 10_957L;
    /** 2000-01-01T00:00Z as seconds since 1970-01-01T00:00Z. */
    static final long EPOCH_SECOND_2000 = 946_684_800L;
    static final long MICROS_PER_DAY = 86_400_000_000L;
    private static final long MICROS_PER_SECOND = 1_000_000L;

    private PgEpoch() {
    }

    static LocalDate date(int days) {
        if (days == Integer.MAX_VALUE) {
            return LocalDate.MAX;
        }
        if (days == Integer.MIN_VALUE) {
            return LocalDate.MIN;
        }
        return LocalDate.ofEpochDay(days + EPOCH_DAY_2000);
    }

    static int days(LocalDate date) {
        if (date.equals(LocalDate.MAX)) {
            return Integer.MAX_VALUE;
        }
        if (date.equals(LocalDate.MIN)) {
            return Integer.MIN_VALUE;
        }
        long days = date.toEpochDay() - EPOCH_DAY_2000;
        if (days <= Integer.MIN_VALUE || days >= Integer.MAX_VALUE) {
            throw new CodecException("date " + date + " is out of range for date");
        }
        return (int) days;
    }

    static LocalTime time(long micros, String type) {
        if (micros == MICROS_PER_DAY) {
            return LocalTime.MAX;
        }
        if (micros < 0 || micros > MICROS_PER_DAY) {
            throw new CodecException(type + " binary value " + micros + " is not a time of day in microseconds");
        }
        return LocalTime.ofNanoOfDay(micros * 1000);
    }

    /** Microseconds since midnight, rounded; LocalTime.MAX (and anything that rounds up to midnight) is 24:00:00. */
    static long micros(LocalTime time) {
        return (time.toNanoOfDay() + 500) / 1000;
    }

    static LocalDateTime timestamp(long micros) {
        if (micros == Long.MAX_VALUE) {
            return LocalDateTime.MAX;
        }
        if (micros == Long.MIN_VALUE) {
            return LocalDateTime.MIN;
        }
        long seconds = Math.floorDiv(micros, MICROS_PER_SECOND) + EPOCH_SECOND_2000;
        int nanos = (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000;
        return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    }

    /** The instant of a timestamptz, {@link Instant#MAX} and {@link Instant#MIN} for its infinities. */
    public static Instant instant(long micros) {
        if (micros == Long.MAX_VALUE) {
            return Instant.MAX;
        }
        if (micros == Long.MIN_VALUE) {
            return Instant.MIN;
        }
        long seconds = Math.floorDiv(micros, MICROS_PER_SECOND) + EPOCH_SECOND_2000;
        return Instant.ofEpochSecond(seconds, Math.floorMod(micros, MICROS_PER_SECOND) * 1000);
    }

    static long micros(LocalDateTime value, String type) {
        if (value.equals(LocalDateTime.MAX)) {
            return Long.MAX_VALUE;
        }
        if (value.equals(LocalDateTime.MIN)) {
            return Long.MIN_VALUE;
        }
        return micros(value.toEpochSecond(ZoneOffset.UTC), value.getNano(), value, type);
    }

    /**
     * The timestamptz of {@code value}, rounded to the nearest microsecond (half up).
     *
     * @throws CodecException naming {@code value} and {@code type} when it is out of the type's range
     */
    public static long micros(Instant value, String type) {
        if (value.equals(Instant.MAX)) {
            return Long.MAX_VALUE;
        }
        if (value.equals(Instant.MIN)) {
            return Long.MIN_VALUE;
        }
        return micros(value.getEpochSecond(), value.getNano(), value, type);
    }

    private static long micros(long epochSecond, int nanos, Object value, String type) {
        try {
            long micros = Math.addExact(Math.multiplyExact(epochSecond - EPOCH_SECOND_2000, MICROS_PER_SECOND), (nanos + 500) / 1000);
            if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
                throw new ArithmeticException("reserved for infinity");
            }
            return micros;
        } catch (ArithmeticException e) {
            throw new CodecException(value + " is out of range for " + type);
        }
    }
}
