package io.pgfast.tck;

import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import io.pgfast.codec.type.Record;

import java.lang.reflect.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Arrays, ranges, multiranges and records. pgjdbc has no classes for most of these, so the server itself takes
 * each value apart (array_dims and unnest; isempty, lower, upper, lower_inc, …; row_to_json) and every element
 * or bound is read by pgjdbc through the element's own {@link Mapping}, then compared with the same mapping.
 */
final class ContainerMappings {

    private static final Pattern DIMENSION = Pattern.compile("\\[(-?\\d+):(-?\\d+)]");

    private ContainerMappings() {
    }

    /** The server's view of an array: the length of each dimension (none when empty) and the elements in row-major order. */
    record ArrayValue(List<Integer> lengths, List<Object> elements) {
    }

    /** The server's view of a range; bounds are read by the subtype's mapping, null when unbounded or empty. */
    record RangeValue(boolean empty, boolean hasLower, boolean lowerInclusive, Object lower,
                      boolean hasUpper, boolean upperInclusive, Object upper) {
    }

    /**
     * A Java array of {@code element}'s class with as many dimensions as the value (lower bounds dropped: Java
     * arrays start at 0); an empty PostgreSQL array is an empty one-dimensional Java array.
     */
    static Mapping array(Mapping element) {
        Mapping m = Mapping.queried(element.name() + "[]", Object[].class,
                (c, e) -> arrayReference(c, e, element), (ours, theirs) -> sameArray(ours, (ArrayValue) theirs, element));
        return element.isZoned() ? m.zoned() : m;
    }

    static Mapping range(Mapping subtype) {
        Mapping m = Mapping.queried("Range<" + subtype.name() + ">", Range.class,
                (c, e) -> isNull(c, e) ? null : rangeValues(c, "SELECT " + rangeParts("(" + e + ")"), subtype).get(0),
                (ours, theirs) -> sameRange((Range<?>) ours, (RangeValue) theirs, subtype));
        return subtype.isZoned() ? m.zoned() : m;
    }

    /** PostgreSQL 14+: the ranges of a multirange, in order. */
    static Mapping multirange(Mapping subtype) {
        Mapping m = Mapping.queried("Multirange<" + subtype.name() + ">", Multirange.class,
                (c, e) -> isNull(c, e) ? null
                        : rangeValues(c, "SELECT " + rangeParts("u.r") + " FROM unnest(" + e + ") WITH ORDINALITY AS u(r, n) ORDER BY u.n", subtype),
                (ours, theirs) -> sameRanges(((Multirange<?>) ours).ranges(), castList(theirs), subtype));
        return subtype.isZoned() ? m.zoned() : m;
    }

    /**
     * A record whose fields are all integers, numerics, text or NULL: each field's value, as a String, must be
     * the field's text as row_to_json/json_each_text give it (the same text for those types).
     */
    static Mapping flatRecord() {
        return Mapping.queried("Record", Record.class, (c, e) -> {
            if (isNull(c, e)) {
                return null;
            }
            List<String> fields = new ArrayList<>();
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT value FROM json_each_text(row_to_json(" + e + "))")) {
                while (rs.next()) {
                    fields.add(rs.getString(1));
                }
            }
            return fields;
        }, (ours, theirs) -> {
            Record record = (Record) ours;
            List<Object> texts = castList(theirs);
            if (record.size() != texts.size()) {
                return false;
            }
            for (int i = 0; i < texts.size(); i++) {
                Object value = record.get(i);
                if (!Objects.equals(value == null ? null : value.toString(), texts.get(i))) {
                    return false;
                }
            }
            return true;
        });
    }

    /** Whether the value is SQL NULL; {@code IS NULL} would also be true for a row of NULL fields (and for ROW()). */
    private static boolean isNull(Connection c, String expression) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT (" + expression + ")::text IS NULL")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static Object arrayReference(Connection c, String expression, Mapping element) throws SQLException {
        if (isNull(c, expression)) {
            return null;
        }
        List<Integer> lengths = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT array_dims(" + expression + ")")) {
            rs.next();
            String dims = rs.getString(1);
            Matcher m = DIMENSION.matcher(dims == null ? "" : dims);
            while (m.find()) {
                lengths.add(Integer.parseInt(m.group(2)) - Integer.parseInt(m.group(1)) + 1);
            }
        }
        List<Object> elements = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT u.v FROM unnest(" + expression + ") WITH ORDINALITY AS u(v, n) ORDER BY u.n")) {
            while (rs.next()) {
                elements.add(element.column(rs, 1));
            }
        }
        return new ArrayValue(lengths, elements);
    }

    private static boolean sameArray(Object ours, ArrayValue theirs, Mapping element) {
        List<Integer> lengths = new ArrayList<>();
        List<Object> elements = new ArrayList<>();
        if (!flatten(ours, 0, lengths, elements)) {
            return false;
        }
        List<Integer> expected = theirs.lengths().isEmpty() ? List.of(0) : theirs.lengths();
        if (!lengths.equals(expected) || innermost(ours.getClass()) != element.javaType()) {
            return false;
        }
        for (int i = 0; i < elements.size(); i++) {
            if (!sameElement(elements.get(i), theirs.elements().get(i), element)) {
                return false;
            }
        }
        return true;
    }

    /** Row-major elements and the length of each dimension; false if sub-arrays differ in length (not rectangular). */
    private static boolean flatten(Object array, int depth, List<Integer> lengths, List<Object> elements) {
        int length = Array.getLength(array);
        if (lengths.size() == depth) {
            lengths.add(length);
        } else if (lengths.get(depth) != length) {
            return false;
        }
        boolean nested = array.getClass().getComponentType().isArray();
        for (int i = 0; i < length; i++) {
            Object item = Array.get(array, i);
            if (nested) {
                if (item == null || !flatten(item, depth + 1, lengths, elements)) {
                    return false;
                }
            } else {
                elements.add(item);
            }
        }
        return true;
    }

    private static Class<?> innermost(Class<?> arrayClass) {
        Class<?> c = arrayClass;
        while (c.isArray()) {
            c = c.getComponentType();
        }
        return c;
    }

    private static boolean sameElement(Object ours, Object theirs, Mapping element) {
        if (ours == null || theirs == null) {
            return ours == null && theirs == null;
        }
        return element.javaType().isInstance(ours) && element.same(ours, theirs);
    }

    private static String rangeParts(String r) {
        return "isempty(" + r + "), lower_inf(" + r + "), lower_inc(" + r + "), lower(" + r + "), "
                + "upper_inf(" + r + "), upper_inc(" + r + "), upper(" + r + ")";
    }

    /** One RangeValue per row of {@code query}, whose columns are {@link #rangeParts}. */
    private static List<Object> rangeValues(Connection c, String query, Mapping subtype) throws SQLException {
        List<Object> ranges = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(query)) {
            while (rs.next()) {
                boolean empty = rs.getBoolean(1);
                boolean hasLower = !empty && !rs.getBoolean(2);
                boolean hasUpper = !empty && !rs.getBoolean(5);
                ranges.add(new RangeValue(empty, hasLower, rs.getBoolean(3), hasLower ? subtype.column(rs, 4) : null,
                        hasUpper, rs.getBoolean(6), hasUpper ? subtype.column(rs, 7) : null));
            }
        }
        return ranges;
    }

    private static boolean sameRange(Range<?> ours, RangeValue theirs, Mapping subtype) {
        if (ours.isEmpty() || theirs.empty()) {
            return ours.isEmpty() && theirs.empty();
        }
        return ours.hasLower() == theirs.hasLower() && ours.hasUpper() == theirs.hasUpper()
                && ours.isLowerInclusive() == theirs.lowerInclusive() && ours.isUpperInclusive() == theirs.upperInclusive()
                && (!ours.hasLower() || sameElement(ours.lower(), theirs.lower(), subtype))
                && (!ours.hasUpper() || sameElement(ours.upper(), theirs.upper(), subtype));
    }

    private static boolean sameRanges(List<? extends Range<?>> ours, List<Object> theirs, Mapping subtype) {
        if (ours.size() != theirs.size()) {
            return false;
        }
        for (int i = 0; i < ours.size(); i++) {
            if (!sameRange(ours.get(i), (RangeValue) theirs.get(i), subtype)) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> castList(Object value) {
        return (List<Object>) value;
    }
}
