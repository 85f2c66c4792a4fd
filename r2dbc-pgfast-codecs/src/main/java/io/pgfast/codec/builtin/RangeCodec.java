package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import java.util.List;

/**
 * Range and multirange types: the built-in int4range, int8range, numrange, daterange, tsrange,
 * tstzrange and their multiranges (PostgreSQL 14+), and user-defined ranges discovered in the
 * database ({@code pg_type.typtype} 'r' and 'm').
 *
 * <p>Decodes to {@link Range} / {@link Multirange} whose bounds are the subtype's default Java
 * class (Integer, Long, BigDecimal, LocalDate, LocalDateTime, OffsetDateTime for the built-ins),
 * each decoded by the subtype's decoder planned with the range decoder; binary also to the String
 * range_out prints. Encodes {@code Range} and {@code Multirange} as text literals
 * ({@link RangeTextEncoder}).
 */
public final class RangeCodec implements Codec {

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.RANGE || type.kind() == PgType.Kind.MULTIRANGE;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return type.kind() == PgType.Kind.RANGE ? Range.class : Multirange.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        int subtype = subtype(type, registry);
        return subtype != 0 && registry.binaryDecodable(subtype);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        int subtype = subtype(type, registry);
        if (subtype == 0) {
            return null;
        }
        boolean multi = type.kind() == PgType.Kind.MULTIRANGE;
        String name = type.name();
        if (target == String.class) {
            if (format == Format.TEXT) {
                return null;
            }
            RangeBinaryDecoder ranges = new RangeBinaryDecoder(name, registry.decoder(subtype, Format.BINARY, String.class));
            return (Decoder<T>) (multi
                    ? new RenderedDecoder<>(new MultirangeBinaryDecoder(name, ranges), RangeCodec::writeMultirangeOfStrings)
                    : new RenderedDecoder<>(ranges, RangeText::writeStrings));
        }
        if (target != (multi ? Multirange.class : Range.class)) {
            return null;
        }
        Decoder<?> bound = registry.decoder(subtype, format);
        if (format == Format.TEXT) {
            return (Decoder<T>) (multi ? new MultirangeTextDecoder(name, bound) : new RangeTextDecoder(name, bound));
        }
        RangeBinaryDecoder ranges = new RangeBinaryDecoder(name, bound);
        return (Decoder<T>) (multi ? new MultirangeBinaryDecoder(name, ranges) : ranges);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return valueClass == Range.class || valueClass == Multirange.class ? (Encoder<T>) new RangeTextEncoder(0, registry) : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        Class<?> expected = type.kind() == PgType.Kind.RANGE ? Range.class : Multirange.class;
        return valueClass == expected ? (Encoder<T>) new RangeTextEncoder(type.oid(), registry) : null;
    }

    /** The bound type: {@code rngsubtype} of a range, or of a multirange's range type; 0 if unknown. */
    private static int subtype(PgType type, CodecRegistry registry) {
        if (type.kind() == PgType.Kind.RANGE) {
            return type.rangeSubtypeOid();
        }
        return registry.type(type.rangeOid()).map(PgType::rangeSubtypeOid).orElse(0);
    }

    private static void writeMultirangeOfStrings(Multirange<?> value, ByteBuf out) {
        List<? extends Range<?>> ranges = value.ranges();
        out.writeByte('{');
        for (int i = 0; i < ranges.size(); i++) {
            if (i > 0) {
                out.writeByte(',');
            }
            RangeText.writeStrings(ranges.get(i), out);
        }
        out.writeByte('}');
    }
}
