package io.pgfast.codec.type;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A PostgreSQL composite value (a row of a table type, a {@code CREATE TYPE ... AS (...)} value, or
 * an anonymous {@code record} such as {@code ROW(1, 'a')}): an ordered list of fields
 * ("Composite Types", section 8.16).
 *
 * <p>Each field has the OID of its type and a value: the decoded value of that type's default Java
 * class, {@code null} for SQL NULL, or, when no decoder knows the field's type, its raw text
 * ({@code String}, text format) or raw bytes ({@code byte[]}, binary format). The text format does
 * not carry field types: unless the caller supplies them, text-format fields have type OID 0 and
 * hold their text.
 */
public final class Record {

    private final List<Field> fields;

    private Record(List<Field> fields) {
        this.fields = fields;
    }

    /** A record with these fields (copied, none null). */
    public static Record of(List<Field> fields) {
        return new Record(List.copyOf(fields));
    }

    /** A record with these fields (none null). */
    public static Record of(Field... fields) {
        return new Record(List.of(fields));
    }

    /**
     * A record whose fields are these texts (or nulls), with type OID 0: the form in which a
     * composite value is usually bound, letting the server read each field as its column's type.
     */
    public static Record ofText(String... values) {
        List<Field> list = new ArrayList<>(values.length);
        for (String v : values) {
            list.add(new Field(0, v));
        }
        return new Record(Collections.unmodifiableList(list));
    }

    /** The fields, unmodifiable, in order. */
    public List<Field> fields() {
        return fields;
    }

    /** The number of fields. */
    public int size() {
        return fields.size();
    }

    /** The value of the field at this 0-based position (null for SQL NULL). */
    public Object get(int index) {
        return fields.get(index).value();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof Record && fields.equals(((Record) o).fields));
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    /** The field values in parentheses, e.g. {@code (1,a b,null)}; meant for reading, not record_out's quoting. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            Object v = fields.get(i).value();
            sb.append(v instanceof byte[] ? "<" + ((byte[]) v).length + " bytes>" : String.valueOf(v));
        }
        return sb.append(')').toString();
    }

    /**
     * One field of a record.
     *
     * <p>Equality compares {@code byte[]} values by content, so raw binary fields compare as values.
     *
     * @param typeOid the OID of the field's type, 0 when unknown (text format)
     * @param value the decoded value, the raw text or bytes, or {@code null} for SQL NULL
     */
    public record Field(int typeOid, Object value) {

        /** Whether the field is SQL NULL. */
        public boolean isNull() {
            return value == null;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Field)) {
                return false;
            }
            Field other = (Field) o;
            return typeOid == other.typeOid && Objects.deepEquals(value, other.value);
        }

        @Override
        public int hashCode() {
            int h = value instanceof byte[] ? Arrays.hashCode((byte[]) value) : Objects.hashCode(value);
            return 31 * typeOid + h;
        }

        @Override
        public String toString() {
            return "Field[typeOid=" + typeOid + ", value=" + (value instanceof byte[] ? ((byte[]) value).length + " bytes" : value) + "]";
        }
    }
}
