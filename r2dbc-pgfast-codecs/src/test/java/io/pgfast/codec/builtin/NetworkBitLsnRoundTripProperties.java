package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeWith;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.BitString;
import io.pgfast.codec.type.Inet;
import io.pgfast.codec.type.Lsn;
import io.pgfast.codec.type.MacAddress;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class NetworkBitLsnRoundTripProperties {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    @Property(tries = 150)
    void inetSurvivesBinaryAndText(@ForAll @Size(16) byte[] bytes, @ForAll boolean v4, @ForAll @IntRange(max = 128) int bits) {
        byte[] address = v4 ? Arrays.copyOf(bytes, 4) : bytes;
        Inet value = new Inet(InetCodec.toAddress(address), Math.min(bits, address.length * 8));
        Object binary = decode(REGISTRY.decoder(Oid.INET, Format.BINARY, Inet.class), encodeWith(REGISTRY, value));
        assertThat(binary).isEqualTo(value);
        String text = (String) decode(REGISTRY.decoder(Oid.INET, Format.BINARY, String.class), encodeWith(REGISTRY, value));
        assertThat(decode(REGISTRY.decoder(Oid.INET, Format.TEXT, Inet.class), TypesTestSupport.utf8(text))).isEqualTo(value);
        assertThat(decode(REGISTRY.decoder(Oid.CIDR, Format.TEXT, Inet.class), TypesTestSupport.utf8(value.toString()))).isEqualTo(value);
    }

    @Property(tries = 100)
    void macAddressesSurviveTextAndBinary(@ForAll @Size(8) byte[] bytes, @ForAll boolean six) {
        MacAddress mac = MacAddress.of(six ? Arrays.copyOf(bytes, 6) : bytes);
        int oid = six ? Oid.MACADDR : Oid.MACADDR8;
        assertThat(decode(REGISTRY.decoder(oid, Format.TEXT), TypesTestSupport.utf8(mac.toString()))).isEqualTo(mac);
        assertThat(decode(REGISTRY.decoder(oid, Format.BINARY), mac.bytes())).isEqualTo(mac);
    }

    @Property(tries = 150)
    void bitStringsSurviveBinaryAndText(@ForAll @Size(max = 10) byte[] bytes, @ForAll @IntRange(max = 80) int length) {
        BitString bits = BitString.of(bytes, Math.min(length, bytes.length * 8));
        assertThat(decode(REGISTRY.decoder(Oid.VARBIT, Format.BINARY), encodeWith(REGISTRY, bits))).isEqualTo(bits);
        assertThat(decode(REGISTRY.decoder(Oid.BIT, Format.TEXT), TypesTestSupport.utf8(bits.toString()))).isEqualTo(bits);
        assertThat(BitString.valueOf(bits.toString())).isEqualTo(bits);
    }

    @Property(tries = 150)
    void lsnSurvivesBinaryAndText(@ForAll long value) {
        Lsn lsn = new Lsn(value);
        assertThat(decode(REGISTRY.decoder(Oid.PG_LSN, Format.BINARY), encodeWith(REGISTRY, lsn))).isEqualTo(lsn);
        assertThat(decode(REGISTRY.decoder(Oid.PG_LSN, Format.TEXT), TypesTestSupport.utf8(lsn.toString()))).isEqualTo(lsn);
    }

    @Property(tries = 150)
    void arbitraryBytesOnlyEverFailWithCodecException(@ForAll @Size(max = 24) byte[] bytes) {
        for (int oid : new int[] {Oid.INET, Oid.CIDR, Oid.MACADDR, Oid.MACADDR8, Oid.BIT, Oid.VARBIT, Oid.PG_LSN}) {
            for (Format format : Format.values()) {
                ArrayRoundTripProperties.assertOnlyCodecException(() -> decode(REGISTRY.decoder(oid, format), bytes));
            }
            ArrayRoundTripProperties.assertOnlyCodecException(() -> decode(REGISTRY.decoder(oid, Format.BINARY, String.class), bytes));
        }
    }
}
