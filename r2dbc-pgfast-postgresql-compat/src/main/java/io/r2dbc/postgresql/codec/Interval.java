package io.r2dbc.postgresql.codec;

import java.io.Serializable;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.Period;
import java.time.chrono.ChronoPeriod;
import java.time.chrono.Chronology;
import java.time.chrono.IsoChronology;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAmount;
import java.time.temporal.TemporalQueries;
import java.time.temporal.TemporalUnit;
import java.time.temporal.UnsupportedTemporalTypeException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A PostgreSQL {@code interval} as years, months, days, hours, minutes, seconds and microseconds, each kept as
 * given, with its own sign, and not normalized into the others ({@link #normalized()} does that on request).
 * Its {@link #getPeriod() Period} part is years, months and days; its {@link #getDuration() Duration} part the
 * rest. Immutable and thread-safe.
 *
 * <p>The server keeps an interval as months, days and microseconds: what the driver sends is years × 12 +
 * months, days, and the time fields as microseconds; what it reads back has its months split into years and
 * months and its microseconds into hours, minutes, seconds and microseconds. So {@code 25 hours} comes back as
 * {@code 25 hours} but {@code 70 mins} as {@code 1 hours 10 mins}.
 *
 * <p>{@link #toString()} and {@link #getValue()} print {@code 1 years 2 mons 3 days 4 hours 5 mins 6.5 secs},
 * which the server's interval input accepts. {@link #parse(String)} reads that form, the server's other output
 * styles ({@code postgres}, {@code postgres_verbose}, {@code iso_8601}) and ISO 8601 durations.
 */
public final class Interval implements ChronoPeriod, Serializable {

    private static final long serialVersionUID = 1L;

    /** The interval of length zero. */
    public static final Interval ZERO = new Interval(0, 0, 0, 0, 0, 0, 0);

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
    private static final long MICROS_PER_DAY = 24 * MICROS_PER_HOUR;

    private static final List<TemporalUnit> UNITS = List.of(ChronoUnit.YEARS, ChronoUnit.MONTHS, ChronoUnit.DAYS,
            ChronoUnit.HOURS, ChronoUnit.MINUTES, ChronoUnit.SECONDS, ChronoUnit.MICROS);

    private final int years;
    private final int months;
    private final int days;
    private final int hours;
    private final int minutes;
    private final int seconds;
    private final int microseconds;

    private Interval(int years, int months, int days, int hours, int minutes, int seconds, int microseconds) {
        this.years = years;
        this.months = months;
        this.days = days;
        this.hours = hours;
        this.minutes = minutes;
        this.seconds = seconds;
        this.microseconds = microseconds;
    }

    /**
     * The period's years, months and days, its months first carried into years ({@link Period#normalized()}).
     *
     * @throws IllegalArgumentException if {@code period} is null
     */
    public static Interval of(Period period) {
        return of(Checks.notNull(period, "period"), Duration.ZERO);
    }

    /**
     * The duration as days of 24 hours, hours, minutes, seconds and microseconds (nanoseconds below a
     * microsecond are dropped).
     *
     * @throws IllegalArgumentException if {@code duration} is null
     * @throws ArithmeticException      if its days do not fit an int
     */
    public static Interval of(Duration duration) {
        return of(Period.ZERO, Checks.notNull(duration, "duration"));
    }

    /**
     * {@link #of(Period)} plus {@link #of(Duration)}.
     *
     * @throws IllegalArgumentException if an argument is null
     * @throws ArithmeticException      if a field overflows an int
     */
    public static Interval of(Period period, Duration duration) {
        Checks.notNull(period, "period");
        Checks.notNull(duration, "duration");
        Period p = period.normalized();
        return create(p.getYears(), p.getMonths(), Math.addExact(p.getDays(), Math.toIntExact(duration.toDays())),
                duration.toHoursPart(), duration.toMinutesPart(), duration.toSecondsPart(), duration.toNanosPart() / 1000);
    }

    /**
     * An interval of the fields as given; {@code seconds} may have a fraction, kept to the microsecond (rounded
     * half away from zero).
     *
     * @throws IllegalArgumentException if {@code seconds} is NaN, infinite or beyond an int
     */
    public static Interval of(int years, int months, int days, int hours, int minutes, double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds) || Math.abs(seconds) >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("seconds must be finite and within an int, not " + seconds);
        }
        int whole = (int) seconds;
        long micros = Math.round((seconds - whole) * MICROS_PER_SECOND);
        return create(years, months, days, hours, minutes, whole, (int) micros);
    }

    /** An interval of the fields as given. */
    public static Interval of(int years, int months, int days, int hours, int minutes, int seconds, int microseconds) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    private static Interval create(int years, int months, int days, int hours, int minutes, int seconds, int microseconds) {
        if ((years | months | days | hours | minutes | seconds | microseconds) == 0) {
            return ZERO;
        }
        return new Interval(years, months, days, hours, minutes, seconds, microseconds);
    }

    /**
     * The interval from {@code startInclusive} to {@code endExclusive}: whole years, months and days between
     * their dates (when they have dates), then the time that remains (when they have times), as
     * {@link java.time.LocalDateTime#until} counts. Negative when the end is before the start.
     *
     * @throws IllegalArgumentException if an argument is null
     * @throws DateTimeException        if the two cannot be compared (different kinds of temporal)
     */
    public static Interval between(Temporal startInclusive, Temporal endExclusive) {
        Checks.notNull(startInclusive, "startInclusive");
        Checks.notNull(endExclusive, "endExclusive");
        boolean dated = startInclusive.isSupported(ChronoField.EPOCH_DAY);
        boolean timed = startInclusive.isSupported(ChronoUnit.SECONDS);
        if (!dated) {
            return of(Duration.between(startInclusive, endExclusive));
        }
        LocalDate start = LocalDate.from(startInclusive);
        LocalDate end = LocalDate.from(endExclusive);
        Period period = Period.between(start, end);
        if (!timed) {
            return of(period);
        }
        Duration rest = Duration.between(startInclusive.plus(period), endExclusive);
        // the dates overshoot when the end's time of day is past (or, going back, before) the start's: one day
        // fewer, so that the period and the time that remains have one sign
        if (rest.isNegative() && !period.isNegative() && !period.isZero()) {
            period = Period.between(start, end.minusDays(1));
            rest = Duration.between(startInclusive.plus(period), endExclusive);
        } else if (period.isNegative() && !rest.isNegative() && !rest.isZero()) {
            period = Period.between(start, end.plusDays(1));
            rest = Duration.between(startInclusive.plus(period), endExclusive);
        }
        return of(period, rest);
    }

    /**
     * The interval of an amount: an Interval itself, a Period as {@link #of(Period)}, a Duration as
     * {@link #of(Duration)}, any other by its units (centuries to nanoseconds; below a microsecond dropped).
     *
     * @throws IllegalArgumentException         if {@code amount} is null
     * @throws UnsupportedTemporalTypeException if the amount has a unit that an interval cannot hold (eras,
     *                                          forever)
     * @throws ArithmeticException              if a field overflows an int
     */
    public static Interval from(TemporalAmount amount) {
        Checks.notNull(amount, "amount");
        if (amount instanceof Interval) {
            return (Interval) amount;
        }
        if (amount instanceof Period) {
            return of((Period) amount);
        }
        if (amount instanceof Duration) {
            return of((Duration) amount);
        }
        long years = 0;
        long months = 0;
        long days = 0;
        long hours = 0;
        long minutes = 0;
        long seconds = 0;
        long micros = 0;
        for (TemporalUnit unit : amount.getUnits()) {
            long value = amount.get(unit);
            if (!(unit instanceof ChronoUnit)) {
                throw new UnsupportedTemporalTypeException("an interval has no unit " + unit);
            }
            switch ((ChronoUnit) unit) {
                case MILLENNIA: years = Math.addExact(years, Math.multiplyExact(value, 1000)); break;
                case CENTURIES: years = Math.addExact(years, Math.multiplyExact(value, 100)); break;
                case DECADES: years = Math.addExact(years, Math.multiplyExact(value, 10)); break;
                case YEARS: years = Math.addExact(years, value); break;
                case MONTHS: months = Math.addExact(months, value); break;
                case WEEKS: days = Math.addExact(days, Math.multiplyExact(value, 7)); break;
                case DAYS: days = Math.addExact(days, value); break;
                case HALF_DAYS: hours = Math.addExact(hours, Math.multiplyExact(value, 12)); break;
                case HOURS: hours = Math.addExact(hours, value); break;
                case MINUTES: minutes = Math.addExact(minutes, value); break;
                case SECONDS: seconds = Math.addExact(seconds, value); break;
                case MILLIS: micros = Math.addExact(micros, Math.multiplyExact(value, 1000)); break;
                case MICROS: micros = Math.addExact(micros, value); break;
                case NANOS: micros = Math.addExact(micros, value / 1000); break;
                default: throw new UnsupportedTemporalTypeException("an interval has no unit " + unit);
            }
        }
        return create(Math.toIntExact(years), Math.toIntExact(months), Math.toIntExact(days), Math.toIntExact(hours),
                Math.toIntExact(minutes), Math.toIntExact(seconds), Math.toIntExact(micros));
    }

    /**
     * Reads an interval in ISO 8601 ({@code P1Y2M3DT4H5M6.5S}, a sign on any field or before the {@code P}) or in
     * the server's notation: fields as {@code N unit} ({@code years}, {@code mons}, {@code weeks}, {@code days},
     * {@code hours}, {@code mins}, {@code secs}, {@code msecs}, {@code usecs}, singular and the server's other
     * spellings), a time of day {@code [-]HH:MM[:SS[.ffffff]]}, an optional leading {@code @} and trailing
     * {@code ago}. Only seconds may have a fraction.
     *
     * @throws IllegalArgumentException if {@code value} is null or not an interval in these forms
     */
    public static Interval parse(String value) {
        Checks.notNull(value, "value");
        String text = value.trim();
        try {
            Fields f = new Fields();
            if (text.startsWith("P") || text.startsWith("-P") || text.startsWith("+P")) {
                f.iso(text);
            } else {
                f.postgres(text);
            }
            return f.toInterval();
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("Invalid interval: " + value, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid interval: " + value + " (" + e.getMessage() + ")", e);
        }
    }

    public int getYears() {
        return years;
    }

    public int getMonths() {
        return months;
    }

    public int getDays() {
        return days;
    }

    public int getHours() {
        return hours;
    }

    public int getMinutes() {
        return minutes;
    }

    /** The seconds with their microseconds as a fraction. */
    public double getSeconds() {
        return seconds + microseconds / (double) MICROS_PER_SECOND;
    }

    /** The whole seconds field. */
    public int getSecondsInMinute() {
        return seconds;
    }

    /** The microseconds field. */
    public int getMicrosecondsInSecond() {
        return microseconds;
    }

    /** The field of {@code unit}, one of {@link #getUnits()}. */
    @Override
    public long get(TemporalUnit unit) {
        if (unit == ChronoUnit.YEARS) {
            return years;
        }
        if (unit == ChronoUnit.MONTHS) {
            return months;
        }
        if (unit == ChronoUnit.DAYS) {
            return days;
        }
        if (unit == ChronoUnit.HOURS) {
            return hours;
        }
        if (unit == ChronoUnit.MINUTES) {
            return minutes;
        }
        if (unit == ChronoUnit.SECONDS) {
            return seconds;
        }
        if (unit == ChronoUnit.MICROS) {
            return microseconds;
        }
        throw new UnsupportedTemporalTypeException("unsupported unit " + unit + " (an interval has " + UNITS + ")");
    }

    /** Years, months, days, hours, minutes, seconds and microseconds. */
    @Override
    public List<TemporalUnit> getUnits() {
        return UNITS;
    }

    /**
     * Adds the months (years × 12 + months), then the days, then the {@link #getDuration() duration}.
     *
     * @throws DateTimeException if {@code temporal} is of a calendar other than ISO
     */
    @Override
    public Temporal addTo(Temporal temporal) {
        checkChronology(temporal);
        Temporal t = temporal;
        long totalMonths = totalMonths();
        if (totalMonths != 0) {
            t = t.plus(totalMonths, ChronoUnit.MONTHS);
        }
        if (days != 0) {
            t = t.plus(days, ChronoUnit.DAYS);
        }
        Duration d = getDuration();
        return d.isZero() ? t : t.plus(d);
    }

    /**
     * Subtracts the months, then the days, then the duration.
     *
     * @throws DateTimeException if {@code temporal} is of a calendar other than ISO
     */
    @Override
    public Temporal subtractFrom(Temporal temporal) {
        checkChronology(temporal);
        Temporal t = temporal;
        long totalMonths = totalMonths();
        if (totalMonths != 0) {
            t = t.minus(totalMonths, ChronoUnit.MONTHS);
        }
        if (days != 0) {
            t = t.minus(days, ChronoUnit.DAYS);
        }
        Duration d = getDuration();
        return d.isZero() ? t : t.minus(d);
    }

    private static void checkChronology(Temporal temporal) {
        Objects.requireNonNull(temporal, "temporal");
        Chronology chronology = temporal.query(TemporalQueries.chronology());
        if (chronology != null && !IsoChronology.INSTANCE.equals(chronology)) {
            throw new DateTimeException("an interval adds to ISO dates only, not to " + chronology.getId());
        }
    }

    /**
     * Field by field sum with {@link #from(TemporalAmount) from(amountToAdd)}.
     *
     * @throws ArithmeticException if a field overflows an int
     */
    @Override
    public Interval plus(TemporalAmount amountToAdd) {
        Interval o = from(amountToAdd);
        return create(Math.addExact(years, o.years), Math.addExact(months, o.months), Math.addExact(days, o.days),
                Math.addExact(hours, o.hours), Math.addExact(minutes, o.minutes), Math.addExact(seconds, o.seconds),
                Math.addExact(microseconds, o.microseconds));
    }

    /**
     * Field by field difference with {@link #from(TemporalAmount) from(amountToSubtract)}.
     *
     * @throws ArithmeticException if a field overflows an int
     */
    @Override
    public Interval minus(TemporalAmount amountToSubtract) {
        Interval o = from(amountToSubtract);
        return create(Math.subtractExact(years, o.years), Math.subtractExact(months, o.months),
                Math.subtractExact(days, o.days), Math.subtractExact(hours, o.hours),
                Math.subtractExact(minutes, o.minutes), Math.subtractExact(seconds, o.seconds),
                Math.subtractExact(microseconds, o.microseconds));
    }

    /** ISO: an interval counts in the ISO calendar's units. */
    @Override
    public Chronology getChronology() {
        return IsoChronology.INSTANCE;
    }

    /**
     * Every field times {@code scalar}.
     *
     * @throws ArithmeticException if a field overflows an int
     */
    @Override
    public Interval multipliedBy(int scalar) {
        return create(Math.multiplyExact(years, scalar), Math.multiplyExact(months, scalar), Math.multiplyExact(days, scalar),
                Math.multiplyExact(hours, scalar), Math.multiplyExact(minutes, scalar), Math.multiplyExact(seconds, scalar),
                Math.multiplyExact(microseconds, scalar));
    }

    /**
     * Months carried into years, and separately microseconds into seconds, minutes, hours and days of 24 hours;
     * days are not carried into months (a month has no fixed number of days). Every field then has the sign of
     * its part: 14 months and 43 days 25 hours become 1 year 2 months and 44 days 1 hour.
     *
     * @throws ArithmeticException if a field overflows
     */
    @Override
    public Interval normalized() {
        long totalMonths = totalMonths();
        long micros = Math.addExact(Math.multiplyExact(days, MICROS_PER_DAY), timeMicros());
        return create(Math.toIntExact(totalMonths / 12), (int) (totalMonths % 12), Math.toIntExact(micros / MICROS_PER_DAY),
                (int) (micros % MICROS_PER_DAY / MICROS_PER_HOUR), (int) (micros % MICROS_PER_HOUR / MICROS_PER_MINUTE),
                (int) (micros % MICROS_PER_MINUTE / MICROS_PER_SECOND), (int) (micros % MICROS_PER_SECOND));
    }

    private long totalMonths() {
        return years * 12L + months;
    }

    /** Hours, minutes, seconds and microseconds as microseconds; cannot overflow a long. */
    private long timeMicros() {
        return hours * MICROS_PER_HOUR + minutes * MICROS_PER_MINUTE + seconds * MICROS_PER_SECOND + microseconds;
    }

    public Interval withYears(int years) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    public Interval withMonths(int months) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    public Interval withDays(int days) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    public Interval withHours(int hours) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    public Interval withMinutes(int minutes) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    /** This interval with the whole seconds field replaced; the microseconds stay. */
    public Interval withSeconds(int seconds) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    public Interval withMicroseconds(int microseconds) {
        return create(years, months, days, hours, minutes, seconds, microseconds);
    }

    /** Years, months and days, as they are (not normalized). */
    public Period getPeriod() {
        return Period.of(years, months, days);
    }

    /** Hours, minutes, seconds and microseconds as one Duration. */
    public Duration getDuration() {
        return Duration.ofSeconds(Math.floorDiv(timeMicros(), MICROS_PER_SECOND), Math.floorMod(timeMicros(), MICROS_PER_SECOND) * 1000);
    }

    /** The interval as the server's input accepts it: {@code 1 years 2 mons 3 days 4 hours 5 mins 6.5 secs}. */
    public String getValue() {
        return years + " years " + months + " mons " + days + " days " + hours + " hours " + minutes + " mins "
                + secondsText() + " secs";
    }

    /** Seconds and microseconds as a decimal with at least one fraction digit: {@code 6.0}, {@code -3.25}. */
    private String secondsText() {
        long micros = seconds * MICROS_PER_SECOND + microseconds;
        long abs = Math.abs(micros);
        String fraction = Long.toString(abs % MICROS_PER_SECOND + MICROS_PER_SECOND).substring(1);
        int end = fraction.length();
        while (end > 1 && fraction.charAt(end - 1) == '0') {
            end--;
        }
        return (micros < 0 ? "-" : "") + abs / MICROS_PER_SECOND + "." + fraction.substring(0, end);
    }

    /** Field by field: {@code 70 mins} differs from {@code 1 hours 10 mins}; compare {@link #normalized()} forms for length. */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Interval)) {
            return false;
        }
        Interval i = (Interval) o;
        return years == i.years && months == i.months && days == i.days && hours == i.hours && minutes == i.minutes
                && seconds == i.seconds && microseconds == i.microseconds;
    }

    @Override
    public int hashCode() {
        return Objects.hash(years, months, days, hours, minutes, seconds, microseconds);
    }

    /** Same as {@link #getValue()}. */
    @Override
    public String toString() {
        return getValue();
    }

    /** Fields collected while parsing. */
    private static final class Fields {
        long years;
        long months;
        long days;
        long hours;
        long minutes;
        long seconds;
        long micros;

        Interval toInterval() {
            return create(Math.toIntExact(years), Math.toIntExact(months), Math.toIntExact(days), Math.toIntExact(hours),
                    Math.toIntExact(minutes), Math.toIntExact(seconds), Math.toIntExact(micros));
        }

        void negate() {
            years = -years;
            months = -months;
            days = -days;
            hours = -hours;
            minutes = -minutes;
            seconds = -seconds;
            micros = -micros;
        }

        /** {@code [+-]P[nY][nM][nW][nD][T[nH][nM][n[.f]S]]}, each n with an optional sign. */
        void iso(String text) {
            boolean negative = text.charAt(0) == '-';
            int at = text.charAt(0) == 'P' ? 1 : 2;
            boolean time = false;
            boolean any = false;
            while (at < text.length()) {
                if (text.charAt(at) == 'T') {
                    if (time) {
                        throw new IllegalArgumentException("a second T");
                    }
                    time = true;
                    at++;
                    continue;
                }
                int start = at;
                if (text.charAt(at) == '-' || text.charAt(at) == '+') {
                    at++;
                }
                while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.' || text.charAt(at) == ',')) {
                    at++;
                }
                if (at == text.length() || at == start) {
                    throw new IllegalArgumentException("a number without a designator");
                }
                String number = text.substring(start, at).replace(',', '.');
                char designator = text.charAt(at++);
                any = true;
                if (time && designator == 'S') {
                    addSeconds(number);
                    continue;
                }
                long n = Long.parseLong(number);
                if (!time && designator == 'Y') {
                    years += n;
                } else if (!time && designator == 'M') {
                    months += n;
                } else if (!time && designator == 'W') {
                    days = Math.addExact(days, Math.multiplyExact(n, 7));
                } else if (!time && designator == 'D') {
                    days += n;
                } else if (time && designator == 'H') {
                    hours += n;
                } else if (time && designator == 'M') {
                    minutes += n;
                } else {
                    throw new IllegalArgumentException("designator " + designator + (time ? " after T" : " before T"));
                }
            }
            if (!any) {
                throw new IllegalArgumentException("no fields");
            }
            if (negative) {
                negate();
            }
        }

        /** {@code [@] (N unit | [+-]HH:MM[:SS[.f]])... [ago]}. */
        void postgres(String text) {
            String[] tokens = text.toLowerCase(Locale.ROOT).split("\\s+");
            int from = 0;
            int to = tokens.length;
            if (to > 0 && tokens[0].equals("@")) {
                from++;
            }
            boolean ago = to > from && tokens[to - 1].equals("ago");
            if (ago) {
                to--;
            }
            if (from >= to || tokens[from].isEmpty()) {
                throw new IllegalArgumentException("no fields");
            }
            for (int i = from; i < to; i++) {
                String token = tokens[i];
                if (token.indexOf(':') >= 0) {
                    time(token);
                    continue;
                }
                if (i + 1 >= to) {
                    throw new IllegalArgumentException("a number without a unit: " + token);
                }
                unit(token, tokens[++i]);
            }
            if (ago) {
                negate();
            }
        }

        private void time(String token) {
            boolean negative = token.startsWith("-");
            String[] parts = (negative || token.startsWith("+") ? token.substring(1) : token).split(":", -1);
            if (parts.length < 2 || parts.length > 3) {
                throw new IllegalArgumentException("a time of day is HH:MM[:SS[.f]], not " + token);
            }
            long h = digits(parts[0]);
            long m = digits(parts[1]);
            long sign = negative ? -1 : 1;
            hours += sign * h;
            minutes += sign * m;
            if (parts.length == 3) {
                addSeconds((negative ? "-" : "") + parts[2]);
            }
        }

        private static long digits(String s) {
            if (s.isEmpty() || !s.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException("not a number: " + s);
            }
            return Long.parseLong(s);
        }

        private void unit(String number, String unit) {
            switch (unit) {
                case "millennium": case "millennia": case "millenniums": case "mil": case "mils":
                    years = Math.addExact(years, Math.multiplyExact(Long.parseLong(number), 1000)); return;
                case "century": case "centuries": case "cent": case "c":
                    years = Math.addExact(years, Math.multiplyExact(Long.parseLong(number), 100)); return;
                case "decade": case "decades": case "dec": case "decs":
                    years = Math.addExact(years, Math.multiplyExact(Long.parseLong(number), 10)); return;
                case "year": case "years": case "y": case "yr": case "yrs":
                    years = Math.addExact(years, Long.parseLong(number)); return;
                case "mon": case "mons": case "month": case "months":
                    months = Math.addExact(months, Long.parseLong(number)); return;
                case "week": case "weeks": case "w":
                    days = Math.addExact(days, Math.multiplyExact(Long.parseLong(number), 7)); return;
                case "day": case "days": case "d":
                    days = Math.addExact(days, Long.parseLong(number)); return;
                case "hour": case "hours": case "h": case "hr": case "hrs":
                    hours = Math.addExact(hours, Long.parseLong(number)); return;
                case "minute": case "minutes": case "min": case "mins": case "m":
                    minutes = Math.addExact(minutes, Long.parseLong(number)); return;
                case "second": case "seconds": case "sec": case "secs": case "s":
                    addSeconds(number); return;
                case "millisecond": case "milliseconds": case "msec": case "msecs": case "ms":
                    micros = Math.addExact(micros, Math.multiplyExact(Long.parseLong(number), 1000)); return;
                case "microsecond": case "microseconds": case "usec": case "usecs": case "us":
                    micros = Math.addExact(micros, Long.parseLong(number)); return;
                default:
                    throw new IllegalArgumentException("unknown unit " + unit);
            }
        }

        /** Seconds with an optional sign and fraction, the fraction rounded to the microsecond. */
        private void addSeconds(String number) {
            java.math.BigDecimal value = new java.math.BigDecimal(number);
            long whole = value.longValue();
            long fraction = value.subtract(java.math.BigDecimal.valueOf(whole)).movePointRight(6)
                    .setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
            seconds = Math.addExact(seconds, whole);
            micros = Math.addExact(micros, fraction);
        }
    }
}
