package io.pgfast.tck;

import io.pgfast.codec.type.BitString;
import io.pgfast.codec.type.Interval;
import io.pgfast.codec.type.Lsn;
import org.postgresql.util.PGInterval;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BiPredicate;

/**
 * How one Java type is read through both drivers and compared: the class our driver must hand out, the
 * class we ask it for ({@code Object.class}: its default mapping), how pgjdbc's value of the same
 * expression is turned into a comparable form, and what "the same" means.
 *
 * <p>A scalar mapping reads one column of pgjdbc's row ({@link #column}), so containers (arrays, ranges)
 * reuse it for their elements and bounds; a container mapping asks the server to take the value apart
 * ({@link ContainerMappings}).
 */
class Mapping {

    /** The pgjdbc session whose text is the reference: the test's session time zone, or UTC. */
    enum Session {
        LOCAL, UTC
    }

    /** Reads one column of pgjdbc's current row; null for SQL NULL. */
    @FunctionalInterface
    interface Column {
        Object read(ResultSet rs, int column) throws SQLException;
    }

    /** Reads the reference value of {@code expression} on a pgjdbc connection; null for SQL NULL. */
    @FunctionalInterface
    interface Query {
        Object read(Connection connection, String expression) throws SQLException;
    }

    static final Mapping BOOLEAN = exact(Boolean.class, (rs, i) -> rs.getObject(i, Boolean.class));
    // pgjdbc's getObject gives Integer for int2 (JDBC's SMALLINT mapping); getShort is the same value
    static final Mapping SHORT = exact(Short.class, (rs, i) -> orNull(rs, rs.getShort(i)));
    static final Mapping INTEGER = exact(Integer.class, (rs, i) -> rs.getObject(i, Integer.class));
    static final Mapping LONG = exact(Long.class, (rs, i) -> rs.getObject(i, Long.class));
    /** Float.equals: NaN equals NaN, and -0.0 differs from 0.0, as wanted here. */
    static final Mapping FLOAT = exact(Float.class, (rs, i) -> orNull(rs, rs.getFloat(i)));
    static final Mapping DOUBLE = exact(Double.class, (rs, i) -> orNull(rs, rs.getDouble(i)));
    /** BigDecimal.equals: the scale must match too (0.00 is not 0). */
    static final Mapping DECIMAL = exact(BigDecimal.class, (rs, i) -> rs.getBigDecimal(i));
    /** numeric NaN and ±Infinity have no BigDecimal: both drivers are asked for a double. */
    static final Mapping DECIMAL_AS_DOUBLE = new Mapping("numeric as Double", Double.class, Double.class,
            (rs, i) -> orNull(rs, rs.getDouble(i)), Objects::equals);
    static final Mapping STRING = exact(String.class, (rs, i) -> rs.getString(i));
    static final Mapping BYTES = exact(ByteBuffer.class, (rs, i) -> {
        byte[] bytes = rs.getBytes(i);
        return bytes == null ? null : ByteBuffer.wrap(bytes);
    });
    static final Mapping UUIDS = exact(UUID.class, (rs, i) -> rs.getObject(i, UUID.class));
    static final Mapping DATE = exact(LocalDate.class, (rs, i) -> rs.getObject(i, LocalDate.class));
    static final Mapping TIME = exact(LocalTime.class, (rs, i) -> rs.getObject(i, LocalTime.class));
    static final Mapping TIME_WITH_ZONE = exact(OffsetTime.class, (rs, i) -> rs.getObject(i, OffsetTime.class));
    static final Mapping TIMESTAMP = exact(LocalDateTime.class, (rs, i) -> rs.getObject(i, LocalDateTime.class));
    /**
     * The same instant. The offset is not compared: pgjdbc always answers at UTC, our driver at UTC from
     * binary and at the session's offset from text (see CONFORMANCE.md).
     */
    static final Mapping TIMESTAMP_WITH_ZONE = new Mapping("OffsetDateTime", OffsetDateTime.class, Object.class,
            (rs, i) -> rs.getObject(i, OffsetDateTime.class),
            (ours, theirs) -> ((OffsetDateTime) ours).isEqual((OffsetDateTime) theirs)).zoned();
    static final Mapping INTERVAL = exact(Interval.class, (rs, i) -> {
        Object value = rs.getObject(i);
        return value == null ? null : interval((PGInterval) value);
    });
    /** Compared bit by bit with the server's text ({@code 0} and {@code 1} per bit, as bit_out writes). */
    static final Mapping BIT_STRING = new Mapping("BitString", BitString.class, Object.class, (rs, i) -> rs.getString(i),
            (ours, theirs) -> sameBits((BitString) ours, (String) theirs));
    /** pg_lsn's text {@code 16/B374D848}: the high and low 32 bits in hex. */
    static final Mapping LSN = new Mapping("Lsn", Lsn.class, Object.class, (rs, i) -> {
        String text = rs.getString(i);
        if (text == null) {
            return null;
        }
        int slash = text.indexOf('/');
        return new Lsn(Long.parseLong(text.substring(0, slash), 16) << 32 | Long.parseLong(text.substring(slash + 1), 16));
    }, Objects::equals);

    /** {@code row.get(i, String.class)}: the server's text, as pgjdbc's {@code getString} reads it. */
    static final Mapping AS_STRING = new Mapping("String", String.class, String.class, (rs, i) -> rs.getString(i), Objects::equals);
    /**
     * A String of a value holding timestamptz: the server's text in the session's time zone from text results;
     * from binary results (which carry no zone) rendered at UTC, so compared with the text of a UTC session.
     */
    static final Mapping ZONED_AS_STRING = new Mapping("String", String.class, String.class,
            (rs, i) -> rs.getString(i), Objects::equals) {
        @Override
        Session session(Protocol protocol) {
            return protocol == Protocol.EXTENDED ? Session.UTC : Session.LOCAL;
        }
    };

    private final String name;
    private final Class<?> javaType;
    private final Class<?> requested;
    private final Column column;
    private final Query query;
    private final BiPredicate<Object, Object> same;
    private boolean zoned;

    /** A scalar mapping: pgjdbc's value is column 1 of {@code SELECT <expression>}. */
    Mapping(String name, Class<?> javaType, Class<?> requested, Column column, BiPredicate<Object, Object> same) {
        this(name, javaType, requested, column, (c, expression) -> selectOne(c, expression, column), same);
    }

    /** A mapping whose reference is read by {@code query}; it cannot be an element of a container. */
    static Mapping queried(String name, Class<?> javaType, Query query, BiPredicate<Object, Object> same) {
        return new Mapping(name, javaType, Object.class, null, query, same);
    }

    private Mapping(String name, Class<?> javaType, Class<?> requested, Column column, Query query, BiPredicate<Object, Object> same) {
        this.name = name;
        this.javaType = javaType;
        this.requested = requested;
        this.column = column;
        this.query = query;
        this.same = same;
    }

    /** Our default mapping must be {@code javaType}, equal by {@code equals} to pgjdbc's value. */
    static Mapping exact(Class<?> javaType, Column column) {
        return new Mapping(javaType.getSimpleName(), javaType, Object.class, column, Objects::equals);
    }

    static Object orNull(ResultSet rs, Object value) throws SQLException {
        return rs.wasNull() ? null : value;
    }

    private static Object selectOne(Connection connection, String expression, Column column) throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT " + expression)) {
            if (!rs.next()) {
                throw new SQLException("no row for SELECT " + expression);
            }
            return column.read(rs, 1);
        }
    }

    private static boolean sameBits(BitString ours, String theirs) {
        if (ours.length() != theirs.length()) {
            return false;
        }
        for (int i = 0; i < theirs.length(); i++) {
            if (ours.get(i) != (theirs.charAt(i) == '1')) {
                return false;
            }
        }
        return true;
    }

    /** pgjdbc splits an interval into years … seconds; ours keeps PostgreSQL's three fields. */
    private static Interval interval(PGInterval v) {
        long micros = ((v.getHours() * 60L + v.getMinutes()) * 60L + v.getWholeSeconds()) * 1_000_000L + v.getMicroSeconds();
        return Interval.of(v.getYears() * 12 + v.getMonths(), v.getDays(), micros);
    }

    /** Marks a mapping whose values hold timestamptz (see {@link #ZONED_AS_STRING}). */
    Mapping zoned() {
        zoned = true;
        return this;
    }

    boolean isZoned() {
        return zoned;
    }

    /** The second view of every case: the value read as a String. */
    Mapping stringView() {
        return zoned ? ZONED_AS_STRING : AS_STRING;
    }

    /** The pgjdbc session that reads the reference value for a result read by {@code protocol}. */
    Session session(Protocol protocol) {
        return Session.LOCAL;
    }

    String name() {
        return name;
    }

    Class<?> javaType() {
        return javaType;
    }

    Class<?> requested() {
        return requested;
    }

    Object reference(Connection connection, String expression) throws SQLException {
        return query.read(connection, expression);
    }

    /** pgjdbc's value of one column, for a container's elements or bounds. */
    Object column(ResultSet rs, int index) throws SQLException {
        if (column == null) {
            throw new IllegalStateException(name + " is not a scalar mapping");
        }
        return column.read(rs, index);
    }

    /** Whether two non-null values are the same: ours in {@link #javaType()}, theirs as the reference reads it. */
    boolean same(Object ours, Object theirs) {
        return same.test(ours, theirs);
    }
}
