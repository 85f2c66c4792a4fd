package io.pgfast.codec;

import java.util.List;
import java.util.Objects;

/**
 * One row of {@code pg_type}, the facts a codec needs to pick and build its decoders and encoders.
 *
 * <p>Built-in types come from the generated {@link io.pgfast.codec.oid.Oid#builtinTypes()}. Types
 * that only exist in a database (extension types such as hstore or citext, enums, composites,
 * domains, user ranges, and their arrays) are discovered by the core once per connection factory,
 * and any other type a result names later is looked up then; both are handed to
 * {@link CodecRegistry#withTypes(List)}. One query fetches everything this class holds
 * (PostgreSQL 14+; on 12 and 13 drop {@code rngmultitypid}):
 * <pre>{@code
 * SELECT t.oid, n.nspname, t.typname, t.typtype, t.typcategory, t.typlen, t.typdelim,
 *        t.typelem, t.typarray, t.typbasetype, r.rngsubtype, mr.rngtypid AS multirange_of,
 *        (SELECT array_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid),
 *        (SELECT array_agg(a.attname ORDER BY a.attnum) FROM pg_attribute a
 *          WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped),
 *        (SELECT array_agg(a.atttypid ORDER BY a.attnum) FROM pg_attribute a
 *          WHERE a.attrelid = t.typrelid AND a.attnum > 0 AND NOT a.attisdropped)
 *   FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
 *   LEFT JOIN pg_range r ON r.rngtypid = t.oid
 *   LEFT JOIN pg_range mr ON mr.rngmultitypid = t.oid
 *  WHERE t.oid >= 10000 AND (t.typtype IN ('e', 'd', 'r', 'm')
 *     OR t.typname = ANY($1)                                 -- CodecRegistry.extensionTypeNames()
 *     OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
 * }</pre>
 * plus, in a second step, the array types of those rows ({@code WHERE typelem = ANY(oids)}).
 *
 * <p>Instances are immutable. Two types are equal when their OIDs are equal.
 */
public final class PgType {

    /** {@code pg_type.typtype}. */
    public enum Kind {
        BASE('b'),
        COMPOSITE('c'),
        DOMAIN('d'),
        ENUM('e'),
        PSEUDO('p'),
        RANGE('r'),
        MULTIRANGE('m');

        private final char code;

        Kind(char code) {
            this.code = code;
        }

        /** The {@code typtype} letter. */
        public char code() {
            return code;
        }

        /** The kind for a {@code typtype} letter. */
        public static Kind of(char typtype) {
            for (Kind kind : values()) {
                if (kind.code == typtype) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("unknown pg_type.typtype '" + typtype + "'");
        }
    }

    /** One attribute of a composite type ({@code pg_attribute.attname}, {@code atttypid}), in attnum order. */
    public record Attribute(String name, int typeOid) {
        public Attribute {
            Objects.requireNonNull(name, "name");
        }
    }

    /** {@code typcategory} of array types. */
    public static final char CATEGORY_ARRAY = 'A';

    private final int oid;
    private final String schema;
    private final String name;
    private final Kind kind;
    private final char category;
    private final short length;
    private final char delimiter;
    private final int elementOid;
    private final int arrayOid;
    private final int baseOid;
    private final int rangeSubtypeOid;
    private final int rangeOid;
    private final List<String> enumLabels;
    private final List<Attribute> attributes;

    private PgType(Builder b) {
        this.oid = b.oid;
        this.schema = b.schema;
        this.name = b.name;
        this.kind = b.kind;
        this.category = b.category;
        this.length = b.length;
        this.delimiter = b.delimiter;
        this.elementOid = b.elementOid;
        this.arrayOid = b.arrayOid;
        this.baseOid = b.baseOid;
        this.rangeSubtypeOid = b.rangeSubtypeOid;
        this.rangeOid = b.rangeOid;
        this.enumLabels = List.copyOf(b.enumLabels);
        this.attributes = List.copyOf(b.attributes);
    }

    /** A builder for the type with this OID and {@code typname}; the other facts default to a base type. */
    public static Builder builder(int oid, String name) {
        return new Builder(oid, name);
    }

    /** {@code pg_type.oid}; OIDs are unsigned 32-bit, so values above 2^31 are negative here. */
    public int oid() {
        return oid;
    }

    /** {@code pg_namespace.nspname} of the type; {@code "pg_catalog"} for built-ins. */
    public String schema() {
        return schema;
    }

    /** {@code typname}, e.g. {@code "int4"}, {@code "_int4"} for its array. */
    public String name() {
        return name;
    }

    public Kind kind() {
        return kind;
    }

    /** {@code typcategory}: 'A' array, 'B' boolean, 'N' numeric, 'S' string, 'D' date/time, 'U' user, ... */
    public char category() {
        return category;
    }

    /** {@code typlen}: bytes of a fixed-width type, -1 for varlena, -2 for C strings. */
    public short length() {
        return length;
    }

    /** {@code typdelim}: the separator of array elements in text format (',' for all but box, ';'). */
    public char delimiter() {
        return delimiter;
    }

    /** {@code typelem}: for an array type the element type's OID, 0 otherwise (also set for name and point). */
    public int elementOid() {
        return elementOid;
    }

    /** {@code typarray}: the OID of this type's array type, 0 if none. */
    public int arrayOid() {
        return arrayOid;
    }

    /** {@code typbasetype}: for a domain the type it is based on, 0 otherwise. */
    public int baseOid() {
        return baseOid;
    }

    /** For a range type {@code pg_range.rngsubtype} (its element type), 0 otherwise. */
    public int rangeSubtypeOid() {
        return rangeSubtypeOid;
    }

    /** For a multirange type the range type it holds ({@code pg_range.rngtypid}), 0 otherwise. */
    public int rangeOid() {
        return rangeOid;
    }

    /** For an enum its labels in {@code enumsortorder}; empty otherwise (or when not discovered). */
    public List<String> enumLabels() {
        return enumLabels;
    }

    /** For a composite its live attributes in attnum order; empty otherwise (or when not discovered). */
    public List<Attribute> attributes() {
        return attributes;
    }

    /** Whether this is an array type: category 'A' with an element type. */
    public boolean isArray() {
        return category == CATEGORY_ARRAY && elementOid != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PgType && ((PgType) o).oid == oid;
    }

    @Override
    public int hashCode() {
        return oid;
    }

    @Override
    public String toString() {
        return name + " (oid " + Integer.toUnsignedString(oid) + ")";
    }

    /** Builds a {@link PgType}; every setter is one {@code pg_type} (or pg_range/pg_enum/pg_attribute) column. */
    public static final class Builder {
        private final int oid;
        private final String name;
        private String schema = "pg_catalog";
        private Kind kind = Kind.BASE;
        private char category = 'U';
        private short length = -1;
        private char delimiter = ',';
        private int elementOid;
        private int arrayOid;
        private int baseOid;
        private int rangeSubtypeOid;
        private int rangeOid;
        private List<String> enumLabels = List.of();
        private List<Attribute> attributes = List.of();

        private Builder(int oid, String name) {
            this.oid = oid;
            this.name = Objects.requireNonNull(name, "name");
        }

        public Builder schema(String schema) {
            this.schema = Objects.requireNonNull(schema, "schema");
            return this;
        }

        public Builder kind(Kind kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
            return this;
        }

        public Builder category(char category) {
            this.category = category;
            return this;
        }

        public Builder length(short length) {
            this.length = length;
            return this;
        }

        public Builder delimiter(char delimiter) {
            this.delimiter = delimiter;
            return this;
        }

        public Builder elementOid(int elementOid) {
            this.elementOid = elementOid;
            return this;
        }

        public Builder arrayOid(int arrayOid) {
            this.arrayOid = arrayOid;
            return this;
        }

        public Builder baseOid(int baseOid) {
            this.baseOid = baseOid;
            return this;
        }

        public Builder rangeSubtypeOid(int rangeSubtypeOid) {
            this.rangeSubtypeOid = rangeSubtypeOid;
            return this;
        }

        public Builder rangeOid(int rangeOid) {
            this.rangeOid = rangeOid;
            return this;
        }

        public Builder enumLabels(List<String> enumLabels) {
            this.enumLabels = Objects.requireNonNull(enumLabels, "enumLabels");
            return this;
        }

        public Builder attributes(List<Attribute> attributes) {
            this.attributes = Objects.requireNonNull(attributes, "attributes");
            return this;
        }

        public PgType build() {
            return new PgType(this);
        }
    }
}
