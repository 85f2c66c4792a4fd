package io.pgfast.it.roundtrip;

import io.pgfast.codec.type.Interval;
import io.pgfast.testing.RequiresPostgres;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Disabled;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.function.Function;

/**
 * date, time, timestamp, timestamptz and interval, bound and read back in both formats, mostly from
 * 4713 BC (the server's lower bound, Julian day 0) to 9999 AD, and up to the server's upper bounds (date:
 * 5874897 AD, timestamp: 294276 AD) with five-digit and longer years; with microsecond precision (the
 * server's) and the infinities.
 */
@RequiresPostgres
@Tag(RequiresPostgres.TAG)
class TemporalRoundTripProperties {

    /** 4713 BC, January 1st: the earliest date the server accepts (proleptic Gregorian year -4712). */
    private static final long FIRST_DAY = LocalDate.of(-4712, 1, 1).toEpochDay();
    private static final long LAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();
    /** The last date (src/include/datatype/timestamp.h, END_DATE) and the last timestamp's date (END_TIMESTAMP). */
    private static final long LAST_SERVER_DATE = LocalDate.of(5874897, 12, 31).toEpochDay();
    private static final long LAST_SERVER_TIMESTAMP_DAY = LocalDate.of(294276, 12, 31).toEpochDay();
    private static final long MICROS_PER_DAY = 86_400_000_000L;

    private static RoundTrip db;

    @BeforeContainer
    static void open() {
        db = RoundTrip.open();
    }

    @AfterContainer
    static void close() {
        if (db != null) {
            db.close();
        }
    }

    /** Days from 4713 BC: mostly in 1..9999 AD, some BC, some up to {@code lastDay}. */
    private static Arbitrary<LocalDate> days(long lastDay) {
        Arbitrary<LocalDate> commonEra = Arbitraries.longs().between(LocalDate.of(1, 1, 1).toEpochDay(), LAST_DAY).map(LocalDate::ofEpochDay);
        Arbitrary<LocalDate> upToLastDay = Arbitraries.longs().between(FIRST_DAY, lastDay).map(LocalDate::ofEpochDay);
        Arbitrary<LocalDate> bc = Arbitraries.longs().between(FIRST_DAY, LocalDate.of(0, 12, 31).toEpochDay()).map(LocalDate::ofEpochDay);
        return Arbitraries.frequencyOf(
                Tuple.of(6, commonEra),
                Tuple.of(2, bc),
                Tuple.of(1, upToLastDay),
                Tuple.of(1, Arbitraries.of(LocalDate.of(0, 12, 31), LocalDate.of(1, 1, 1), LocalDate.of(2000, 1, 1),
                        LocalDate.of(1999, 12, 31), LocalDate.of(9999, 12, 31), LocalDate.of(10000, 1, 1), LocalDate.ofEpochDay(FIRST_DAY),
                        LocalDate.ofEpochDay(lastDay))));
    }

    @Provide
    Arbitrary<LocalDate> dates() {
        return Arbitraries.frequencyOf(Tuple.of(12, days(LAST_SERVER_DATE)), Tuple.of(1, Arbitraries.of(LocalDate.MAX, LocalDate.MIN)));
    }

    @Property(tries = 100)
    void date(@ForAll("dates") LocalDate v) {
        db.check("date", v, LocalDate.class, ServerText.date(v));
    }

    private static Arbitrary<LocalTime> microsOfDay() {
        return Arbitraries.longs().between(0, MICROS_PER_DAY - 1).map(micros -> LocalTime.ofNanoOfDay(micros * 1000));
    }

    @Provide
    Arbitrary<LocalTime> times() {
        return microsOfDay();
    }

    @Property(tries = 100)
    void time(@ForAll("times") LocalTime v) {
        db.check("time", v, LocalTime.class, ServerText.time(v));
    }

    private static Arbitrary<LocalDateTime> finiteTimestamps() {
        return Combinators.combine(days(LAST_SERVER_TIMESTAMP_DAY), microsOfDay()).as(LocalDateTime::of);
    }

    @Provide
    Arbitrary<LocalDateTime> timestamps() {
        return Arbitraries.frequencyOf(Tuple.of(12, finiteTimestamps()), Tuple.of(1, Arbitraries.of(LocalDateTime.MAX, LocalDateTime.MIN)));
    }

    @Property(tries = 100)
    void timestamp(@ForAll("timestamps") LocalDateTime v) {
        db.check("timestamp", v, LocalDateTime.class, ServerText.timestamp(v));
    }

    @Provide
    Arbitrary<OffsetDateTime> offsetDateTimes() {
        Arbitrary<ZoneOffset> offsets = Arbitraries.integers().between(-18 * 3600, 18 * 3600).map(ZoneOffset::ofTotalSeconds);
        Arbitrary<OffsetDateTime> finite = Combinators.combine(finiteTimestamps(), offsets).as(OffsetDateTime::of)
                // the instant, not the local time, must lie in the server's range
                .filter(t -> {
                    LocalDate utc = t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDate();
                    return utc.toEpochDay() >= FIRST_DAY && utc.toEpochDay() <= LAST_SERVER_TIMESTAMP_DAY;
                });
        return Arbitraries.frequencyOf(Tuple.of(12, finite), Tuple.of(1, Arbitraries.of(OffsetDateTime.MAX, OffsetDateTime.MIN)));
    }

    /**
     * A timestamptz is an instant: the offset given is not kept, so instants are compared (the infinities,
     * OffsetDateTime.MAX and MIN, as themselves).
     */
    @Property(tries = 100)
    void timestamptz(@ForAll("offsetDateTimes") OffsetDateTime v) {
        Function<OffsetDateTime, Object> instant = t -> t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN) ? t : t.toInstant();
        db.check("timestamptz", v, OffsetDateTime.class, v, ServerText.timestamptzInUtc(v), instant);
    }

    @Provide
    Arbitrary<Duration> durations() {
        // interval keeps microseconds; a Duration of whole microseconds round-trips exactly
        return Arbitraries.longs().between(-1_000_000L * 86_400 * 365 * 10_000, 1_000_000L * 86_400 * 365 * 10_000)
                .map(micros -> Duration.ofSeconds(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000));
    }

    @Property(tries = 100)
    void durationAsInterval(@ForAll("durations") Duration v) {
        db.check("interval", v, Duration.class, ServerText.timeInterval(v));
    }

    @Provide
    Arbitrary<Interval> intervals() {
        Arbitrary<Integer> months = Arbitraries.oneOf(Arbitraries.integers().between(-12 * 1000, 12 * 1000), Arbitraries.integers());
        Arbitrary<Integer> days = Arbitraries.oneOf(Arbitraries.integers().between(-1000, 1000), Arbitraries.integers());
        Arbitrary<Long> micros = Arbitraries.oneOf(Arbitraries.longs().between(-MICROS_PER_DAY * 1000, MICROS_PER_DAY * 1000), Arbitraries.longs());
        return Combinators.combine(months, days, micros).as(Interval::of)
                // PostgreSQL 17 keeps all-maximum and all-minimum fields for +infinity and -infinity
                .filter(i -> !(i.months() == Integer.MAX_VALUE && i.days() == Integer.MAX_VALUE && i.micros() == Long.MAX_VALUE))
                .filter(i -> !(i.months() == Integer.MIN_VALUE && i.days() == Integer.MIN_VALUE && i.micros() == Long.MIN_VALUE))
                // see intervalOfTheSmallestTime below (a driver bug, reported)
                .filter(i -> i.micros() != Long.MIN_VALUE);
    }

    /** Months, days and microseconds are three fields, each kept as given. */
    @Property(tries = 100)
    void interval(@ForAll("intervals") Interval v) {
        db.check("interval", v, Interval.class, v, null, Function.identity());
    }

    /**
     * Found by {@link #interval}: the smallest time part, -2^63 microseconds, which the server prints as
     * {@code -2562047788:00:54.775808}.
     */
    @Example
    void intervalOfTheSmallestTime() {
        db.check("interval", Interval.of(0, 0, Long.MIN_VALUE), Interval.class, Interval.of(0, 0, Long.MIN_VALUE),
                "-2562047788:00:54.775808", Function.identity());
    }
}
