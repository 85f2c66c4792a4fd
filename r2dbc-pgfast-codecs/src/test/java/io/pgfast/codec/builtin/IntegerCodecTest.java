package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.oid.Oid;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.encodeAs;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IntegerCodecTest {

    @Test
    void defaultJavaTypesFollowR2dbc() {
        assertThat(REGISTRY.javaType(Oid.INT2)).isEqualTo(Short.class);
        assertThat(REGISTRY.javaType(Oid.INT4)).isEqualTo(Integer.class);
        assertThat(REGISTRY.javaType(Oid.INT8)).isEqualTo(Long.class);
        assertThat(REGISTRY.binaryDecodable(Oid.INT8)).isTrue();
    }

    @Test
    void decodesGoldenBytesAtTheLimits() {
        assertThat(binary(Oid.INT2, hex("8000"))).isEqualTo(Short.MIN_VALUE);             // int2send: -32768
        assertThat(binary(Oid.INT2, hex("7fff"))).isEqualTo(Short.MAX_VALUE);             // int2send: 32767
        assertThat(binary(Oid.INT4, hex("80000000"))).isEqualTo(Integer.MIN_VALUE);       // int4send
        assertThat(binary(Oid.INT4, hex("ffffffff"))).isEqualTo(-1);                      // int4send: -1
        assertThat(binary(Oid.INT8, hex("7fffffffffffffff"))).isEqualTo(Long.MAX_VALUE);  // int8send
        assertThat(binary(Oid.INT8, hex("8000000000000000"))).isEqualTo(Long.MIN_VALUE);  // int8send
        assertThat(text(Oid.INT2, "-32768")).isEqualTo(Short.MIN_VALUE);
        assertThat(text(Oid.INT4, "2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(text(Oid.INT8, "-9223372036854775808")).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void widensOnRequest() {
        assertThat(text(Oid.INT2, Integer.class, "7")).isEqualTo(7);
        assertThat(binary(Oid.INT2, Long.class, hex("fffe"))).isEqualTo(-2L);
        assertThat(binary(Oid.INT4, Long.class, hex("00000010"))).isEqualTo(16L);
        assertThat(text(Oid.INT4, long.class, "16")).isEqualTo(16L);
        assertThat(text(Oid.INT8, BigInteger.class, "9223372036854775807")).isEqualTo(BigInteger.valueOf(Long.MAX_VALUE));
        assertThat(binary(Oid.INT4, BigDecimal.class, hex("00000010"))).isEqualTo(BigDecimal.valueOf(16));
        assertThat(binary(Oid.INT4, Double.class, hex("00000010"))).isEqualTo(16.0);
        assertThat(binary(Oid.INT4, String.class, hex("fffffff0"))).isEqualTo("-16");
        assertThat(binary(Oid.INT4, Number.class, hex("00000001"))).isEqualTo(1);
    }

    @Test
    void narrowsWithARangeCheckPerValue() {
        assertThat(text(Oid.INT8, Integer.class, "2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(binary(Oid.INT4, Short.class, hex("00007fff"))).isEqualTo((short) 32767);
        assertThatThrownBy(() -> text(Oid.INT8, Integer.class, "2147483648")).isInstanceOf(CodecException.class)
                .hasMessage("int8 value 2147483648 is out of range for java.lang.Integer");
        assertThatThrownBy(() -> binary(Oid.INT4, Short.class, hex("00008000"))).isInstanceOf(CodecException.class)
                .hasMessage("int4 value 32768 is out of range for java.lang.Short");
        assertThatThrownBy(() -> binary(Oid.INT2, Byte.class, hex("0080"))).isInstanceOf(CodecException.class);
    }

    @Test
    void refusesUnrelatedClasses() {
        assertThatThrownBy(() -> REGISTRY.decoder(Oid.INT4, io.pgfast.codec.Format.BINARY, UUID.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot decode int4 (oid 23) as java.util.UUID");
    }

    @Test
    void rejectsMalformedValues() {
        assertThatThrownBy(() -> binary(Oid.INT4, hex("000001"))).isInstanceOf(CodecException.class)
                .hasMessage("int4 binary value must be 4 bytes, was 3");
        assertThatThrownBy(() -> binary(Oid.INT8, hex("00000000"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.INT2, "40000")).isInstanceOf(CodecException.class).hasMessageContaining("int2");
        assertThatThrownBy(() -> text(Oid.INT4, "12x")).isInstanceOf(CodecException.class).hasMessage("invalid int4 text value '12x'");
    }

    @Test
    void encodesBinaryAndAsStatedTypes() {
        assertThat(encode((short) -2)).isEqualTo(hex("fffe"));
        assertThat(encode((byte) 1)).isEqualTo(hex("0001"));
        assertThat(encode(1)).isEqualTo(hex("00000001"));
        assertThat(encode(-1L)).isEqualTo(hex("ffffffffffffffff"));
        assertThat(REGISTRY.encoder(Long.class).oid(1L)).isEqualTo(Oid.INT8);
        assertThat(REGISTRY.nullOid(Integer.class)).isEqualTo(Oid.INT4);
        assertThat(encodeAs(Oid.INT8, 5)).isEqualTo(hex("0000000000000005"));
        assertThat(encodeAs(Oid.INT2, 5L)).isEqualTo(hex("0005"));
        assertThat(REGISTRY.encoder(Oid.INT2, Long.class).oid(5L)).isEqualTo(Oid.INT2);
        assertThatThrownBy(() -> encodeAs(Oid.INT4, 1L << 40)).isInstanceOf(CodecException.class)
                .hasMessage("int4 value 1099511627776 is out of range for java.lang.Integer");
        assertThatThrownBy(() -> REGISTRY.encoder(Oid.INT4, UUID.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot encode java.util.UUID as int4 (oid 23)");
    }

    @Property(tries = 200)
    void roundTrips(@ForAll short s, @ForAll int i, @ForAll long l) {
        assertThat(roundTrip(s, Short.class)).isEqualTo(s);
        assertThat(roundTrip(i, Integer.class)).isEqualTo(i);
        assertThat(roundTrip(l, Long.class)).isEqualTo(l);
        assertThat(text(Oid.INT8, Long.toString(l))).isEqualTo(l);
        assertThat(binary(Oid.INT8, String.class, encode(l))).isEqualTo(Long.toString(l));
    }
}
