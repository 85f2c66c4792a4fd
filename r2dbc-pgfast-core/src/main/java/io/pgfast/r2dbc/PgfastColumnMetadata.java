package io.pgfast.r2dbc;

import io.pgfast.codec.oid.Oid;
import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Format;
import io.pgfast.protocol.backend.RowDescription;
import io.r2dbc.spi.ColumnMetadata;
import io.r2dbc.spi.Nullability;
import io.r2dbc.spi.Type;

/**
 * One column of a result: its RowDescription field, the format we asked for, and its decode plan.
 *
 * <p>The plan is resolved once per column (and per requested class, one class remembered) — never per
 * value. A metadata object lives as long as the prepared statement that produced it and may be read by
 * whichever thread maps a row; the cached decoders are immutable and published through plain fields,
 * so a race only costs a second lookup.
 */
final class PgfastColumnMetadata implements ColumnMetadata {

    // numeric's typmod is ((precision << 16) | scale) + VARHDRSZ (src/backend/utils/adt/numeric.c)
    private static final int VARHDRSZ = 4;

    private final RowDescription.Field field;
    private final Format format;
    private final CodecRegistry codecs;
    private final PgfastColumnType type;
    private Decoder<?> defaultDecoder;
    private Class<?> lastClass;
    private Decoder<?> lastDecoder;

    PgfastColumnMetadata(RowDescription.Field field, Format format, CodecRegistry codecs) {
        this.field = field;
        this.format = format;
        this.codecs = codecs;
        int oid = field.typeOid();
        this.type = new PgfastColumnType(oid, codecs.typeName(oid), codecs.javaType(oid));
    }

    Object decode(ByteBuf buf, int index, int length) {
        Decoder<?> d = defaultDecoder;
        if (d == null) {
            d = codecs.decoder(field.typeOid(), format);
            defaultDecoder = d;
        }
        return d.decode(buf, index, length);
    }

    @SuppressWarnings("unchecked")
    <T> T decode(ByteBuf buf, int index, int length, Class<T> requested) {
        if (requested == Object.class) {
            return (T) decode(buf, index, length);
        }
        Decoder<?> d;
        if (lastClass == requested) {
            d = lastDecoder;
        } else {
            d = codecs.decoder(field.typeOid(), format, requested);
            lastDecoder = d;
            lastClass = requested;
        }
        return (T) d.decode(buf, index, length);
    }

    int oid() {
        return field.typeOid();
    }

    Format format() {
        return format;
    }

    @Override
    public Class<?> getJavaType() {
        return type.javaType();
    }

    @Override
    public String getName() {
        return field.name();
    }

    @Override
    public Object getNativeTypeMetadata() {
        return field.typeOid();
    }

    @Override
    public Nullability getNullability() {
        return Nullability.UNKNOWN;
    }

    @Override
    public Integer getPrecision() {
        int mod = field.typeModifier();
        switch (field.typeOid()) {
            case Oid.NUMERIC:
                return mod < VARHDRSZ ? null : ((mod - VARHDRSZ) >> 16) & 0xFFFF;
            case Oid.BPCHAR:
            case Oid.VARCHAR:
                return mod < VARHDRSZ ? null : mod - VARHDRSZ;
            case Oid.TIME:
            case Oid.TIMETZ:
            case Oid.TIMESTAMP:
            case Oid.TIMESTAMPTZ:
            case Oid.INTERVAL:
                return mod < 0 ? null : mod & 0xFFFF;
            default:
                return field.typeSize() > 0 ? (int) field.typeSize() : null;
        }
    }

    @Override
    public Integer getScale() {
        int mod = field.typeModifier();
        if (field.typeOid() == Oid.NUMERIC && mod >= VARHDRSZ) {
            return (mod - VARHDRSZ) & 0xFFFF;
        }
        return null;
    }

    @Override
    public Type getType() {
        return type;
    }

    @Override
    public String toString() {
        return "Column{" + field.name() + " " + type.name() + "}";
    }
}
