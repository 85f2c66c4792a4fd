package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.testing.Buffers;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.BigRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AsciiNumbersTest {

    private static <T> T parse(Buffers kind, String text, Function<ByteBuf, T> parser) {
        ByteBuf buf = kind.withPrefix(text.getBytes(StandardCharsets.UTF_8));
        try {
            return parser.apply(buf);
        } finally {
            buf.release();
        }
    }

    private static int parseInt(Buffers kind, String text) {
        return parse(kind, text, b -> AsciiNumbers.parseInt(b, Buffers.PREFIX.length, text.getBytes(StandardCharsets.UTF_8).length, "int4"));
    }

    private static long parseLong(Buffers kind, String text) {
        return parse(kind, text, b -> AsciiNumbers.parseLong(b, Buffers.PREFIX.length, text.getBytes(StandardCharsets.UTF_8).length, "int8"));
    }

    private static short parseShort(Buffers kind, String text) {
        return parse(kind, text, b -> AsciiNumbers.parseShort(b, Buffers.PREFIX.length, text.length(), "int2"));
    }

    private static BigDecimal parseBigDecimal(Buffers kind, String text) {
        return parse(kind, text, b -> AsciiNumbers.parseBigDecimal(b, Buffers.PREFIX.length, text.length(), "numeric"));
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void parsesIntegersUpToTheirLimits(Buffers kind) {
        assertThat(parseInt(kind, "0")).isZero();
        assertThat(parseInt(kind, "-1")).isEqualTo(-1);
        assertThat(parseInt(kind, "+42")).isEqualTo(42);
        assertThat(parseInt(kind, "2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(parseInt(kind, "-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThat(parseLong(kind, "9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(parseLong(kind, "-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
        assertThat(parseLong(kind, "-0")).isZero();
        assertThat(parseShort(kind, "32767")).isEqualTo(Short.MAX_VALUE);
        assertThat(parseShort(kind, "-32768")).isEqualTo(Short.MIN_VALUE);
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void rejectsOverflowNamingTheType(Buffers kind) {
        assertThatThrownBy(() -> parseInt(kind, "2147483648")).isInstanceOf(CodecException.class)
                .hasMessage("int4 value '2147483648' is out of range for java.lang.Integer");
        assertThatThrownBy(() -> parseInt(kind, "-2147483649")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> parseInt(kind, "9999999999")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> parseLong(kind, "9223372036854775808")).isInstanceOf(CodecException.class)
                .hasMessage("int8 value '9223372036854775808' is out of range for java.lang.Long");
        assertThatThrownBy(() -> parseLong(kind, "-9223372036854775809")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> parseLong(kind, "99999999999999999999")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> parseShort(kind, "32768")).isInstanceOf(CodecException.class)
                .hasMessageContaining("int2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "+", "1 ", " 1", "1a", "0x10", "1.0", "١٢", "--1", "1-", "1e3", "00000000000000000000001"})
    void rejectsEveryNonDigit(String text) {
        for (Buffers kind : Buffers.values()) {
            assertThatThrownBy(() -> parseInt(kind, text)).isInstanceOf(CodecException.class)
                    .hasMessageStartingWith("invalid int4 text value");
            assertThatThrownBy(() -> parseLong(kind, text)).isInstanceOf(CodecException.class)
                    .hasMessageStartingWith("invalid int8 text value");
        }
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void parsesNumericsKeepingTheirScale(Buffers kind) {
        assertThat(parseBigDecimal(kind, "0")).isEqualByComparingTo("0").hasScaleOf(0);
        assertThat(parseBigDecimal(kind, "-12.340")).isEqualTo(new BigDecimal("-12.340"));
        assertThat(parseBigDecimal(kind, "0.000001")).isEqualTo(new BigDecimal("0.000001"));
        assertThat(parseBigDecimal(kind, "123456789012345678")).isEqualTo(new BigDecimal("123456789012345678"));
        // 19 digits and more go through BigDecimal's own parser
        assertThat(parseBigDecimal(kind, "1234567890123456789")).isEqualTo(new BigDecimal("1234567890123456789"));
        String big = "-98765432109876543210987654321.012345678901234567890";
        assertThat(parseBigDecimal(kind, big)).isEqualTo(new BigDecimal(big));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "-Infinity"})
    void numericSpecialsHaveNoBigDecimal(String text) {
        assertThatThrownBy(() -> parseBigDecimal(Buffers.HEAP, text)).isInstanceOf(CodecException.class)
                .hasMessage("numeric value '" + text + "' cannot be represented as java.math.BigDecimal; read it as Double");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", ".", "1..2", "1.2.3", "1e5", "12a", " 1", "+-1", "1,5",
            "1234567890123456789012345.x"})
    void rejectsMalformedNumerics(String text) {
        assertThatThrownBy(() -> parseBigDecimal(Buffers.DIRECT, text)).isInstanceOf(CodecException.class)
                .hasMessageStartingWith("invalid numeric text value");
    }

    @ParameterizedTest
    @EnumSource(Buffers.class)
    void errorMessagesQuoteAtMost40Bytes(Buffers kind) {
        String text = "12345678901234567890123456789012345678901234567890x";
        assertThatThrownBy(() -> parseBigDecimal(kind, text)).isInstanceOf(CodecException.class)
                .hasMessage("invalid numeric text value '1234567890123456789012345678901234567890...' (51 bytes)");
    }

    @Property(tries = 300)
    void intRoundTrip(@ForAll int value) {
        assertThat(parseInt(Buffers.HEAP_SLICED_AT_OFFSET, Integer.toString(value))).isEqualTo(value);
        assertThat(parseInt(Buffers.DIRECT, Integer.toString(value))).isEqualTo(value);
    }

    @Property(tries = 300)
    void longRoundTrip(@ForAll long value) {
        assertThat(parseLong(Buffers.COMPOSITE_TWO_PARTS, Long.toString(value))).isEqualTo(value);
    }

    @Property(tries = 300)
    void shortRoundTrip(@ForAll short value) {
        assertThat(parseShort(Buffers.DIRECT_SLICED, Short.toString(value))).isEqualTo(value);
    }

    @Property(tries = 300)
    void numericRoundTrip(@ForAll @BigRange(min = "-1e40", max = "1e40") BigDecimal value) {
        String text = value.toPlainString();
        assertThat(parseBigDecimal(Buffers.HEAP, text)).isEqualTo(new BigDecimal(text));
    }
}
