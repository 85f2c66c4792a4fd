package io.pgfast.codec.type;

import java.util.Objects;

/**
 * A PostgreSQL range value (int4range, int8range, numrange, daterange, tsrange, tstzrange, or any
 * user-defined range type): empty, or a lower and an upper bound, each either unbounded or a value
 * that is included or excluded.
 *
 * <p>An unbounded side has no value and is never inclusive, as in PostgreSQL ("Range Types",
 * section 8.17.2: "an omitted lower bound ... is always treated as exclusive"). A bound value is
 * never {@code null}; a bound such as the timestamp {@code infinity} is a value, not "unbounded".
 *
 * <p>Equality is structural: {@code [1,4]} and {@code [1,5)} are different {@code Range} objects,
 * although the server stores both as the canonical {@code [1,5)} of a discrete range type. The
 * class does not compare bound values, so it does not reject a lower bound above the upper bound:
 * the server does, when the value is sent.
 *
 * @param <T> the Java type of the bound values (Integer, Long, BigDecimal, LocalDate, ...)
 */
public final class Range<T> {

    private static final Range<?> EMPTY = new Range<>(true, null, false, null, false);

    private final boolean empty;
    private final T lower;
    private final boolean lowerInclusive;
    private final T upper;
    private final boolean upperInclusive;

    private Range(boolean empty, T lower, boolean lowerInclusive, T upper, boolean upperInclusive) {
        this.empty = empty;
        this.lower = lower;
        this.lowerInclusive = lower != null && lowerInclusive;
        this.upper = upper;
        this.upperInclusive = upper != null && upperInclusive;
    }

    /** The empty range ({@code 'empty'}). */
    @SuppressWarnings("unchecked")
    public static <T> Range<T> empty() {
        return (Range<T>) EMPTY;
    }

    /**
     * A non-empty range. A {@code null} bound means that side is unbounded; its inclusive flag is
     * then ignored (an unbounded side is always exclusive).
     */
    public static <T> Range<T> of(T lower, boolean lowerInclusive, T upper, boolean upperInclusive) {
        return new Range<>(false, lower, lowerInclusive, upper, upperInclusive);
    }

    /** {@code [lower,upper)}, the canonical form of discrete ranges. */
    public static <T> Range<T> closedOpen(T lower, T upper) {
        return of(Objects.requireNonNull(lower, "lower"), true, Objects.requireNonNull(upper, "upper"), false);
    }

    /** {@code [lower,upper]}. */
    public static <T> Range<T> closed(T lower, T upper) {
        return of(Objects.requireNonNull(lower, "lower"), true, Objects.requireNonNull(upper, "upper"), true);
    }

    /** {@code (lower,upper)}. */
    public static <T> Range<T> open(T lower, T upper) {
        return of(Objects.requireNonNull(lower, "lower"), false, Objects.requireNonNull(upper, "upper"), false);
    }

    /** {@code [lower,)}. */
    public static <T> Range<T> atLeast(T lower) {
        return of(Objects.requireNonNull(lower, "lower"), true, null, false);
    }

    /** {@code (,upper)}. */
    public static <T> Range<T> lessThan(T upper) {
        return of(null, false, Objects.requireNonNull(upper, "upper"), false);
    }

    /** {@code (,)}: every value. */
    public static <T> Range<T> unbounded() {
        return of(null, false, null, false);
    }

    /** Whether this is the empty range (which has no bounds at all). */
    public boolean isEmpty() {
        return empty;
    }

    /** Whether the lower side has a value: false for the empty range and for an unbounded lower side. */
    public boolean hasLower() {
        return lower != null;
    }

    /** Whether the upper side has a value: false for the empty range and for an unbounded upper side. */
    public boolean hasUpper() {
        return upper != null;
    }

    /** The lower bound value, or {@code null} when the range is empty or unbounded below. */
    public T lower() {
        return lower;
    }

    /** The upper bound value, or {@code null} when the range is empty or unbounded above. */
    public T upper() {
        return upper;
    }

    /** Whether the lower bound value belongs to the range ({@code [}); false when there is none. */
    public boolean isLowerInclusive() {
        return lowerInclusive;
    }

    /** Whether the upper bound value belongs to the range ({@code ]}); false when there is none. */
    public boolean isUpperInclusive() {
        return upperInclusive;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Range)) {
            return false;
        }
        Range<?> other = (Range<?>) o;
        return empty == other.empty
                && lowerInclusive == other.lowerInclusive
                && upperInclusive == other.upperInclusive
                && Objects.equals(lower, other.lower)
                && Objects.equals(upper, other.upper);
    }

    @Override
    public int hashCode() {
        return Objects.hash(empty, lower, lowerInclusive, upper, upperInclusive);
    }

    /**
     * The range in PostgreSQL's notation ({@code [1,5)}, {@code (,)}, {@code empty}), with bound
     * values in their {@code toString} form and without range_out's quoting: meant for reading.
     */
    @Override
    public String toString() {
        if (empty) {
            return "empty";
        }
        return (lowerInclusive ? "[" : "(")
                + (lower == null ? "" : lower)
                + ","
                + (upper == null ? "" : upper)
                + (upperInclusive ? "]" : ")");
    }
}
