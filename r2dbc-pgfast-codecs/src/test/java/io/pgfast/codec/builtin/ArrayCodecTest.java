package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.DiscoveredTypes.POSITIVE;
import static io.pgfast.codec.builtin.DiscoveredTypes.POSITIVE_ARRAY;
import static io.pgfast.codec.builtin.DiscoveredTypes.REGISTRY;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeWith;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static io.pgfast.codec.builtin.TypesTestSupport.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Range;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The array codec through the registry, with the real element codecs; golden bytes from PostgreSQL 15's array_send. */
class ArrayCodecTest {

    /** {@code '{{1,2},{3,4}}'::int4[]}. */
    private static final byte[] INT4_2X2 = hex(
            "00000002", // 2 dimensions
            "00000000", // no NULLs
            "00000017", // int4
            "00000002", "00000001", // dimension 1: 2 from 1
            "00000002", "00000001", // dimension 2: 2 from 1
            "00000004", "00000001", "00000004", "00000002", // 1, 2
            "00000004", "00000003", "00000004", "00000004"); // 3, 4

    /** {@code '[0:1][-1:0]={{1,NULL},{NULL,4}}'::int4[]}. */
    private static final byte[] INT4_LBOUNDS = hex(
            "00000002", "00000001", "00000017", // 2 dimensions, NULLs, int4
            "00000002", "00000000", // dimension 1: 2 from 0
            "00000002", "ffffffff", // dimension 2: 2 from -1
            "00000004", "00000001", "ffffffff", // 1, NULL
            "ffffffff", "00000004", "00000004"); // NULL, 4

    @Test
    void declaredJavaTypeIsObjectArrayBecauseDimensionsVaryPerValue() {
        assertThat(REGISTRY.javaType(Oid.INT4_ARRAY)).isEqualTo(Object[].class);
        assertThat(REGISTRY.binaryDecodable(Oid.INT4_ARRAY)).isTrue();
        assertThat(REGISTRY.binaryDecodable(Oid.INT2VECTOR)).isFalse();
    }

    @Test
    void decodesToEveryRequestedShape() {
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY), INT4_2X2)).isEqualTo(new Integer[][] {{1, 2}, {3, 4}});
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, Object[].class), INT4_2X2)).isEqualTo(new Integer[][] {{1, 2}, {3, 4}});
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, int[][].class), INT4_2X2)).isEqualTo(new int[][] {{1, 2}, {3, 4}});
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, Long[][].class), INT4_2X2)).isEqualTo(new Long[][] {{1L, 2L}, {3L, 4L}});
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, List.class), INT4_2X2)).isEqualTo(List.of(List.of(1, 2), List.of(3, 4)));
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, Collection.class), INT4_2X2)).isEqualTo(List.of(List.of(1, 2), List.of(3, 4)));
        assertThat(decodeText(REGISTRY.decoder(Oid.INT4_ARRAY, Format.TEXT, long[][].class), "{{1,2},{3,4}}")).isEqualTo(new long[][] {{1, 2}, {3, 4}});
        assertThatThrownBy(() -> REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, UUID[].class)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void binaryRendersAsArrayOutWithItsBoundsDecoration() {
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, String.class), INT4_LBOUNDS)).isEqualTo("[0:1][-1:0]={{1,NULL},{NULL,4}}");
        assertThat(decode(REGISTRY.decoder(Oid.INT4_ARRAY, Format.BINARY, String.class), INT4_2X2)).isEqualTo("{{1,2},{3,4}}");
        assertThat(decode(REGISTRY.decoder(Oid.TEXT_ARRAY, Format.BINARY, String.class), hex(
                "00000001", "00000001", "00000019", "00000002", "00000001", // 1 dimension, NULLs, text, 2 from 1
                "00000000", // ''
                "ffffffff"))) // NULL
                .isEqualTo("{\"\",NULL}");
    }

    @Test
    void elementTypesOfEveryKind() {
        assertThat(decode(REGISTRY.decoder(Oid.DATE_ARRAY, Format.BINARY), hex(
                "00000001", "00000000", "0000043a", "00000001", "00000001", // 1 dimension, no NULLs, date, 1 from 1
                "00000004", "00001c89"))) // 2020-01-01
                .isEqualTo(new LocalDate[] {LocalDate.of(2020, 1, 1)});
        assertThat(decodeText(REGISTRY.decoder(Oid.UUID_ARRAY, Format.TEXT), "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}"))
                .isEqualTo(new UUID[] {UUID.fromString("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")});
        assertThat(decode(REGISTRY.decoder(Oid.BYTEA_ARRAY, Format.BINARY, byte[][].class), hex(
                "00000001", "00000001", "00000011", "00000002", "00000001", // 1 dimension, NULLs, bytea, 2 from 1
                "00000002", "0102", // \x0102
                "ffffffff"))) // NULL
                .isEqualTo(new byte[][] {{1, 2}, null});
        assertThat(decodeText(REGISTRY.decoder(Oid.INT4RANGE_ARRAY, Format.TEXT), "{\"[1,2)\",\"[3,4)\"}"))
                .isEqualTo(new Range<?>[] {Range.closedOpen(1, 2), Range.closedOpen(3, 4)});
        assertThat(decode(REGISTRY.decoder(Oid.INT4RANGE_ARRAY, Format.BINARY, String.class), hex(
                "00000001", "00000000", "00000f40", "00000002", "00000001", // 1 dimension, no NULLs, int4range (3904), 2 from 1
                "00000011", "02", "00000004", "00000001", "00000004", "00000002", // [1,2)
                "00000011", "02", "00000004", "00000003", "00000004", "00000004"))) // [3,4)
                .isEqualTo("{\"[1,2)\",\"[3,4)\"}");
    }

    @Test
    void domainArraysDecodeAsTheirBaseType() {
        byte[] golden = hex(
                "00000001", "00000000", "00004099", // 1 dimension, no NULLs, element type positive (16537)
                "00000002", "00000001", // 2 from 1
                "00000004", "00000001", "00000004", "00000002"); // 1, 2
        assertThat(REGISTRY.javaType(POSITIVE.oid())).isEqualTo(Integer.class);
        assertThat(decode(REGISTRY.decoder(POSITIVE_ARRAY.oid(), Format.BINARY), golden)).isEqualTo(new Integer[] {1, 2});
        assertThat(decodeText(REGISTRY.decoder(POSITIVE_ARRAY.oid(), Format.TEXT), "{1,2}")).isEqualTo(new Integer[] {1, 2});
    }

    @Test
    void encodesByTheElementClass() {
        assertThat(encodeWith(REGISTRY, new Integer[][] {{1, 2}, {3, 4}})).isEqualTo(INT4_2X2);
        assertThat(REGISTRY.encoder(Integer[][].class).oid(null)).isEqualTo(Oid.INT4_ARRAY);
        assertThat(encodeWith(REGISTRY, new int[][] {{1, 2}, {3, 4}})).isEqualTo(INT4_2X2);
        assertThat(encodeWith(REGISTRY, new Long[] {1L, 2L})).isEqualTo(hex(
                "00000001", "00000000", "00000014", "00000002", "00000001", // 1 dimension, no NULLs, int8, 2 from 1
                "00000008", "0000000000000001", "00000008", "0000000000000002")); // 1, 2
        assertThat(encodeWith(REGISTRY, new Double[] {1.5, null})).isEqualTo(hex(
                "00000001", "00000001", "000002bd", "00000002", "00000001", // 1 dimension, NULLs, float8, 2 from 1
                "00000008", "3ff8000000000000", "ffffffff")); // 1.5, NULL
        assertThat(encodeWith(REGISTRY, new LocalDate[] {LocalDate.of(2020, 1, 1)})).isEqualTo(hex(
                "00000001", "00000000", "0000043a", "00000001", "00000001", "00000004", "00001c89")); // {2020-01-01}
        assertThat(encodeWith(REGISTRY, new byte[][] {{1, 2}, null})).isEqualTo(hex(
                "00000001", "00000001", "00000011", "00000002", "00000001", "00000002", "0102", "ffffffff")); // {\x0102,NULL}
    }

    @Test
    void stringArraysAreTextLiteralsWithOidZero() {
        Encoder<String[]> encoder = REGISTRY.encoder(String[].class);
        assertThat(encoder.oid(null)).isZero();
        assertThat(encoder.format()).isEqualTo(Format.TEXT);
        assertThat(encode(encoder, new String[] {"a", null, "b c"})).isEqualTo(utf8("{a,NULL,\"b c\"}"));
        Encoder<String[]> typed = REGISTRY.encoder(Oid.TEXT_ARRAY, String[].class);
        assertThat(typed.oid(null)).isEqualTo(Oid.TEXT_ARRAY);
        assertThat(encode(typed, new String[] {"a", null})).isEqualTo(utf8("{a,NULL}"));
    }

    @Test
    void typedParametersConvertElements() {
        Encoder<int[]> asInt8 = REGISTRY.encoder(Oid.INT8_ARRAY, int[].class);
        assertThat(asInt8.oid(null)).isEqualTo(Oid.INT8_ARRAY);
        assertThat(encode(asInt8, new int[] {1, 2})).isEqualTo(hex(
                "00000001", "00000000", "00000014", "00000002", "00000001", // 1 dimension, no NULLs, int8, 2 from 1
                "00000008", "0000000000000001", "00000008", "0000000000000002")); // 1, 2
        assertThat(REGISTRY.encoder(Oid.INT4_ARRAY, int[].class)).isInstanceOf(ArrayBinaryEncoder.class);
        assertThatThrownBy(() -> REGISTRY.encoder(Oid.INT4_ARRAY, UUID[].class)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void classesThatAreNotArraysOfEncodableElementsAreNotClaimed() {
        assertThatThrownBy(() -> REGISTRY.encoder(Object[].class)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> REGISTRY.encoder(char[].class)).isInstanceOf(IllegalArgumentException.class);
        assertThat(REGISTRY.encoder(byte[].class)).isNotInstanceOf(ArrayBinaryEncoder.class);
        assertThat(Arrays.asList(REGISTRY.encoder(Integer[][][][][][].class).oid(null))).containsExactly(Oid.INT4_ARRAY);
        assertThatThrownBy(() -> REGISTRY.encoder(Integer[][][][][][][].class)).isInstanceOf(IllegalArgumentException.class);
    }
}
