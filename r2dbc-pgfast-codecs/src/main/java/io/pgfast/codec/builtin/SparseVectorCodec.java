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
import io.pgfast.codec.type.SparseVector;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * pgvector's {@code sparsevec} (its OID differs per database: found by {@code typname}), read as
 * {@link SparseVector} by default, as its dense {@code float[]} (up to 16000 dimensions, as a vector), and as the String the server prints.
 *
 * <p>Binary (sparsevec_send in pgvector's sparsevec.c): Int32 dimensions, Int32 count of non-zero elements,
 * Int32 unused (0), that many Int32 0-based indices, then that many float4 values. The count is checked
 * against the value's length before anything is allocated, and the parts against pgvector's rules (indices
 * strictly increasing below the dimensions, values finite and not zero). Text: {@code {1:1,3:2.5}/5},
 * indices from 1 ({@link VectorText}).
 *
 * <p>Encodes {@link SparseVector} as the database's sparsevec once discovery has found it (binary), else as
 * a text literal with OID 0.
 */
public final class SparseVectorCodec implements Codec {

    static final String SPARSEVEC = "sparsevec";

    private static final Decoder<SparseVector> BINARY = SparseVectorCodec::readBinary;
    private static final Decoder<SparseVector> TEXT = SparseVectorCodec::readText;
    private static final Encoder<SparseVector> TEXT_UNSPECIFIED = new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT,
            (value, out) -> out.writeCharSequence(text(value), StandardCharsets.US_ASCII));

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.BASE && SPARSEVEC.equals(type.name());
    }

    @Override
    public Set<String> typeNames() {
        return Set.of(SPARSEVEC);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return SparseVector.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        Decoder<SparseVector> sparse = format == Format.BINARY ? BINARY : TEXT;
        if (target == SparseVector.class) {
            return (Decoder<T>) sparse;
        }
        if (target == float[].class) {
            return (Decoder<T>) (Decoder<float[]>) (buf, index, length) -> dense(sparse.decode(buf, index, length));
        }
        if (target == String.class && format == Format.BINARY) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> text(sparse.decode(buf, index, length));
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != SparseVector.class) {
            return null;
        }
        return (Encoder<T>) registry.typeNamed(SPARSEVEC).filter(this::handles)
                .map(type -> (Encoder<SparseVector>) new SimpleEncoder<SparseVector>(type.oid(), Format.BINARY, SparseVectorCodec::writeBinary))
                .orElse(TEXT_UNSPECIFIED);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return valueClass == SparseVector.class
                ? (Encoder<T>) new SimpleEncoder<SparseVector>(type.oid(), Format.BINARY, SparseVectorCodec::writeBinary)
                : null;
    }

    /**
     * The dense form, for at most as many dimensions as a vector has (pgvector's own cast to vector has the same
     * limit): a few bytes of sparsevec may claim a billion dimensions, which must not become a 4 GB array.
     */
    private static float[] dense(SparseVector value) {
        if (value.dimensions() > PgVector.MAX_DIMENSIONS) {
            throw new CodecException("cannot decode a sparsevec of " + value.dimensions() + " dimensions as float[] (at most "
                    + PgVector.MAX_DIMENSIONS + ", as a vector); read it as SparseVector");
        }
        return value.toArray();
    }

    static SparseVector readBinary(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, SPARSEVEC);
        int dimensions = in.int32();
        int count = in.int32();
        int unused = in.int32();
        // each non-zero element takes an Int32 index and a float4 value
        if (count < 0 || count > SparseVector.MAX_NON_ZEROS || (long) count * 8 != in.remaining()) {
            throw in.malformed(count + " non-zero elements in a value of " + length + " bytes (expected 0 to "
                    + SparseVector.MAX_NON_ZEROS + ", 8 bytes each after the 12-byte header)");
        }
        if (unused != 0) {
            throw in.malformed("the unused field is " + unused + ", not 0");
        }
        int[] indices = new int[count];
        float[] values = new float[count];
        int at = in.position();
        for (int i = 0; i < count; i++) {
            indices[i] = buf.getInt(at + 4 * i);
            values[i] = Float.intBitsToFloat(buf.getInt(at + 4 * count + 4 * i));
        }
        return build(dimensions, indices, values, "malformed binary " + SPARSEVEC + " value: ");
    }

    static SparseVector readText(ByteBuf buf, int index, int length) {
        VectorText.Sparse parts = VectorText.readSparse(buf, index, length, SPARSEVEC, SparseVector.MAX_NON_ZEROS);
        return build(parts.dimensions(), parts.indices(), parts.values(),
                "invalid " + SPARSEVEC + " text value " + io.pgfast.codec.io.Utf8Strings.preview(buf, index, length) + ": ");
    }

    private static SparseVector build(int dimensions, int[] indices, float[] values, String problem) {
        try {
            return SparseVector.of(dimensions, indices, values);
        } catch (IllegalArgumentException e) {
            throw new CodecException(problem + e.getMessage());
        }
    }

    static void writeBinary(SparseVector value, ByteBuf out) {
        int[] indices = value.indices();
        float[] values = value.values();
        out.writeInt(value.dimensions()); // Int32 dim
        out.writeInt(indices.length); // Int32 nnz
        out.writeInt(0); // Int32 unused
        for (int index : indices) {
            out.writeInt(index); // 0-based
        }
        for (float v : values) {
            out.writeFloat(v);
        }
    }

    private static String text(SparseVector value) {
        StringBuilder out = new StringBuilder(value.nonZeros() * 8 + 8);
        VectorText.writeSparse(value.dimensions(), value.indices(), value.values(), out);
        return out.toString();
    }
}
