package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden bytes and literals from PostgreSQL 15's range_send/range_out and multirange_send/_out. */
class RangeCodecTest {

    /** {@code CREATE TYPE textrange AS RANGE (subtype = text)}, as discovered in a database. */
    static final PgType TEXTRANGE = PgType.builder(16400, "textrange").kind(PgType.Kind.RANGE).category('R')
            .rangeSubtypeOid(Oid.TEXT).build();

    private static final CodecRegistry REGISTRY = TestScalarCodec.REGISTRY.withTypes(List.of(TEXTRANGE));

    private static Decoder<?> decoder(int oid, Format format) {
        return REGISTRY.decoder(oid, format);
    }

    @Test
    void registryDeclaresRangeAndMultirangeTypes() {
        assertThat(REGISTRY.javaType(Oid.INT4RANGE)).isEqualTo(Range.class);
        assertThat(REGISTRY.javaType(Oid.INT8MULTIRANGE)).isEqualTo(Multirange.class);
        assertThat(REGISTRY.binaryDecodable(Oid.INT4RANGE)).isTrue();
        // the test registry has no binary timestamp codec, so tsrange is read as text
        assertThat(REGISTRY.binaryDecodable(Oid.TSRANGE)).isFalse();
    }

    @Test
    void binaryInt4RangeClosedOpen() {
        byte[] bytes = hex(
                "02", // flags: lower inclusive
                "00000004", "00000001", // lower: length 4, 1
                "00000004", "00000005"); // upper: length 4, 5
        assertThat(decode(decoder(Oid.INT4RANGE, Format.BINARY), bytes)).isEqualTo(Range.closedOpen(1, 5));
        assertThat(decode(REGISTRY.decoder(Oid.INT4RANGE, Format.BINARY, String.class), bytes)).isEqualTo("[1,5)");
    }

    @Test
    void binaryEmptyAndUnboundedRanges() {
        assertThat(decode(decoder(Oid.INT4RANGE, Format.BINARY), hex("01"))).isEqualTo(Range.empty()); // flags: empty
        assertThat(decode(decoder(Oid.INT4RANGE, Format.BINARY), hex("18"))).isEqualTo(Range.unbounded()); // flags: both unbounded
        assertThat(decode(REGISTRY.decoder(Oid.INT4RANGE, Format.BINARY, String.class), hex("18"))).isEqualTo("(,)");
        assertThat(decode(REGISTRY.decoder(Oid.INT4RANGE, Format.BINARY, String.class), hex("01"))).isEqualTo("empty");
    }

    @Test
    void binaryInt8RangeWithInclusiveUpperAsSentByTheServer() {
        byte[] bytes = hex(
                "02", // flags: lower inclusive (the server canonicalized [-1,10] to [-1,11))
                "00000008", "ffffffffffffffff", // lower: -1
                "00000008", "000000000000000b"); // upper: 11
        assertThat(decode(decoder(Oid.INT8RANGE, Format.BINARY), bytes)).isEqualTo(Range.closedOpen(-1L, 11L));
        assertThat(decode(decoder(Oid.INT8RANGE, Format.BINARY), hex(
                "16", // flags: lower inclusive, upper inclusive, upper unbounded (inclusive ignored)
                "00000008", "0000000000000003"))) // lower: 3
                .isEqualTo(Range.atLeast(3L));
    }

    @Test
    void binaryMultirange() {
        byte[] bytes = hex(
                "00000002", // two ranges
                "00000019", // range 1: 25 bytes
                "02", "00000008", "0000000000000001", "00000008", "0000000000000003", // [1,3)
                "00000019", // range 2: 25 bytes
                "02", "00000008", "0000000000000007", "00000008", "0000000000000009"); // [7,9)
        assertThat(decode(decoder(Oid.INT8MULTIRANGE, Format.BINARY), bytes))
                .isEqualTo(Multirange.of(Range.closedOpen(1L, 3L), Range.closedOpen(7L, 9L)));
        assertThat(decode(REGISTRY.decoder(Oid.INT8MULTIRANGE, Format.BINARY, String.class), bytes)).isEqualTo("{[1,3),[7,9)}");
        assertThat(decode(decoder(Oid.INT8MULTIRANGE, Format.BINARY), hex("00000000"))).isEqualTo(Multirange.empty()); // no ranges
    }

    @Test
    void textRanges() {
        assertThat(decodeText(decoder(Oid.INT4RANGE, Format.TEXT), "[1,5)")).isEqualTo(Range.closedOpen(1, 5));
        assertThat(decodeText(decoder(Oid.INT4RANGE, Format.TEXT), "empty")).isEqualTo(Range.empty());
        assertThat(decodeText(decoder(Oid.INT4RANGE, Format.TEXT), " EMPTY ")).isEqualTo(Range.empty());
        assertThat(decodeText(decoder(Oid.INT4RANGE, Format.TEXT), "(,)")).isEqualTo(Range.unbounded());
        assertThat(decodeText(decoder(Oid.INT4RANGE, Format.TEXT), "(,5]")).isEqualTo(Range.of(null, false, 5, true));
        assertThat(decodeText(decoder(Oid.INT4RANGE, Format.TEXT), "[\"1\",\"2\")")).isEqualTo(Range.closedOpen(1, 2));
    }

    @Test
    void infinityIsABoundValueNotUnbounded() {
        assertThat(decodeText(decoder(Oid.TSRANGE, Format.TEXT), "[\"2020-01-01 10:00:00\",infinity)"))
                .isEqualTo(Range.closedOpen("2020-01-01 10:00:00", "infinity"));
        assertThat(decodeText(decoder(Oid.DATERANGE, Format.TEXT), "[-infinity,)")).isEqualTo(Range.atLeast("-infinity"));
    }

    @Test
    void textBoundQuotingAsRangeOutWritesIt() {
        Decoder<?> text = decoder(TEXTRANGE.oid(), Format.TEXT);
        assertThat(decodeText(text, "[\"\",\"a b\")")).isEqualTo(Range.closedOpen("", "a b"));
        assertThat(decodeText(text, "[\"\"\"\",\",\")")).isEqualTo(Range.closedOpen("\"", ","));
        assertThat(decodeText(text, "[x,)")).isEqualTo(Range.atLeast("x"));
        assertThat(decodeText(text, "[\"(a\",\"z]\")")).isEqualTo(Range.closedOpen("(a", "z]"));
        assertThat(decodeText(text, "[\\\\,a\\,b)")).isEqualTo(Range.closedOpen("\\", "a,b"));
    }

    @Test
    void encodesRangesAsTextLiteralsWithOidZero() {
        Encoder<Range> encoder = REGISTRY.encoder(Range.class);
        assertThat(encoder.format()).isEqualTo(Format.TEXT);
        assertThat(encoder.oid(Range.empty())).isZero();
        assertThat(encodeText(encoder, Range.closedOpen(1, 5))).isEqualTo("[1,5)");
        assertThat(encodeText(encoder, Range.of(null, true, 5L, true))).isEqualTo("(,5]");
        assertThat(encodeText(encoder, Range.empty())).isEqualTo("empty");
        assertThat(encodeText(encoder, Range.closedOpen("", "a b"))).isEqualTo("[\"\",\"a b\")");
        assertThat(encodeText(encoder, Range.closedOpen("\"", ","))).isEqualTo("[\"\"\"\",\",\")");
        assertThat(encodeText(encoder, Range.closedOpen("(a", "z]"))).isEqualTo("[\"(a\",\"z]\")");
        assertThat(encodeText(encoder, Range.closed("\\", "x"))).isEqualTo("[\"\\\\\",x]");
    }

    @Test
    void encodesMultirangesAndTypedRanges() {
        Encoder<Multirange> encoder = REGISTRY.encoder(Multirange.class);
        assertThat(encodeText(encoder, Multirange.of(Range.closedOpen(1L, 3L), Range.closedOpen(7L, 9L)))).isEqualTo("{[1,3),[7,9)}");
        assertThat(encodeText(encoder, Multirange.empty())).isEqualTo("{}");
        Encoder<Range> typed = REGISTRY.encoder(Oid.INT8RANGE, Range.class);
        assertThat(typed.oid(Range.empty())).isEqualTo(Oid.INT8RANGE);
        assertThat(encodeText(typed, Range.closedOpen(1, 2))).isEqualTo("[1,2)");
    }

    @Test
    void textMultiranges() {
        Decoder<?> d = decoder(Oid.INT4MULTIRANGE, Format.TEXT);
        assertThat(decodeText(d, "{[1,3),[5,7)}")).isEqualTo(Multirange.of(Range.closedOpen(1, 3), Range.closedOpen(5, 7)));
        assertThat(decodeText(d, "{}")).isEqualTo(Multirange.empty());
        assertThat(decodeText(d, " { [1,2) , empty } ")).isEqualTo(Multirange.of(Range.closedOpen(1, 2)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[", "[1,5", "1,5)", "[1;5)", "[1,2,3)", "emptyx", "[\"1,5)", "[1,5)x", "[1\\", "()", "[1)"})
    void malformedTextRangesAreCodecExceptions(String literal) {
        assertThatThrownBy(() -> decodeText(decoder(Oid.INT4RANGE, Format.TEXT), literal)).isInstanceOf(CodecException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "{[1,2)", "{[1,2),}", "{,[1,2)}", "{[1,2) [3,4)}", "[1,2)", "{[1,2)}}", "{[1,2}"})
    void malformedTextMultirangesAreCodecExceptions(String literal) {
        assertThatThrownBy(() -> decodeText(decoder(Oid.INT4MULTIRANGE, Format.TEXT), literal)).isInstanceOf(CodecException.class);
    }

    @Test
    void malformedBinaryRangesAreCodecExceptions() {
        Decoder<?> d = decoder(Oid.INT4RANGE, Format.BINARY);
        assertThatThrownBy(() -> decode(d, hex(""))).isInstanceOf(CodecException.class); // no flags byte
        assertThatThrownBy(() -> decode(d, hex("02", "00000004", "00000001"))).isInstanceOf(CodecException.class); // upper missing
        assertThatThrownBy(() -> decode(d, hex("02", "ffffffff", "00000004", "00000005"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("NULL"); // NULL lower bound
        assertThatThrownBy(() -> decode(d, hex("01", "00"))).isInstanceOf(CodecException.class).hasMessageContaining("trailing");
        assertThatThrownBy(() -> decode(d, hex("12", "00000008", "0000000000000001"))).isInstanceOf(CodecException.class); // int4 of 8 bytes
        Decoder<?> m = decoder(Oid.INT4MULTIRANGE, Format.BINARY);
        assertThatThrownBy(() -> decode(m, hex("7fffffff"))).isInstanceOf(CodecException.class).hasMessageContaining("count");
        assertThatThrownBy(() -> decode(m, hex("00000001", "00000002", "01"))).isInstanceOf(CodecException.class);
    }
}
