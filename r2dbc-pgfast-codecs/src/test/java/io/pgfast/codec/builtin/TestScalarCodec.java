package io.pgfast.codec.builtin;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import java.nio.charset.StandardCharsets;

/**
 * A small stand-in for the scalar codecs, registered above the built-ins in these tests so that
 * container tests do not change when the real scalar codecs evolve: int4, int8 and float8 in both
 * formats (Integer, Long, Double; binary also as String), and date, timestamp, timestamptz and
 * numeric as text-only Strings.
 */
final class TestScalarCodec implements Codec {

    static final CodecRegistry REGISTRY = DefaultCodecRegistry.builder().register(new TestScalarCodec()).build();

    private static final Decoder<Integer> INT4_BINARY = TypesTestSupport.INT4_BINARY;
    private static final Decoder<Long> INT8_BINARY = TypesTestSupport.INT8_BINARY;
    private static final Decoder<Double> FLOAT8_BINARY = (buf, i, len) -> {
        if (len != 8) {
            throw new CodecException("float8 needs 8 bytes, got " + len);
        }
        return Double.longBitsToDouble(buf.getLong(i));
    };
    private static final Decoder<Double> FLOAT8_TEXT = (buf, i, len) -> {
        try {
            return Double.parseDouble(buf.toString(i, len, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            throw new CodecException("bad float8 text", e);
        }
    };

    @Override
    public boolean handles(PgType type) {
        int oid = type.oid();
        return oid == Oid.INT4 || oid == Oid.INT8 || oid == Oid.FLOAT8 || oid == Oid.DATE || oid == Oid.TIMESTAMP
                || oid == Oid.TIMESTAMPTZ || oid == Oid.NUMERIC;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        switch (type.oid()) {
            case Oid.INT4:
                return Integer.class;
            case Oid.INT8:
                return Long.class;
            case Oid.FLOAT8:
                return Double.class;
            default:
                return String.class;
        }
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return type.oid() == Oid.INT4 || type.oid() == Oid.INT8 || type.oid() == Oid.FLOAT8;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean binary = format == Format.BINARY;
        switch (type.oid()) {
            case Oid.INT4:
                if (target == Integer.class) {
                    return (Decoder<T>) (binary ? INT4_BINARY : TypesTestSupport.INT4_TEXT);
                }
                return binary && target == String.class ? (Decoder<T>) (Decoder<String>) (b, i, l) -> INT4_BINARY.decode(b, i, l).toString() : null;
            case Oid.INT8:
                if (target == Long.class) {
                    return (Decoder<T>) (binary ? INT8_BINARY : TypesTestSupport.INT8_TEXT);
                }
                return binary && target == String.class ? (Decoder<T>) (Decoder<String>) (b, i, l) -> INT8_BINARY.decode(b, i, l).toString() : null;
            case Oid.FLOAT8:
                if (target == Double.class) {
                    return (Decoder<T>) (binary ? FLOAT8_BINARY : FLOAT8_TEXT);
                }
                return binary && target == String.class ? (Decoder<T>) (Decoder<String>) (b, i, l) -> float8Text(FLOAT8_BINARY.decode(b, i, l)) : null;
            default:
                return !binary && target == String.class ? (Decoder<T>) TypesTestSupport.TEXT : null;
        }
    }

    /** float8out's output for the values these tests use: integral values without ".0". */
    static String float8Text(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15 && !(v == 0 && 1 / v < 0)) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == Integer.class) {
            return (Encoder<T>) new SimpleEncoder<Integer>(Oid.INT4, Format.BINARY, (v, out) -> out.writeInt(v));
        }
        if (valueClass == Long.class) {
            return (Encoder<T>) new SimpleEncoder<Long>(Oid.INT8, Format.BINARY, (v, out) -> out.writeLong(v));
        }
        if (valueClass == Double.class) {
            return (Encoder<T>) new SimpleEncoder<Double>(Oid.FLOAT8, Format.BINARY, (v, out) -> out.writeDouble(v));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (type.oid() == Oid.INT8 && valueClass == Integer.class) {
            return (Encoder<T>) new SimpleEncoder<Integer>(Oid.INT8, Format.BINARY, (v, out) -> out.writeLong(v));
        }
        boolean sameType = (type.oid() == Oid.INT4 && valueClass == Integer.class) || (type.oid() == Oid.INT8 && valueClass == Long.class);
        return sameType ? encoder(valueClass, registry) : null;
    }
}
