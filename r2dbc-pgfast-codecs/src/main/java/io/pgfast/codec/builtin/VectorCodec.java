package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.PgVector;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * pgvector's dense types (their OIDs differ per database: found by {@code typname}): {@code vector} read as
 * {@link PgVector} by default, {@code halfvec} as {@code float[]}; each also as the other, and as the String
 * the server prints.
 *
 * <p>Binary (vector_send and halfvec_send in pgvector's vector.c and halfvec.c): Int16 dimensions, Int16
 * unused (0), then per element a float4, or for halfvec an IEEE half (Int16 bits). The dimensions are checked
 * against the value's length and pgvector's limit (16000) before anything is allocated; a NaN or infinite
 * element, which pgvector never stores, is refused too. Text: {@code [1,2.5,3]} ({@link VectorText}).
 *
 * <p>Encodes {@link PgVector} as the database's vector type once discovery has found it (binary), else as a
 * text literal with OID 0 that the server reads as the vector the statement needs. {@code float[]} stays a
 * {@code real[]} (pgvector casts {@code real[]} to vector on assignment: {@code INSERT} and {@code UPDATE}
 * take it; elsewhere write {@code $1::vector}); a parameter typed vector or halfvec takes both classes.
 */
public final class VectorCodec implements Codec {

    static final String VECTOR = "vector";
    static final String HALFVEC = "halfvec";

    private static final Decoder<float[]> VECTOR_BINARY = (buf, index, length) -> readBinary(buf, index, length, false);
    private static final Decoder<float[]> HALFVEC_BINARY = (buf, index, length) -> readBinary(buf, index, length, true);
    private static final Decoder<float[]> VECTOR_TEXT = (buf, index, length) -> VectorText.readDense(buf, index, length, VECTOR, PgVector.MAX_DIMENSIONS);
    private static final Decoder<float[]> HALFVEC_TEXT = (buf, index, length) -> VectorText.readDense(buf, index, length, HALFVEC, PgVector.MAX_DIMENSIONS);
    private static final Encoder<PgVector> TEXT_UNSPECIFIED = new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT,
            (value, out) -> out.writeCharSequence(value(value), StandardCharsets.US_ASCII));

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.BASE && (VECTOR.equals(type.name()) || HALFVEC.equals(type.name()));
    }

    @Override
    public Set<String> typeNames() {
        return Set.of(VECTOR, HALFVEC);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return half(type) ? float[].class : PgVector.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean half = half(type);
        Decoder<float[]> floats = format == Format.BINARY ? (half ? HALFVEC_BINARY : VECTOR_BINARY) : (half ? HALFVEC_TEXT : VECTOR_TEXT);
        if (target == float[].class) {
            return (Decoder<T>) floats;
        }
        if (target == PgVector.class) {
            return (Decoder<T>) (Decoder<PgVector>) (buf, index, length) -> PgVector.of(floats.decode(buf, index, length));
        }
        if (target == String.class && format == Format.BINARY) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> {
                StringBuilder out = new StringBuilder(length * 2);
                VectorText.writeDense(floats.decode(buf, index, length), out);
                return out.toString();
            };
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != PgVector.class) {
            return null;
        }
        return (Encoder<T>) registry.typeNamed(VECTOR).filter(this::handles)
                .map(type -> (Encoder<PgVector>) new SimpleEncoder<PgVector>(type.oid(), Format.BINARY,
                        (value, out) -> writeBinary(value.toArray(), false, out)))
                .orElse(TEXT_UNSPECIFIED);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        boolean half = half(type);
        if (valueClass == PgVector.class) {
            return (Encoder<T>) new SimpleEncoder<PgVector>(type.oid(), Format.BINARY, (value, out) -> writeBinary(value.toArray(), half, out));
        }
        if (valueClass == float[].class) {
            return (Encoder<T>) new SimpleEncoder<float[]>(type.oid(), Format.BINARY, (value, out) -> writeBinary(value, half, out));
        }
        return null;
    }

    private static boolean half(PgType type) {
        return HALFVEC.equals(type.name());
    }

    private static String value(PgVector vector) {
        StringBuilder out = new StringBuilder(vector.dimensions() * 6);
        VectorText.writeDense(vector.toArray(), out);
        return out.toString();
    }

    static float[] readBinary(ByteBuf buf, int index, int length, boolean half) {
        String type = half ? HALFVEC : VECTOR;
        ContainerReader in = new ContainerReader(buf, index, length, type);
        int header = in.int32();
        int dimensions = header >> 16; // Int16 dim
        int unused = header & 0xffff; // Int16 unused, always 0
        int width = half ? 2 : 4;
        if (dimensions < 1 || dimensions > PgVector.MAX_DIMENSIONS || dimensions * width != in.remaining()) {
            throw in.malformed(dimensions + " dimensions in a value of " + length + " bytes (expected 1 to "
                    + PgVector.MAX_DIMENSIONS + ", " + width + " bytes each after the 4-byte header)");
        }
        if (unused != 0) {
            throw in.malformed("the unused field is " + unused + ", not 0");
        }
        float[] values = new float[dimensions];
        int at = in.position();
        for (int i = 0; i < dimensions; i++) {
            float value = half ? HalfFloat.toFloat(buf.getShort(at + 2 * i)) : Float.intBitsToFloat(buf.getInt(at + 4 * i));
            if (Float.isNaN(value) || Float.isInfinite(value)) {
                throw in.malformed("element " + i + " is " + value + " (pgvector stores finite numbers only)");
            }
            values[i] = value;
        }
        return values;
    }

    static void writeBinary(float[] values, boolean half, ByteBuf out) {
        String type = half ? HALFVEC : VECTOR;
        if (values.length < 1 || values.length > PgVector.MAX_DIMENSIONS) {
            throw new CodecException("a " + type + " has 1 to " + PgVector.MAX_DIMENSIONS + " dimensions, not " + values.length);
        }
        int mark = out.writerIndex();
        out.writeShort(values.length); // Int16 dim
        out.writeShort(0); // Int16 unused
        for (int i = 0; i < values.length; i++) {
            float value = values[i];
            int bits = half ? HalfFloat.fromFloat(value) : Float.floatToRawIntBits(value);
            // a non-finite value, or a float beyond the largest half (65504, rounded)
            if (Float.isNaN(value) || Float.isInfinite(value) || (half && (bits & 0x7fff) == 0x7c00)) {
                out.writerIndex(mark);
                throw new CodecException("element " + i + " (" + value + ") is out of range for type " + type);
            }
            if (half) {
                out.writeShort(bits);
            } else {
                out.writeInt(bits);
            }
        }
    }
}
