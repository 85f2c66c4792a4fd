package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.TypesTestSupport.INT4_BINARY;
import static io.pgfast.codec.builtin.TypesTestSupport.INT8_BINARY;
import static io.pgfast.codec.builtin.TypesTestSupport.TEXT;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Golden bytes from PostgreSQL 15's array_send. */
class ArrayBinaryCodecTest {

    private static final Encoder<Integer> INT4_ENCODER = new Encoder<>() {
        @Override
        public int oid(Integer value) {
            return 23;
        }

        @Override
        public Format format() {
            return Format.BINARY;
        }

        @Override
        public void encode(Integer value, ByteBuf out) {
            out.writeInt(value);
        }
    };

    private static final Encoder<String> TEXT_BINARY_ENCODER = new Encoder<>() {
        @Override
        public int oid(String value) {
            return 25;
        }

        @Override
        public Format format() {
            return Format.BINARY;
        }

        @Override
        public void encode(String value, ByteBuf out) {
            out.writeCharSequence(value, StandardCharsets.UTF_8);
        }
    };

    /** {@code '[0:1][-1:0]={{1,NULL},{NULL,4}}'::int4[]}. */
    private static final byte[] INT4_2D_NULLS_LBOUNDS = hex(
            "00000002", // ndim 2
            "00000001", // flags: has NULLs
            "00000017", // element type 23 (int4)
            "00000002", // dimension 1: length 2
            "00000000", // dimension 1: lower bound 0
            "00000002", // dimension 2: length 2
            "ffffffff", // dimension 2: lower bound -1
            "00000004", "00000001", // [0][-1]: length 4, value 1
            "ffffffff", // [0][0]: NULL
            "ffffffff", // [1][-1]: NULL
            "00000004", "00000004"); // [1][0]: length 4, value 4

    /** {@code '{}'::int4[]}. */
    private static final byte[] INT4_EMPTY = hex(
            "00000000", // ndim 0: empty
            "00000000", // flags
            "00000017"); // element type int4

    /** {@code array['', 'NULL', null, 'a"b', 'c\d', '{x}', 'p,q', ' s ']::text[]}. */
    private static final byte[] TEXT_1D = hex(
            "00000001", // ndim 1
            "00000001", // flags: has NULLs
            "00000019", // element type 25 (text)
            "00000008", // length 8
            "00000001", // lower bound 1
            "00000000", // '' : length 0
            "00000004", "4e554c4c", // 'NULL': length 4, "NULL"
            "ffffffff", // NULL
            "00000003", "612262", // 'a"b'
            "00000003", "635c64", // 'c\d'
            "00000003", "7b787d", // '{x}'
            "00000003", "702c71", // 'p,q'
            "00000003", "207320"); // ' s '

    /** {@code '{{{1},{2}},{{3},{4}}}'::int8[]}. */
    private static final byte[] INT8_3D = hex(
            "00000003", // ndim 3
            "00000000", // flags: no NULLs
            "00000014", // element type 20 (int8)
            "00000002", "00000001", // dimension 1: length 2, lower bound 1
            "00000002", "00000001", // dimension 2: length 2, lower bound 1
            "00000001", "00000001", // dimension 3: length 1, lower bound 1
            "00000008", "0000000000000001", // 1
            "00000008", "0000000000000002", // 2
            "00000008", "0000000000000003", // 3
            "00000008", "0000000000000004"); // 4

    @Test
    void twoDimensionsWithNullsAndLowerBoundsDecodeToNaturalDepth() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.natural(Integer.class));
        assertThat(decode(decoder, INT4_2D_NULLS_LBOUNDS)).isEqualTo(new Integer[][] {{1, null}, {null, 4}});
    }

    @Test
    void twoDimensionsDecodeToRequestedListShape() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.list(Integer.class));
        assertThat(decode(decoder, INT4_2D_NULLS_LBOUNDS)).isEqualTo(List.of(Arrays.asList(1, null), Arrays.asList(null, 4)));
    }

    @Test
    void dimensionCountMismatchIsAnError() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.of(Integer[].class));
        assertThatThrownBy(() -> decode(decoder, INT4_2D_NULLS_LBOUNDS))
                .isInstanceOf(CodecException.class).hasMessageContaining("2 dimension(s)");
    }

    @Test
    void nullElementIntoPrimitiveArrayIsAnError() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.of(int[][].class));
        assertThatThrownBy(() -> decode(decoder, INT4_2D_NULLS_LBOUNDS))
                .isInstanceOf(CodecException.class).hasMessageContaining("NULL element");
    }

    @Test
    void emptyArrayDecodesToEmptyArrayOfRequestedDepth() {
        assertThat(decode(new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.natural(Integer.class)), INT4_EMPTY))
                .isEqualTo(new Integer[0]);
        assertThat(decode(new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.of(int[][].class)), INT4_EMPTY))
                .isEqualTo(new int[0][]);
        assertThat(decode(new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.list(Integer.class)), INT4_EMPTY))
                .isEqualTo(List.of());
    }

    @Test
    void textElementsKeepEmptyStringsQuotesAndTheStringNull() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("text[]", 25, TEXT, ArrayTarget.natural(String.class));
        assertThat(decode(decoder, TEXT_1D)).isEqualTo(new String[] {"", "NULL", null, "a\"b", "c\\d", "{x}", "p,q", " s "});
    }

    @Test
    void threeDimensionsDecodeToPrimitiveArray() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("int8[]", 20, INT8_BINARY, ArrayTarget.of(long[][][].class));
        assertThat(decode(decoder, INT8_3D)).isEqualTo(new long[][][] {{{1}, {2}}, {{3}, {4}}});
    }

    @Test
    void encodesObjectArraysAsArraySendDoesWithLowerBoundOne() {
        ArrayBinaryEncoder encoder = ArrayBinaryEncoder.of("text[]", String[].class, 1009, 25, TEXT_BINARY_ENCODER);
        byte[] expected = TEXT_1D.clone();
        assertThat(encoder.oid(new String[0])).isEqualTo(1009);
        assertThat(encoder.format()).isEqualTo(Format.BINARY);
        assertThat(encode(encoder, new String[] {"", "NULL", null, "a\"b", "c\\d", "{x}", "p,q", " s "})).isEqualTo(expected);
    }

    @Test
    void encodesPrimitiveArraysWithoutElementEncoder() {
        ArrayBinaryEncoder encoder = ArrayBinaryEncoder.forPrimitive(long[][][].class);
        assertThat(encoder.oid(null)).isEqualTo(1016);
        assertThat(encode(encoder, new long[][][] {{{1}, {2}}, {{3}, {4}}})).isEqualTo(INT8_3D);
    }

    @Test
    void encodesNullElementsAndSetsTheFlag() {
        ArrayBinaryEncoder encoder = ArrayBinaryEncoder.of("int4[]", Integer[][].class, 1007, 23, INT4_ENCODER);
        byte[] bytes = encode(encoder, new Integer[][] {{1, null}, {null, 4}});
        assertThat(bytes).isEqualTo(hex(
                "00000002", // ndim 2
                "00000001", // flags: has NULLs
                "00000017", // int4
                "00000002", "00000001", // dimension 1: length 2, lower bound 1
                "00000002", "00000001", // dimension 2: length 2, lower bound 1
                "00000004", "00000001", // 1
                "ffffffff", // NULL
                "ffffffff", // NULL
                "00000004", "00000004")); // 4
    }

    @Test
    void encodesEmptyJavaArraysAsTheEmptyArray() {
        assertThat(encode(ArrayBinaryEncoder.forPrimitive(int[][].class), new int[3][0])).isEqualTo(INT4_EMPTY);
        assertThat(encode(ArrayBinaryEncoder.of("int4[]", Integer[].class, 1007, 23, INT4_ENCODER), new Integer[0])).isEqualTo(INT4_EMPTY);
    }

    @Test
    void encodesEveryPrimitiveKind() {
        assertThat(encode(ArrayBinaryEncoder.forPrimitive(boolean[].class), new boolean[] {true, false}))
                .isEqualTo(hex("00000001", "00000000", "00000010", "00000002", "00000001", "00000001", "01", "00000001", "00"));
        assertThat(encode(ArrayBinaryEncoder.forPrimitive(short[].class), new short[] {-2}))
                .isEqualTo(hex("00000001", "00000000", "00000015", "00000001", "00000001", "00000002", "fffe"));
        assertThat(encode(ArrayBinaryEncoder.forPrimitive(float[].class), new float[] {1.5f}))
                .isEqualTo(hex("00000001", "00000000", "000002bc", "00000001", "00000001", "00000004", "3fc00000"));
        assertThat(encode(ArrayBinaryEncoder.forPrimitive(double[].class), new double[] {-0.5}))
                .isEqualTo(hex("00000001", "00000000", "000002bd", "00000001", "00000001", "00000008", "bfe0000000000000"));
    }

    @Test
    void raggedOrNullSubArraysAreRejectedAndLeaveTheBufferAlone() {
        ArrayBinaryEncoder encoder = ArrayBinaryEncoder.forPrimitive(int[][].class);
        assertThatThrownBy(() -> encode(encoder, new int[][] {{1, 2}, {3}}))
                .isInstanceOf(CodecException.class).hasMessageContaining("rectangular");
        assertThatThrownBy(() -> encode(encoder, new int[][] {{1, 2}, null}))
                .isInstanceOf(CodecException.class).hasMessageContaining("null");
    }

    @Test
    void malformedHeadersAreCodecExceptions() {
        ArrayBinaryDecoder decoder = new ArrayBinaryDecoder("int4[]", 23, INT4_BINARY, ArrayTarget.natural(Integer.class));
        // truncated header
        assertThatThrownBy(() -> decode(decoder, hex("00000001", "0000"))).isInstanceOf(CodecException.class);
        // 7 dimensions
        assertThatThrownBy(() -> decode(decoder, hex("00000007", "00000000", "00000017"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("dimensions");
        // element type text where int4 is expected
        assertThatThrownBy(() -> decode(decoder, hex("00000001", "00000000", "00000019", "00000001", "00000001", "00000000")))
                .isInstanceOf(CodecException.class).hasMessageContaining("element type");
        // 2^31-1 elements announced in 20 bytes
        assertThatThrownBy(() -> decode(decoder, hex("00000001", "00000000", "00000017", "7fffffff", "00000001", "00000000")))
                .isInstanceOf(CodecException.class).hasMessageContaining("cannot fit");
        // element length beyond the value
        assertThatThrownBy(() -> decode(decoder, hex("00000001", "00000000", "00000017", "00000001", "00000001", "00000010", "00")))
                .isInstanceOf(CodecException.class).hasMessageContaining("exceeds");
        // trailing byte
        assertThatThrownBy(() -> decode(decoder, hex("00000001", "00000000", "00000017", "00000001", "00000001", "00000004", "00000001", "00")))
                .isInstanceOf(CodecException.class).hasMessageContaining("trailing");
        // negative dimension
        assertThatThrownBy(() -> decode(decoder, hex("00000001", "00000000", "00000017", "ffffffff", "00000001")))
                .isInstanceOf(CodecException.class).hasMessageContaining("negative");
        // flags 2
        assertThatThrownBy(() -> decode(decoder, hex("00000000", "00000002", "00000017"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("flags");
    }
}
