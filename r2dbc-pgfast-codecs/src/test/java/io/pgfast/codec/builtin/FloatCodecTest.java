package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.oid.Oid;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.encodeAs;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FloatCodecTest {

    @Test
    void decodesGoldenBytes() {
        assertThat(binary(Oid.FLOAT8, hex("3ff8000000000000"))).isEqualTo(1.5);                    // float8send(1.5)
        assertThat(binary(Oid.FLOAT4, hex("3fc00000"))).isEqualTo(1.5f);                            // float4send(1.5)
        assertThat((Double) binary(Oid.FLOAT8, hex("7ff8000000000000"))).isNaN();                   // float8send('NaN')
        assertThat(binary(Oid.FLOAT8, hex("fff0000000000000"))).isEqualTo(Double.NEGATIVE_INFINITY); // float8send('-Infinity')
        assertThat(binary(Oid.FLOAT4, Double.class, hex("3fc00000"))).isEqualTo(1.5);
    }

    @Test
    void decodesTextIncludingSpecials() {
        assertThat(text(Oid.FLOAT8, "1e+30")).isEqualTo(1e30);
        assertThat(text(Oid.FLOAT8, "-0")).isEqualTo(-0.0);
        assertThat((Double) text(Oid.FLOAT8, "NaN")).isNaN();
        assertThat(text(Oid.FLOAT8, "Infinity")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(text(Oid.FLOAT4, "-Infinity")).isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(text(Oid.FLOAT4, "1.234567e+06")).isEqualTo(1234567f);
        assertThat(text(Oid.FLOAT8, BigDecimal.class, "0.1")).isEqualTo(new BigDecimal("0.1"));
    }

    /** The expected strings are what PostgreSQL 18 prints for the same values (extra_float_digits 1). */
    @ParameterizedTest
    @CsvSource({"1.5,1.5", "1e30,1e+30", "0.0001,0.0001", "0.00001,1e-05", "123456789012345,123456789012345",
            "1e15,1e+15", "-0.0,-0", "NaN,NaN", "-Infinity,-Infinity", "1.7976931348623157e308,1.7976931348623157e+308"})
    void rendersBinaryFloat8AsTheServerPrintsIt(double value, String expected) {
        assertThat(binary(Oid.FLOAT8, String.class, encode(value))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"1.5,1.5", "1234567,1.234567e+06", "0.1,0.1", "100000,100000", "0.00001,1e-05"})
    void rendersBinaryFloat4AsTheServerPrintsIt(float value, String expected) {
        assertThat(binary(Oid.FLOAT4, String.class, encode(value))).isEqualTo(expected);
    }

    @Test
    void rejectsMalformedValues() {
        assertThatThrownBy(() -> text(Oid.FLOAT8, " 1")).isInstanceOf(CodecException.class).hasMessage("invalid float8 text value ' 1'");
        assertThatThrownBy(() -> text(Oid.FLOAT8, "0x1p3")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.FLOAT8, "1d")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.FLOAT4, "e")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binary(Oid.FLOAT4, hex("3fc0"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.FLOAT8, BigDecimal.class, "NaN")).isInstanceOf(CodecException.class)
                .hasMessageContaining("cannot be represented as java.math.BigDecimal");
    }

    @Test
    void encodesBinary() {
        assertThat(encode(1.5)).isEqualTo(hex("3ff8000000000000"));
        assertThat(encode(1.5f)).isEqualTo(hex("3fc00000"));
        assertThat(encodeAs(Oid.FLOAT4, 1.5)).isEqualTo(hex("3fc00000"));
        assertThat(REGISTRY.nullOid(Double.class)).isEqualTo(Oid.FLOAT8);
    }

    @Property(tries = 200)
    void roundTrips(@ForAll double d, @ForAll float f) {
        assertThat(roundTrip(d, Double.class)).isEqualTo(d);
        assertThat(roundTrip(f, Float.class)).isEqualTo(f);
        // the rendered text reads back as the same value, as the server's shortest output does
        assertThat(Double.parseDouble(binary(Oid.FLOAT8, String.class, encode(d)))).isEqualTo(d);
        assertThat(text(Oid.FLOAT8, binary(Oid.FLOAT8, String.class, encode(d)))).isEqualTo(d);
        assertThat(text(Oid.FLOAT4, binary(Oid.FLOAT4, String.class, encode(f)))).isEqualTo(f);
    }
}
