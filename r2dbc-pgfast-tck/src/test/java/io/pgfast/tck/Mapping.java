package io.pgfast.tck;

import io.pgfast.codec.type.Interval;
import org.postgresql.util.PGInterval;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * class we ask it for ({@code Object.class}: its default mapping), how pgjdbc's value of the same query is
 * turned into that class, and what "the same" means.
 */
final class Mapping {

    /** Reads column 1 of pgjdbc's current row. */
    @FunctionalInterface
    interface Reference {
        Object read(ResultSet rs) throws SQLException;
    }

    static final Mapping BOOLEAN = exact(Boolean.class, rs -> rs.getObject(1, Boolean.class));
    // pgjdbc's getObject gives Integer for int2 (JDBC's SMALLINT mapping); getShort is the same value
    static final Mapping SHORT = exact(Short.class, rs -> orNull(rs, rs.getShort(1)));
    static final Mapping INTEGER = exact(Integer.class, rs -> rs.getObject(1, Integer.class));
    static final Mapping LONG = exact(Long.class, rs -> rs.getObject(1, Long.class));
    /** Float.equals: NaN equals NaN, and -0.0 differs from 0.0, as wanted here. */
    static final Mapping FLOAT = exact(Float.class, rs -> orNull(rs, rs.getFloat(1)));
    static final Mapping DOUBLE = exact(Double.class, rs -> orNull(rs, rs.getDouble(1)));
    /** BigDecimal.equals: the scale must match too (0.00 is not 0). */
    static final Mapping DECIMAL = exact(BigDecimal.class, rs -> rs.getBigDecimal(1));
    /** numeric NaN and ±Infinity have no BigDecimal: both drivers are asked for a double. */
    static final Mapping DECIMAL_AS_DOUBLE = new Mapping("numeric as Double", Double.class, Double.class,
            rs -> orNull(rs, rs.getDouble(1)), Objects::equals);
    static final Mapping STRING = exact(String.class, rs -> rs.getString(1));
    static final Mapping BYTES = exact(ByteBuffer.class, rs -> {
        byte[] bytes = rs.getBytes(1);
        return bytes == null ? null : ByteBuffer.wrap(bytes);
    });
    static final Mapping UUIDS = exact(UUID.class, rs -> rs.getObject(1, UUID.class));
    static final Mapping DATE = exact(LocalDate.class, rs -> rs.getObject(1, LocalDate.class));
    static final Mapping TIME = exact(LocalTime.class, rs -> rs.getObject(1, LocalTime.class));
    static final Mapping TIME_WITH_ZONE = exact(OffsetTime.class, rs -> rs.getObject(1, OffsetTime.class));
    static final Mapping TIMESTAMP = exact(LocalDateTime.class, rs -> rs.getObject(1, LocalDateTime.class));
    /**
     * The same instant. The offset is not compared: pgjdbc always answers at UTC, our driver at UTC from
     * binary and at the session's offset from text (see CONFORMANCE.md).
     */
    static final Mapping TIMESTAMP_WITH_ZONE = new Mapping("OffsetDateTime", OffsetDateTime.class, Object.class,
            rs -> rs.getObject(1, OffsetDateTime.class), (ours, theirs) -> ((OffsetDateTime) ours).isEqual((OffsetDateTime) theirs));
    static final Mapping INTERVAL = exact(Interval.class, rs -> {
        Object value = rs.getObject(1);
        return value == null ? null : interval((PGInterval) value);
    });
    /**
     * Types no codec on this build decodes: the driver hands out the server's text, which must be what
     * pgjdbc reads as a String. Replaced by a typed mapping once the type's codec exists.
     */
    static final Mapping TEXT_FORM = new Mapping("String (text form, no codec yet)", String.class, Object.class,
            rs -> rs.getString(1), Objects::equals);

    private final String name;
    private final Class<?> javaType;
    private final Class<?> requested;
    private final Reference reference;
    private final BiPredicate<Object, Object> same;

    private Mapping(String name, Class<?> javaType, Class<?> requested, Reference reference, BiPredicate<Object, Object> same) {
        this.name = name;
        this.javaType = javaType;
        this.requested = requested;
        this.reference = reference;
        this.same = same;
    }

    /** Our default mapping must be {@code javaType}, equal by {@code equals} to pgjdbc's value. */
    private static Mapping exact(Class<?> javaType, Reference reference) {
        return new Mapping(javaType.getSimpleName(), javaType, Object.class, reference, Objects::equals);
    }

    private static Object orNull(ResultSet rs, Object value) throws SQLException {
        return rs.wasNull() ? null : value;
    }

    /** pgjdbc splits an interval into years … seconds; ours keeps PostgreSQL's three fields. */
    private static Interval interval(PGInterval v) {
        long micros = ((v.getHours() * 60L + v.getMinutes()) * 60L + v.getWholeSeconds()) * 1_000_000L + v.getMicroSeconds();
        return Interval.of(v.getYears() * 12 + v.getMonths(), v.getDays(), micros);
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

    Object reference(ResultSet rs) throws SQLException {
        return reference.read(rs);
    }

    /** Whether two non-null values are the same. */
    boolean same(Object ours, Object theirs) {
        return same.test(ours, theirs);
    }
}
