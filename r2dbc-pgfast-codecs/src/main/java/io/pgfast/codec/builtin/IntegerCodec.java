package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.oid.Oid;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * int2, int4, int8. Text format is the decimal digits (int2out, int4out, int8out); binary is a
 * big-endian two's complement integer of 2, 4 or 8 bytes.
 *
 * <p>Default Java types Short, Integer, Long (R2DBC spec, "Exact numeric types"). On request each
 * decodes to Byte, Short, Integer, Long, BigInteger, BigDecimal, Float, Double and String: widening
 * always succeeds, narrowing (int8 as Integer) checks each value and throws
 * {@link io.pgfast.codec.CodecException} when it does not fit. Float of an int4/int8 and Double of
 * an int8 may round, as a Java widening conversion does.
 *
 * <p>Encodes Byte and Short as int2, Integer as int4, Long as int8, all binary. As an explicitly
 * typed parameter any of those is sent as int2/int4/int8 with a range check.
 */
public final class IntegerCodec extends OidSetCodec {

    /** Reads one value as a long, in one format, for one of the three types. */
    @FunctionalInterface
    private interface LongReader {
        long read(ByteBuf buf, int index, int length);
    }

    private static final Decoder<Short> INT2_TEXT = (buf, index, length) -> AsciiNumbers.parseShort(buf, index, length, "int2");
    private static final Decoder<Integer> INT4_TEXT = (buf, index, length) -> AsciiNumbers.parseInt(buf, index, length, "int4");
    private static final Decoder<Long> INT8_TEXT = (buf, index, length) -> AsciiNumbers.parseLong(buf, index, length, "int8");
    private static final Decoder<Short> INT2_BINARY = (buf, index, length) -> int2(buf, index, length);
    private static final Decoder<Integer> INT4_BINARY = (buf, index, length) -> int4(buf, index, length);
    private static final Decoder<Long> INT8_BINARY = (buf, index, length) -> int8(buf, index, length);

    private static final Encoder<Short> SHORT = new SimpleEncoder<>(Oid.INT2, Format.BINARY, (Short v, ByteBuf out) -> out.writeShort(v));
    private static final Encoder<Byte> BYTE = new SimpleEncoder<>(Oid.INT2, Format.BINARY, (Byte v, ByteBuf out) -> out.writeShort(v));
    private static final Encoder<Integer> INTEGER = new SimpleEncoder<>(Oid.INT4, Format.BINARY, (Integer v, ByteBuf out) -> out.writeInt(v));
    private static final Encoder<Long> LONG = new SimpleEncoder<>(Oid.INT8, Format.BINARY, (Long v, ByteBuf out) -> out.writeLong(v));

    public IntegerCodec() {
        super(Oid.INT2, Oid.INT4, Oid.INT8);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        switch (type.oid()) {
            case Oid.INT2:
                return Short.class;
            case Oid.INT4:
                return Integer.class;
            default:
                return Long.class;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        int oid = type.oid();
        boolean text = format == Format.TEXT;
        if (target == javaType(type, registry)) {
            switch (oid) {
                case Oid.INT2:
                    return (Decoder<T>) (text ? INT2_TEXT : INT2_BINARY);
                case Oid.INT4:
                    return (Decoder<T>) (text ? INT4_TEXT : INT4_BINARY);
                default:
                    return (Decoder<T>) (text ? INT8_TEXT : INT8_BINARY);
            }
        }
        String name = type.name();
        LongReader reader = reader(oid, text);
        return (Decoder<T>) converting(name, reader, target);
    }

    private static LongReader reader(int oid, boolean text) {
        switch (oid) {
            case Oid.INT2:
                return text ? (buf, index, length) -> AsciiNumbers.parseShort(buf, index, length, "int2") : IntegerCodec::int2;
            case Oid.INT4:
                return text ? (buf, index, length) -> AsciiNumbers.parseInt(buf, index, length, "int4") : IntegerCodec::int4;
            default:
                return text ? (buf, index, length) -> AsciiNumbers.parseLong(buf, index, length, "int8") : IntegerCodec::int8;
        }
    }

    /** A decoder reading a long and converting it to {@code target}, or null for an unsupported target. */
    private static Decoder<?> converting(String type, LongReader reader, Class<?> target) {
        if (target == Long.class) {
            return (Decoder<Long>) reader::read;
        }
        if (target == Integer.class) {
            return (Decoder<Integer>) (buf, index, length) -> Checks.toInt(type, reader.read(buf, index, length));
        }
        if (target == Short.class) {
            return (Decoder<Short>) (buf, index, length) -> Checks.toShort(type, reader.read(buf, index, length));
        }
        if (target == Byte.class) {
            return (Decoder<Byte>) (buf, index, length) -> Checks.toByte(type, reader.read(buf, index, length));
        }
        if (target == BigInteger.class) {
            return (Decoder<BigInteger>) (buf, index, length) -> BigInteger.valueOf(reader.read(buf, index, length));
        }
        if (target == BigDecimal.class) {
            return (Decoder<BigDecimal>) (buf, index, length) -> BigDecimal.valueOf(reader.read(buf, index, length));
        }
        if (target == Double.class) {
            return (Decoder<Double>) (buf, index, length) -> (double) reader.read(buf, index, length);
        }
        if (target == Float.class) {
            return (Decoder<Float>) (buf, index, length) -> (float) reader.read(buf, index, length);
        }
        if (target == String.class) {
            return (Decoder<String>) (buf, index, length) -> Long.toString(reader.read(buf, index, length));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == Integer.class) {
            return (Encoder<T>) INTEGER;
        }
        if (valueClass == Long.class) {
            return (Encoder<T>) LONG;
        }
        if (valueClass == Short.class) {
            return (Encoder<T>) SHORT;
        }
        if (valueClass == Byte.class) {
            return (Encoder<T>) BYTE;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != Byte.class && valueClass != Short.class && valueClass != Integer.class && valueClass != Long.class) {
            return null;
        }
        String name = type.name();
        switch (type.oid()) {
            case Oid.INT2:
                return (Encoder<T>) new SimpleEncoder<Number>(Oid.INT2, Format.BINARY,
                        (v, out) -> out.writeShort(Checks.toShort(name, v.longValue())));
            case Oid.INT4:
                return (Encoder<T>) new SimpleEncoder<Number>(Oid.INT4, Format.BINARY,
                        (v, out) -> out.writeInt(Checks.toInt(name, v.longValue())));
            default:
                return (Encoder<T>) new SimpleEncoder<Number>(Oid.INT8, Format.BINARY, (v, out) -> out.writeLong(v.longValue()));
        }
    }

    private static short int2(ByteBuf buf, int index, int length) {
        Checks.binaryLength("int2", 2, length);
        return buf.getShort(index);
    }

    private static int int4(ByteBuf buf, int index, int length) {
        Checks.binaryLength("int4", 4, length);
        return buf.getInt(index);
    }

    private static long int8(ByteBuf buf, int index, int length) {
        Checks.binaryLength("int8", 8, length);
        return buf.getLong(index);
    }
}
