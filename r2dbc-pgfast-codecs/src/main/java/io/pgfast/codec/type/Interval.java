package io.pgfast.codec.type;

import java.time.Duration;
import java.time.Period;

/**
 * A PostgreSQL interval, exactly as the server stores it: months, days and microseconds, three
 * independent fields with their own signs ("Interval Input" in the PostgreSQL docs). A month is not
 * a fixed number of days and a day is not always 24 hours (daylight saving), so the fields are not
 * normalised into each other.
 *
 * <p>Equality compares the three fields; the server's interval comparison instead treats a month
 * as 30 days and a day as 24 hours, so {@code '1 mon'} and {@code '30 days'} are equal in SQL but
 * not here. {@link #toString()} is the ISO 8601 form the server prints with IntervalStyle
 * iso_8601 ({@code P1Y2M3DT4H5M6.789S}).
 */
public final class Interval {

    /** The zero interval, {@code PT0S}. */
    public static final Interval ZERO = new Interval(0, 0, 0);

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;

    private final int months;
    private final int days;
    private final long micros;

    private Interval(int months, int days, long micros) {
        this.months = months;
        this.days = days;
        this.micros = micros;
    }

    /** An interval of the three fields as given. */
    public static Interval of(int months, int days, long micros) {
        return months == 0 && days == 0 && micros == 0 ? ZERO : new Interval(months, days, micros);
    }

    /**
     * The duration as microseconds (nanoseconds rounded half up), no days or months.
     *
     * @throws ArithmeticException if the duration exceeds interval's 2^63 microseconds
     */
    public static Interval of(Duration duration) {
        long micros = Math.addExact(Math.multiplyExact(duration.getSeconds(), MICROS_PER_SECOND), (duration.getNano() + 500) / 1000);
        return of(0, 0, micros);
    }

    /**
     * The period as months (years times 12 plus months) and days.
     *
     * @throws ArithmeticException if the months do not fit an int
     */
    public static Interval of(Period period) {
        int months = Math.toIntExact(Math.addExact(Math.multiplyExact((long) period.getYears(), 12L), period.getMonths()));
        return of(months, period.getDays(), 0);
    }

    public int months() {
        return months;
    }

    public int days() {
        return days;
    }

    public long micros() {
        return micros;
    }

    /**
     * Days (as 24 hours each) plus microseconds.
     *
     * @throws ArithmeticException if the interval has months, which have no fixed length
     */
    public Duration toDuration() {
        if (months != 0) {
            throw new ArithmeticException("interval " + this + " has months, which have no fixed duration");
        }
        return Duration.ofDays(days).plusSeconds(Math.floorDiv(micros, MICROS_PER_SECOND))
                .plusNanos(Math.floorMod(micros, MICROS_PER_SECOND) * 1000);
    }

    /**
     * Years and months (months / 12 and months % 12) and days.
     *
     * @throws ArithmeticException if the interval has a time part, which a Period cannot hold
     */
    public Period toPeriod() {
        if (micros != 0) {
            throw new ArithmeticException("interval " + this + " has a time part, which a Period cannot hold");
        }
        return Period.of(months / 12, months % 12, days);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Interval)) {
            return false;
        }
        Interval other = (Interval) o;
        return months == other.months && days == other.days && micros == other.micros;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * months + days) + Long.hashCode(micros);
    }

    /** ISO 8601 with a sign per field, as the server's IntervalStyle iso_8601 prints it. */
    @Override
    public String toString() {
        if (months == 0 && days == 0 && micros == 0) {
            return "PT0S";
        }
        StringBuilder out = new StringBuilder("P");
        field(out, months / 12, 'Y');
        field(out, months % 12, 'M');
        field(out, days, 'D');
        if (micros != 0) {
            out.append('T');
            long hours = micros / MICROS_PER_HOUR;
            long minutes = micros / MICROS_PER_MINUTE % 60;
            long seconds = micros / MICROS_PER_SECOND % 60;
            long fraction = micros % MICROS_PER_SECOND;
            field(out, hours, 'H');
            field(out, minutes, 'M');
            if (seconds != 0 || fraction != 0) {
                if (seconds == 0 && fraction < 0) {
                    out.append('-');
                }
                out.append(seconds);
                appendFraction(out, Math.abs(fraction));
                out.append('S');
            }
        }
        return out.toString();
    }

    private static void field(StringBuilder out, long value, char unit) {
        if (value != 0) {
            out.append(value).append(unit);
        }
    }

    /** {@code .ffffff} without trailing zeros, nothing for zero. */
    private static void appendFraction(StringBuilder out, long micros) {
        if (micros == 0) {
            return;
        }
        String digits = Long.toString(micros + MICROS_PER_SECOND).substring(1);
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        out.append('.').append(digits, 0, end);
    }
}
