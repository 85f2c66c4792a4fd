package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.type.PgVector;
import io.pgfast.codec.type.SparseVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeWith;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Golden bytes and literals of pgvector's vector_send/halfvec_send/sparsevec_send and their output functions. */
class VectorCodecTest {

    static final PgType VECTOR = PgType.builder(16390, "vector").schema("public").arrayOid(16397).build();
    static final PgType VECTOR_ARRAY = PgType.builder(16397, "_vector").schema("public").category('A').elementOid(16390).build();
    static final PgType HALFVEC = PgType.builder(16710, "halfvec").schema("public").arrayOid(16717).build();
    static final PgType SPARSEVEC = PgType.builder(16793, "sparsevec").schema("public").arrayOid(16800).build();
    static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins().withTypes(List.of(VECTOR, VECTOR_ARRAY, HALFVEC, SPARSEVEC));

    /** '[1,2.5,-3]'::vector */
    private static final byte[] VECTOR_GOLDEN = hex(
            "0003", // Int16 dim = 3
            "0000", // Int16 unused
            "3f800000", // 1
            "40200000", // 2.5
            "c0400000"); // -3

    @Test
    void foundByName() {
        assertThat(DefaultCodecRegistry.builtins().extensionTypeNames()).contains("vector", "halfvec", "sparsevec");
        assertThat(REGISTRY.javaType(VECTOR.oid())).isEqualTo(PgVector.class);
        assertThat(REGISTRY.javaType(HALFVEC.oid())).isEqualTo(float[].class);
        assertThat(REGISTRY.javaType(SPARSEVEC.oid())).isEqualTo(SparseVector.class);
        assertThat(REGISTRY.binaryDecodable(VECTOR.oid())).isTrue();
        assertThat(REGISTRY.typeNamed("vector")).contains(VECTOR);
    }

    @Test
    void vectorBinary() {
        assertThat(decode(REGISTRY.decoder(VECTOR.oid(), Format.BINARY), VECTOR_GOLDEN)).isEqualTo(PgVector.of(1, 2.5f, -3));
        assertThat(decode(REGISTRY.decoder(VECTOR.oid(), Format.BINARY, float[].class), VECTOR_GOLDEN)).isEqualTo(new float[] {1, 2.5f, -3});
        assertThat(decode(REGISTRY.decoder(VECTOR.oid(), Format.BINARY, String.class), VECTOR_GOLDEN)).isEqualTo("[1,2.5,-3]");
        assertThat(encodeWith(REGISTRY, PgVector.of(1, 2.5f, -3))).isEqualTo(VECTOR_GOLDEN);
        assertThat(REGISTRY.encoder(PgVector.class).oid(null)).isEqualTo(VECTOR.oid());
        Encoder<float[]> typed = REGISTRY.encoder(VECTOR.oid(), float[].class);
        assertThat(typed.oid(null)).isEqualTo(VECTOR.oid());
        assertThat(encode(typed, new float[] {1, 2.5f, -3})).isEqualTo(VECTOR_GOLDEN);
    }

    @Test
    void vectorText() {
        assertThat(decodeText(REGISTRY.decoder(VECTOR.oid(), Format.TEXT), "[1,2.5,-3]")).isEqualTo(PgVector.of(1, 2.5f, -3));
        assertThat(decodeText(REGISTRY.decoder(VECTOR.oid(), Format.TEXT, float[].class), " [ 1 , 1e-05,3.4028235e+38 ] "))
                .isEqualTo(new float[] {1, 1e-5f, Float.MAX_VALUE});
        assertThat(decodeText(REGISTRY.decoder(VECTOR.oid(), Format.TEXT, String.class), "[1,2]")).isEqualTo("[1,2]");
    }

    @Test
    void beforeDiscoveryAVectorIsSentAsTextForTheServerToType() {
        Encoder<PgVector> encoder = DefaultCodecRegistry.builtins().encoder(PgVector.class);
        assertThat(encoder.oid(null)).isZero();
        assertThat(encoder.format()).isEqualTo(Format.TEXT);
        assertThat(encodeText(encoder, PgVector.of(1, 0.1f, 1e20f))).isEqualTo("[1,0.1,1e+20]");
    }

    @Test
    void halfvecBinary() {
        byte[] golden = hex(
                "0003", // Int16 dim = 3
                "0000", // Int16 unused
                "3c00", // 1
                "4100", // 2.5
                "7bff"); // 65504, the largest half
        assertThat(decode(REGISTRY.decoder(HALFVEC.oid(), Format.BINARY), golden)).isEqualTo(new float[] {1, 2.5f, 65504});
        assertThat(decode(REGISTRY.decoder(HALFVEC.oid(), Format.BINARY, PgVector.class), golden)).isEqualTo(PgVector.of(1, 2.5f, 65504));
        assertThat(decode(REGISTRY.decoder(HALFVEC.oid(), Format.BINARY, String.class), golden)).isEqualTo("[1,2.5,65504]");
        assertThat(encode(REGISTRY.encoder(HALFVEC.oid(), float[].class), new float[] {1, 2.5f, 65504})).isEqualTo(golden);
        assertThat(decodeText(REGISTRY.decoder(HALFVEC.oid(), Format.TEXT), "[1,2.5,65504]")).isEqualTo(new float[] {1, 2.5f, 65504});
    }

    @Test
    void halfFloatsRoundToNearestEven() {
        assertThat(HalfFloat.fromFloat(1.0009765625f)).isEqualTo(0x3c01); // 1 + 2^-10 exactly
        assertThat(HalfFloat.fromFloat(1.00048828125f)).isEqualTo(0x3c00); // halfway, ties to even
        assertThat(HalfFloat.fromFloat(1.00146484375f)).isEqualTo(0x3c02); // halfway above an odd one
        assertThat(HalfFloat.fromFloat(65519f)).isEqualTo(0x7bff);
        assertThat(HalfFloat.fromFloat(65520f)).isEqualTo(0x7c00);
        assertThat(HalfFloat.fromFloat(0x1p-24f)).isEqualTo(0x0001); // smallest subnormal
        assertThat(HalfFloat.fromFloat(0x1p-25f)).isEqualTo(0x0000); // halfway to it, ties to even
        assertThat(HalfFloat.fromFloat(-0f)).isEqualTo(0x8000);
        for (int bits = 0; bits < 0x10000; bits++) {
            if ((bits & 0x7c00) != 0x7c00) {
                assertThat(HalfFloat.fromFloat(HalfFloat.toFloat(bits))).as("bits %04x", bits).isEqualTo(bits);
            }
        }
        assertThatThrownBy(() -> encode(REGISTRY.encoder(HALFVEC.oid(), float[].class), new float[] {1, 70000}))
                .isInstanceOf(CodecException.class).hasMessageContaining("out of range for type halfvec");
    }

    @Test
    void sparsevec() {
        // '{1:1.5,4:-2}/5'::sparsevec
        byte[] golden = hex(
                "00000005", // Int32 dim = 5
                "00000002", // Int32 nnz = 2
                "00000000", // Int32 unused
                "00000000", "00000003", // 0-based indices 0 and 3
                "3fc00000", "c0000000"); // 1.5, -2
        SparseVector expected = SparseVector.of(5, new int[] {0, 3}, new float[] {1.5f, -2});
        assertThat(decode(REGISTRY.decoder(SPARSEVEC.oid(), Format.BINARY), golden)).isEqualTo(expected);
        assertThat(decode(REGISTRY.decoder(SPARSEVEC.oid(), Format.BINARY, float[].class), golden)).isEqualTo(new float[] {1.5f, 0, 0, -2, 0});
        assertThat(decode(REGISTRY.decoder(SPARSEVEC.oid(), Format.BINARY, String.class), golden)).isEqualTo("{1:1.5,4:-2}/5");
        assertThat(decodeText(REGISTRY.decoder(SPARSEVEC.oid(), Format.TEXT), "{1:1.5,4:-2}/5")).isEqualTo(expected);
        assertThat(decodeText(REGISTRY.decoder(SPARSEVEC.oid(), Format.TEXT), " { 1 : 1.5 , 4:-2 } / 5 ")).isEqualTo(expected);
        assertThat(decodeText(REGISTRY.decoder(SPARSEVEC.oid(), Format.TEXT), "{}/3")).isEqualTo(SparseVector.fromDense(0, 0, 0));
        assertThat(encodeWith(REGISTRY, expected)).isEqualTo(golden);
        assertThat(encodeText(DefaultCodecRegistry.builtins().encoder(SparseVector.class), expected)).isEqualTo("{1:1.5,4:-2}/5");
        assertThat(SparseVector.fromDense(1.5f, 0, 0, -2, 0)).isEqualTo(expected);
        assertThat(expected.toString()).isEqualTo("{1:1.5,4:-2.0}/5");
    }

    @Test
    void arraysOfVectors() {
        // ARRAY['[1,2]','[3,4]']::vector[]
        byte[] golden = hex(
                "00000001", // 1 dimension
                "00000000", // no NULLs
                "00004006", // element type: vector (16390)
                "00000002", "00000001", // 2 elements, lower bound 1
                "0000000c", "0002", "0000", "3f800000", "40000000", // [1,2]
                "0000000c", "0002", "0000", "40400000", "40800000"); // [3,4]
        Object decoded = decode(REGISTRY.decoder(VECTOR_ARRAY.oid(), Format.BINARY), golden);
        assertThat((Object[]) decoded).containsExactly(PgVector.of(1, 2), PgVector.of(3, 4));
        assertThat(decodeText(REGISTRY.decoder(VECTOR_ARRAY.oid(), Format.TEXT), "{\"[1,2]\",\"[3,4]\"}"))
                .isEqualTo(new PgVector[] {PgVector.of(1, 2), PgVector.of(3, 4)});
        assertThat(encodeWith(REGISTRY, new PgVector[] {PgVector.of(1, 2), PgVector.of(3, 4)})).isEqualTo(golden);
    }

    @Test
    void aHugeSparsevecIsNoDenseArray() {
        byte[] billion = hex("3b9aca00", "00000000", "00000000"); // 10^9 dimensions, no non-zero element
        assertThat(decode(REGISTRY.decoder(SPARSEVEC.oid(), Format.BINARY), billion)).isEqualTo(SparseVector.of(1_000_000_000, new int[0], new float[0]));
        assertThatThrownBy(() -> decode(REGISTRY.decoder(SPARSEVEC.oid(), Format.BINARY, float[].class), billion))
                .isInstanceOf(CodecException.class).hasMessageContaining("read it as SparseVector");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "0003000040000000", // 3 dimensions, 1 float
        "0000000000000000", // 0 dimensions
        "ffff00003f800000", // negative dimensions
        "0001000100000000", // unused not 0
        "000100007fc00000", // NaN
        "000100007f800000", // infinity
        "3e81000000000000", // 16001 dimensions
        "00"})
    void malformedVectorBytesAreRefused(String bytes) {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(VECTOR.oid(), Format.BINARY), hex(bytes)))
                .isInstanceOf(CodecException.class).hasMessageContaining("malformed binary vector value");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "00000005 00000001 00000000 00000005 3f800000", // index 5 of 5 dimensions
        "00000005 00000002 00000000 00000003 00000001 3f800000 3f800000", // indices decrease
        "00000005 00000001 00000000 00000000 00000000", // a zero value
        "00000000 00000000 00000000", // 0 dimensions
        "00000005 7fffffff 00000000", // a count beyond the bytes
        "00000005 00000001 00000000 00000000", // the value is missing
        "00000005 00000000 00000001"}) // unused not 0
    void malformedSparsevecBytesAreRefused(String bytes) {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(SPARSEVEC.oid(), Format.BINARY), hex(bytes)))
                .isInstanceOf(CodecException.class).hasMessageContaining("malformed binary sparsevec value");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[]", "[1,2", "1,2]", "[1,,2]", "[1,x]", "[1,NaN]", "[1,Infinity]", "[1e39]", "[1]x"})
    void malformedVectorTextIsRefused(String text) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(VECTOR.oid(), Format.TEXT), text))
                .isInstanceOf(CodecException.class).hasMessageContaining("invalid vector text value");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{}", "{1:1}", "{1:1}/", "{0:1}/3", "{4:1}/3", "{2:1,1:1}/3", "{1:0}/3", "{1}/3", "{1:1/3", "{1:1}/x"})
    void malformedSparsevecTextIsRefused(String text) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(SPARSEVEC.oid(), Format.TEXT), text))
                .isInstanceOf(CodecException.class).hasMessageContaining("invalid sparsevec text value");
    }

    @Test
    void valueTypesCheckPgvectorsLimits() {
        assertThatThrownBy(() -> PgVector.of()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PgVector.of(Float.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SparseVector.of(3, new int[] {3}, new float[] {1})).isInstanceOf(IllegalArgumentException.class);
        float[] source = {1, 2};
        PgVector vector = PgVector.of(source);
        source[0] = 9;
        vector.toArray()[1] = 9;
        assertThat(vector).isEqualTo(PgVector.of(1, 2));
        assertThat(vector.toString()).isEqualTo("[1.0,2.0]");
    }
}
