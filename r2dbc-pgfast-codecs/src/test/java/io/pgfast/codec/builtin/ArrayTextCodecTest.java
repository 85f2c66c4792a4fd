package io.pgfast.codec.builtin;

import static io.pgfast.codec.builtin.TypesTestSupport.INT4_TEXT;
import static io.pgfast.codec.builtin.TypesTestSupport.TEXT;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeText;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden literals are PostgreSQL 15's array_out output. */
class ArrayTextCodecTest {

    /** A String encoder in text format with OID 0, as String parameters are bound. */
    static final Encoder<String> STRING_TEXT = new Encoder<>() {
        @Override
        public int oid(String value) {
            return 0;
        }

        @Override
        public Format format() {
            return Format.TEXT;
        }

        @Override
        public void encode(String value, ByteBuf out) {
            out.writeCharSequence(value, StandardCharsets.UTF_8);
        }
    };

    private static ArrayTextDecoder texts() {
        return new ArrayTextDecoder("text[]", TEXT, ',', ArrayTarget.natural(String.class));
    }

    private static ArrayTextDecoder ints(ArrayTarget target) {
        return new ArrayTextDecoder("int4[]", INT4_TEXT, ',', target);
    }

    @Test
    void quotingEdgeCasesAsArrayOutWritesThem() {
        String[] expected = {"", "NULL", null, "a\"b", "c\\d", "{x}", "p,q", " s "};
        String golden = "{\"\",\"NULL\",NULL,\"a\\\"b\",\"c\\\\d\",\"{x}\",\"p,q\",\" s \"}";
        assertThat(decodeText(texts(), golden)).isEqualTo(expected);
        ArrayTextEncoder encoder = new ArrayTextEncoder("text[]", String[].class, 0, STRING_TEXT, ',');
        assertThat(encoder.oid(expected)).isZero();
        assertThat(encoder.format()).isEqualTo(Format.TEXT);
        assertThat(encodeText(encoder, expected)).isEqualTo(golden);
    }

    @Test
    void lowerBoundDecorationIsReadAndDropped() {
        assertThat(decodeText(ints(ArrayTarget.natural(Integer.class)), "[0:1][-1:0]={{1,NULL},{NULL,4}}"))
                .isEqualTo(new Integer[][] {{1, null}, {null, 4}});
        assertThat(decodeText(ints(ArrayTarget.of(int[].class)), "[2:3]={1,2}")).isEqualTo(new int[] {1, 2});
        assertThat(decodeText(ints(ArrayTarget.of(int[].class)), "[2]={1,2}".replace("[2]", "[1:2]"))).isEqualTo(new int[] {1, 2});
    }

    @Test
    void decorationThatDoesNotMatchTheContentsIsAnError() {
        assertThatThrownBy(() -> decodeText(ints(ArrayTarget.natural(Integer.class)), "[1:3]={1,2}"))
                .isInstanceOf(CodecException.class).hasMessageContaining("decoration");
        assertThatThrownBy(() -> decodeText(ints(ArrayTarget.natural(Integer.class)), "[1:0]={}"))
                .isInstanceOf(CodecException.class);
    }

    @Test
    void whitespaceAroundElementsIsIgnoredButNotInsideQuotes() {
        assertThat(decodeText(texts(), " { \"a\" , b c ,\" d \"} ")).isEqualTo(new String[] {"a", "b c", " d "});
    }

    @Test
    void nullIsCaseInsensitiveOnlyWhenUnquoted() {
        assertThat(decodeText(texts(), "{NuLl,\"null\",nulls}")).isEqualTo(new String[] {null, "null", "nulls"});
    }

    @Test
    void backslashesEscapeOutsideQuotesToo() {
        assertThat(decodeText(texts(), "{a\\,b,\\\"}")).isEqualTo(new String[] {"a,b", "\""});
    }

    @Test
    void nonAsciiElements() {
        assertThat(decodeText(texts(), "{\"€ x\",ü}")).isEqualTo(new String[] {"€ x", "ü"});
    }

    @Test
    void emptyArray() {
        assertThat(decodeText(texts(), "{}")).isEqualTo(new String[0]);
        assertThat(decodeText(ints(ArrayTarget.list(Integer.class)), "{}")).isEqualTo(List.of());
        assertThat(encodeText(new ArrayTextEncoder("text[]", String[][].class, 0, STRING_TEXT, ','), new String[0][0])).isEqualTo("{}");
    }

    @Test
    void multiDimensionalToLists() {
        assertThat(decodeText(ints(ArrayTarget.list(Integer.class)), "{{1,NULL},{3,4}}"))
                .isEqualTo(List.of(Arrays.asList(1, null), List.of(3, 4)));
    }

    @Test
    void boxArraysUseTheSemicolonDelimiter() {
        ArrayTextDecoder boxes = new ArrayTextDecoder("box[]", TEXT, ';', ArrayTarget.natural(String.class));
        assertThat(decodeText(boxes, "{(3,4),(1,2);(5,5),(0,0)}")).isEqualTo(new String[] {"(3,4),(1,2)", "(5,5),(0,0)"});
        ArrayTextEncoder encoder = new ArrayTextEncoder("box[]", String[].class, 0, STRING_TEXT, ';');
        assertThat(encodeText(encoder, new String[] {"(3,4),(1,2)", "a;b"})).isEqualTo("{(3,4),(1,2);\"a;b\"}");
    }

    @Test
    void primitiveArraysRenderWithoutQuotes() {
        assertThat(encodeText(new ArrayTextEncoder("int4[]", int[][].class, 1007, null, ','), new int[][] {{1, -2}, {3, 4}}))
                .isEqualTo("{{1,-2},{3,4}}");
        assertThat(encodeText(new ArrayTextEncoder("bool[]", boolean[].class, 1000, null, ','), new boolean[] {true, false}))
                .isEqualTo("{t,f}");
        assertThat(encodeText(new ArrayTextEncoder("float8[]", double[].class, 1022, null, ','),
                new double[] {1.5, Double.NaN, Double.NEGATIVE_INFINITY})).isEqualTo("{1.5,NaN,-Infinity}");
    }

    @Test
    void elementDecoderErrorsPropagate() {
        assertThatThrownBy(() -> decodeText(ints(ArrayTarget.natural(Integer.class)), "{1,x}")).isInstanceOf(CodecException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "{", "}", "{1", "{1,}", "{,1}", "{1,,2}", "{{1},2}", "{1,{2}}", "{{1,2},{3}}", "{{}}",
        "{{},{}}", "{\"a}", "{a\\", "{1} x", "1", "[1:2]{1,2}", "[1:2=", "[:2]={1,2}", "[x]={1}", "[9999999999]={1}",
        "[1:1][1:1][1:1][1:1][1:1][1:1][1:1]={{{{{{{1}}}}}}}", "{{{{{{{1}}}}}}}", "{a\"b\"}", "{\"a\"b}", "{\"a\" \"b\"}", "{a{b}", "{{1}{2}}"})
    void malformedLiteralsAreCodecExceptions(String literal) {
        assertThatThrownBy(() -> decodeText(ints(ArrayTarget.natural(Integer.class)), literal.replace("a", "1").replace("b", "2")))
                .isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decodeText(texts(), literal)).isInstanceOf(CodecException.class);
    }
}
