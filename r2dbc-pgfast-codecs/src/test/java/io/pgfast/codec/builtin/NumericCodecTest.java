package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.oid.Oid;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.BigRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.math.BigInteger;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.encodeAs;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NumericCodecTest {

    /**
     * numeric_send output of PostgreSQL 18, fields separated: ndigits, weight, sign, dscale, then
     * base-10000 digits.
     */
    @ParameterizedTest
    @CsvSource({
            "0,                   0000 0000 0000 0000",
            "0.00,                0000 0000 0000 0002",
            "-12.340,             0002 0000 4000 0003 000c 0d48",
            "1,                   0001 0000 0000 0000 0001",
            "10000,               0001 0001 0000 0000 0001",
            "123456789.123456789, 0006 0002 0000 0009 0001 0929 1a85 04d2 162e 2328",
            "-0.0001,             0001 ffff 4000 0004 0001",
            "0.00000000000000000001, 0001 fffb 0000 0014 0001",
            "99999999999999999999, 0005 0004 0000 0000 270f 270f 270f 270f 270f",
            "0.5,                 0001 ffff 0000 0001 1388"})
    void decodesAndEncodesServerBytes(String value, String golden) {
        BigDecimal expected = new BigDecimal(value);
        assertThat(binary(Oid.NUMERIC, hex(golden))).isEqualTo(expected);
        assertThat(encode(expected)).isEqualTo(hex(golden));
        assertThat(text(Oid.NUMERIC, value)).isEqualTo(expected);
        assertThat(binary(Oid.NUMERIC, String.class, hex(golden))).isEqualTo(value);
    }

    @Test
    void specialsMapForDoubleAndFailForBigDecimal() {
        byte[] nan = hex("0000 0000 c000 0000");          // ndigits 0, weight 0, sign NaN, dscale 0
        byte[] infinity = hex("0000 0000 d000 0020");     // sign +Infinity (dscale as the server sends it)
        byte[] minusInfinity = hex("0000 0000 f000 0020"); // sign -Infinity
        assertThat(binary(Oid.NUMERIC, Double.class, nan)).isNaN();
        assertThat(binary(Oid.NUMERIC, Double.class, infinity)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(binary(Oid.NUMERIC, Double.class, minusInfinity)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(text(Oid.NUMERIC, Double.class, "-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(text(Oid.NUMERIC, Float.class, "NaN")).isNaN();
        assertThat(binary(Oid.NUMERIC, String.class, infinity)).isEqualTo("Infinity");
        assertThatThrownBy(() -> binary(Oid.NUMERIC, nan)).isInstanceOf(CodecException.class)
                .hasMessage("numeric value NaN cannot be represented as java.math.BigDecimal; read it as Double");
        assertThatThrownBy(() -> text(Oid.NUMERIC, "Infinity")).isInstanceOf(CodecException.class)
                .hasMessage("numeric value 'Infinity' cannot be represented as java.math.BigDecimal; read it as Double");
        assertThatThrownBy(() -> text(Oid.NUMERIC, Double.class, "NaNx")).isInstanceOf(CodecException.class);
        assertThat(encodeAs(Oid.NUMERIC, Double.NaN)).isEqualTo(nan);
        assertThat(encodeAs(Oid.NUMERIC, Double.NEGATIVE_INFINITY)).isEqualTo(hex("0000 0000 f000 0000"));
    }

    @Test
    void convertsToIntegralTypesOnlyWhenExact() {
        assertThat(text(Oid.NUMERIC, Long.class, "12.000")).isEqualTo(12L);
        assertThat(binary(Oid.NUMERIC, Integer.class, hex("0001 0001 0000 0000 0001"))).isEqualTo(10000);
        assertThat(text(Oid.NUMERIC, BigInteger.class, "-99999999999999999999")).isEqualTo(new BigInteger("-99999999999999999999"));
        assertThatThrownBy(() -> text(Oid.NUMERIC, Long.class, "12.5")).isInstanceOf(CodecException.class)
                .hasMessageContaining("fractional part");
        assertThatThrownBy(() -> text(Oid.NUMERIC, Short.class, "40000")).isInstanceOf(CodecException.class)
                .hasMessage("numeric value 40000 is out of range for java.lang.Short");
        assertThatThrownBy(() -> text(Oid.NUMERIC, Long.class, "99999999999999999999")).isInstanceOf(CodecException.class);
    }

    @Test
    void rejectsMalformedBinary() {
        assertThatThrownBy(() -> binary(Oid.NUMERIC, hex("0001 0000 0000"))).isInstanceOf(CodecException.class)
                .hasMessage("numeric binary value must be at least 8 bytes, was 6");
        assertThatThrownBy(() -> binary(Oid.NUMERIC, hex("0002 0000 0000 0000 0001"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("does not hold its 2 digits");
        assertThatThrownBy(() -> binary(Oid.NUMERIC, hex("0001 0000 0000 0000 2710"))).isInstanceOf(CodecException.class)
                .hasMessage("numeric binary value has an invalid base-10000 digit 10000");
        assertThatThrownBy(() -> binary(Oid.NUMERIC, hex("0001 0000 1234 0000 0001"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("invalid sign");
        assertThatThrownBy(() -> binary(Oid.NUMERIC, hex("0001 ffff 0000 0000 1388"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("display scale 0");
    }

    @Test
    void encodesBigIntegerAndNegativeScales() {
        assertThat(encode(BigInteger.valueOf(10000))).isEqualTo(hex("0001 0001 0000 0000 0001"));
        // 1E+4 has scale -4: sent with dscale 0
        assertThat(encode(new BigDecimal("1E+4"))).isEqualTo(hex("0001 0001 0000 0000 0001"));
        assertThat(encodeAs(Oid.NUMERIC, 7L)).isEqualTo(hex("0001 0000 0000 0000 0007"));
        assertThat(REGISTRY.nullOid(BigDecimal.class)).isEqualTo(Oid.NUMERIC);
    }

    @Property(tries = 300)
    void roundTrips(@ForAll @BigRange(min = "-1e30", max = "1e30") @Scale(12) BigDecimal value) {
        assertThat(roundTrip(value, BigDecimal.class)).isEqualTo(value);
        assertThat(text(Oid.NUMERIC, value.toPlainString())).isEqualTo(value);
    }

    /**
     * The server sends a value at its column's display scale, which may have more or fewer zeros than the
     * digits carry (numeric(12,2) sends 1.25 as the digits 1, 2500 with dscale 2): decoded, it has exactly
     * that scale, on both sides of 18 added zeros.
     */
    @Property(tries = 300)
    void decodesAtTheDisplayScaleTheServerSends(@ForAll @BigRange(min = "-1e14", max = "1e14") @Scale(6) BigDecimal value,
                                                @ForAll @IntRange(min = 0, max = 24) int zerosAdded) {
        byte[] bytes = encode(value);
        int dscale = Math.max(value.scale(), 0) + zerosAdded;
        bytes[6] = (byte) (dscale >> 8);   // dscale, the fourth Int16 of the header
        bytes[7] = (byte) dscale;
        assertThat(binary(Oid.NUMERIC, bytes)).isEqualTo(value.setScale(dscale));
    }

    @Property(tries = 100)
    void roundTripsLargeIntegers(@ForAll BigInteger value) {
        assertThat(roundTrip(value, BigInteger.class)).isEqualTo(value);
    }
}
