package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;

import java.math.BigDecimal;

/**
 * float4 and float8. Binary format is the IEEE 754 value big-endian (float4send/float8send); text
 * is described in {@link FloatText}. NaN and ±Infinity decode to the Java float values of the same
 * name.
 *
 * <p>Default Java types Float and Double. On request: Double of a float4 (exact), Float of a
 * float8 (rounded, as a Java narrowing conversion), BigDecimal of finite values (NaN and Infinity
 * raise {@link CodecException}), String. Encodes Float as float4 and Double as float8, binary; as
 * an explicitly typed parameter either may be sent as float4 or float8.
 */
public final class FloatCodec extends OidSetCodec {

    private static final Decoder<Float> FLOAT4_TEXT = (buf, index, length) -> (float) FloatText.parse(buf, index, length, "float4");
    private static final Decoder<Double> FLOAT8_TEXT = (buf, index, length) -> FloatText.parse(buf, index, length, "float8");
    private static final Decoder<Float> FLOAT4_BINARY = FloatCodec::float4;
    private static final Decoder<Double> FLOAT8_BINARY = FloatCodec::float8;

    private static final Encoder<Float> FLOAT = new SimpleEncoder<>(Oid.FLOAT4, Format.BINARY, (Float v, ByteBuf out) -> out.writeFloat(v));
    private static final Encoder<Double> DOUBLE = new SimpleEncoder<>(Oid.FLOAT8, Format.BINARY, (Double v, ByteBuf out) -> out.writeDouble(v));

    /** Reads one value as a double. */
    @FunctionalInterface
    private interface DoubleReader {
        double read(ByteBuf buf, int index, int length);
    }

    public FloatCodec() {
        super(Oid.FLOAT4, Oid.FLOAT8);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return type.oid() == Oid.FLOAT4 ? Float.class : Double.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean float4 = type.oid() == Oid.FLOAT4;
        boolean text = format == Format.TEXT;
        if (target == Float.class && float4) {
            return (Decoder<T>) (text ? FLOAT4_TEXT : FLOAT4_BINARY);
        }
        if (target == Double.class && !float4) {
            return (Decoder<T>) (text ? FLOAT8_TEXT : FLOAT8_BINARY);
        }
        String name = type.name();
        DoubleReader reader = float4
                ? (text ? (buf, index, length) -> (float) FloatText.parse(buf, index, length, name) : FloatCodec::float4)
                : (text ? (buf, index, length) -> FloatText.parse(buf, index, length, name) : FloatCodec::float8);
        if (target == Double.class) {
            return (Decoder<T>) (Decoder<Double>) reader::read;
        }
        if (target == Float.class) {
            return (Decoder<T>) (Decoder<Float>) (buf, index, length) -> (float) reader.read(buf, index, length);
        }
        if (target == BigDecimal.class) {
            return (Decoder<T>) (Decoder<BigDecimal>) (buf, index, length) -> toBigDecimal(name, reader.read(buf, index, length), float4);
        }
        if (target == String.class && !text) {
            int precision = float4 ? 6 : 15;
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> FloatText.format(reader.read(buf, index, length), precision);
        }
        return null;
    }

    private static BigDecimal toBigDecimal(String type, double value, boolean float4) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new CodecException(type + " value " + value + " cannot be represented as java.math.BigDecimal");
        }
        // the shortest decimal that reads back as the value, not the binary fraction's full expansion
        return new BigDecimal(float4 ? Float.toString((float) value) : Double.toString(value));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == Double.class) {
            return (Encoder<T>) DOUBLE;
        }
        if (valueClass == Float.class) {
            return (Encoder<T>) FLOAT;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != Double.class && valueClass != Float.class) {
            return null;
        }
        if (type.oid() == Oid.FLOAT4) {
            return (Encoder<T>) new SimpleEncoder<Number>(Oid.FLOAT4, Format.BINARY, (v, out) -> out.writeFloat(v.floatValue()));
        }
        return (Encoder<T>) new SimpleEncoder<Number>(Oid.FLOAT8, Format.BINARY, (v, out) -> out.writeDouble(v.doubleValue()));
    }

    private static float float4(ByteBuf buf, int index, int length) {
        Checks.binaryLength("float4", 4, length);
        return buf.getFloat(index);
    }

    private static double float8(ByteBuf buf, int index, int length) {
        Checks.binaryLength("float8", 8, length);
        return buf.getDouble(index);
    }
}
