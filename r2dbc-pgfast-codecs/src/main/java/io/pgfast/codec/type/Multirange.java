package io.pgfast.codec.type;

import java.util.List;
import java.util.Objects;

/**
 * A PostgreSQL multirange value (PostgreSQL 14+, "Range Types" section 8.17): an ordered list of
 * ranges of one range type. The empty multirange has no ranges.
 *
 * <p>The server keeps multiranges normalized (sorted, non-overlapping, no empty members); this
 * class keeps the ranges in the order given and does not normalize them, so equality is that of
 * the lists.
 *
 * @param <T> the Java type of the bound values
 */
public final class Multirange<T> {

    private static final Multirange<?> EMPTY = new Multirange<>(List.of());

    private final List<Range<T>> ranges;

    private Multirange(List<Range<T>> ranges) {
        this.ranges = ranges;
    }

    /** The multirange {@code {}}. */
    @SuppressWarnings("unchecked")
    public static <T> Multirange<T> empty() {
        return (Multirange<T>) EMPTY;
    }

    /** A multirange of these ranges, in this order (the list is copied; no element may be null). */
    public static <T> Multirange<T> of(List<Range<T>> ranges) {
        return new Multirange<>(List.copyOf(ranges));
    }

    /** A multirange of these ranges, in this order (no element may be null). */
    @SafeVarargs
    public static <T> Multirange<T> of(Range<T>... ranges) {
        return new Multirange<>(List.of(ranges));
    }

    /** The ranges, unmodifiable. */
    public List<Range<T>> ranges() {
        return ranges;
    }

    /** Whether this multirange has no ranges. */
    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Multirange && ranges.equals(((Multirange<?>) o).ranges));
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(ranges);
    }

    /** The multirange in PostgreSQL's notation, e.g. {@code {[1,3),[5,7)}}; meant for reading. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < ranges.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(ranges.get(i));
        }
        return sb.append('}').toString();
    }
}
