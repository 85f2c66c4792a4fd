package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.BitString;
import io.pgfast.codec.type.Lsn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden bytes from PostgreSQL 15's bit_send, varbit_send and pg_lsn_send. */
class BitStringAndLsnCodecTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    @Test
    void bitOfFiveBits() {
        byte[] golden = hex(
                "00000005", // 5 bits
                "b0"); // 10110 then 3 zero padding bits
        BitString bits = BitString.valueOf("10110");
        assertThat(decode(REGISTRY.decoder(Oid.BIT, Format.BINARY), golden)).isEqualTo(bits);
        assertThat(decode(REGISTRY.decoder(Oid.BIT, Format.BINARY, String.class), golden)).isEqualTo("10110");
        assertThat(decodeText(REGISTRY.decoder(Oid.BIT, Format.TEXT), "10110")).isEqualTo(bits);
        assertThat(encode(REGISTRY.encoder(Oid.BIT, BitString.class), bits)).isEqualTo(golden);
        assertThat(REGISTRY.encoder(Oid.BIT, BitString.class).oid(bits)).isEqualTo(Oid.BIT);
    }

    @Test
    void varbitLongerThanOneByteAndEmpty() {
        byte[] golden = hex(
                "00000009", // 9 bits
                "b580"); // 10110101 1, then 7 padding bits
        BitString bits = BitString.valueOf("101101011");
        assertThat(decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), golden)).isEqualTo(bits);
        assertThat(bits.get(8)).isTrue();
        assertThat(bits.get(7)).isTrue();
        assertThat(bits.get(6)).isFalse();
        assertThat(encode(REGISTRY.encoder(BitString.class), bits)).isEqualTo(golden);
        assertThat(REGISTRY.encoder(BitString.class).oid(bits)).isEqualTo(Oid.VARBIT);
        assertThat(decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), hex("00000000"))).isEqualTo(BitString.valueOf(""));
        assertThat(decodeText(REGISTRY.decoder(Oid.VARBIT, Format.TEXT), "")).isEqualTo(BitString.valueOf(""));
    }

    @Test
    void paddingBitsAreIgnoredAsVarbitRecvDoes() {
        assertThat(decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), hex("00000005", "b7"))).isEqualTo(BitString.valueOf("10110"));
        assertThat(BitString.of(new byte[] {(byte) 0xff}, 3).toByteArray()).containsExactly((byte) 0xe0);
    }

    @Test
    void malformedBitStringsAreCodecExceptions() {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), hex("000000"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), hex("00000009", "b5")))
                .isInstanceOf(CodecException.class).hasMessageContaining("9 bits");
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), hex("ffffffff"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), hex("7fffffff", "00")))
                .isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(Oid.BIT, Format.TEXT), "1021")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> BitString.valueOf("12")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void lsn() {
        byte[] golden = hex("00000016b374d848"); // Int64 0x16_B374D848
        Lsn lsn = Lsn.parse("16/B374D848");
        assertThat(lsn.value()).isEqualTo(0x16_B374_D848L);
        assertThat(decode(REGISTRY.decoder(Oid.PG_LSN, Format.BINARY), golden)).isEqualTo(lsn);
        assertThat(decode(REGISTRY.decoder(Oid.PG_LSN, Format.BINARY, String.class), golden)).isEqualTo("16/B374D848");
        assertThat(decode(REGISTRY.decoder(Oid.PG_LSN, Format.BINARY, Long.class), golden)).isEqualTo(0x16_B374_D848L);
        assertThat(decodeText(REGISTRY.decoder(Oid.PG_LSN, Format.TEXT), "16/b374d848")).isEqualTo(lsn);
        assertThat(decodeText(REGISTRY.decoder(Oid.PG_LSN, Format.TEXT, Long.class), "0/0")).isEqualTo(0L);
        assertThat(encode(REGISTRY.encoder(Lsn.class), lsn)).isEqualTo(golden);
        assertThat(REGISTRY.encoder(Lsn.class).oid(lsn)).isEqualTo(Oid.PG_LSN);
    }

    @Test
    void lsnIsUnsigned() {
        Lsn max = Lsn.parse("FFFFFFFF/FFFFFFFF");
        assertThat(max.value()).isEqualTo(-1L);
        assertThat(max.toString()).isEqualTo("FFFFFFFF/FFFFFFFF");
        assertThat(max).isGreaterThan(Lsn.parse("7FFFFFFF/FFFFFFFF"));
        assertThat(Lsn.INVALID.toString()).isEqualTo("0/0");
        assertThat(decode(REGISTRY.decoder(Oid.PG_LSN, Format.BINARY, String.class), hex("ffffffffffffffff"))).isEqualTo("FFFFFFFF/FFFFFFFF");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/", "16B374D848", "1/2/3", "123456789/0", "0/123456789", "g/0", "0/", "/0", " 0/0", "-1/0", "0/+1",
        "000000000000000000/0"})
    void malformedLsnTextIsACodecException(String literal) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(Oid.PG_LSN, Format.TEXT), literal)).isInstanceOf(CodecException.class);
    }

    @Test
    void malformedLsnBinaryIsACodecException() {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.PG_LSN, Format.BINARY), hex("00000016b374d8")))
                .isInstanceOf(CodecException.class);
    }
}
