package io.pgfast.codec.builtin;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import static io.pgfast.codec.builtin.TypesTestSupport.decode;
import static io.pgfast.codec.builtin.TypesTestSupport.decodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.encode;
import static io.pgfast.codec.builtin.TypesTestSupport.encodeText;
import static io.pgfast.codec.builtin.TypesTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Inet;
import io.pgfast.codec.type.MacAddress;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Golden bytes and literals from PostgreSQL 15's inet/cidr/macaddr send and output functions. */
class NetworkCodecTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    static InetAddress ip(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return InetCodec.toAddress(b);
    }

    private static Object inet(int oid, Format format, Class<?> target, byte[] bytes) {
        return decode(REGISTRY.decoder(oid, format, target), bytes);
    }

    @Test
    void ipv4InetWithMask() {
        byte[] golden = hex(
                "02", // family IPv4
                "18", // 24 bits
                "00", // inet, not cidr
                "04", // 4 address bytes
                "c0a80001"); // 192.168.0.1
        Inet value = new Inet(ip(192, 168, 0, 1), 24);
        assertThat(inet(Oid.INET, Format.BINARY, Inet.class, golden)).isEqualTo(value);
        assertThat(decode(REGISTRY.decoder(Oid.INET, Format.BINARY), golden)).isEqualTo(ip(192, 168, 0, 1));
        assertThat(inet(Oid.INET, Format.BINARY, String.class, golden)).isEqualTo("192.168.0.1/24");
        assertThat(decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT, Inet.class), "192.168.0.1/24")).isEqualTo(value);
        assertThat(encode(REGISTRY.encoder(Inet.class), value)).isEqualTo(golden);
        assertThat(REGISTRY.javaType(Oid.INET)).isEqualTo(InetAddress.class);
    }

    @Test
    void ipv4HostHasNoMaskInInetOutput() {
        byte[] golden = hex("02", "20", "00", "04", "c0a80001"); // IPv4, /32, inet, 4 bytes, 192.168.0.1
        assertThat(inet(Oid.INET, Format.BINARY, String.class, golden)).isEqualTo("192.168.0.1");
        assertThat(decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT), "192.168.0.1")).isEqualTo(ip(192, 168, 0, 1));
        assertThat(encode(REGISTRY.encoder(Inet4Address.class), (Inet4Address) ip(192, 168, 0, 1))).isEqualTo(golden);
    }

    @Test
    void cidrAlwaysShowsItsMask() {
        byte[] golden = hex(
                "02", // family IPv4
                "08", // 8 bits
                "01", // cidr
                "04", // 4 bytes
                "0a000000"); // 10.0.0.0
        assertThat(inet(Oid.CIDR, Format.BINARY, Inet.class, golden)).isEqualTo(new Inet(ip(10, 0, 0, 0), 8));
        assertThat(inet(Oid.CIDR, Format.BINARY, String.class, golden)).isEqualTo("10.0.0.0/8");
        assertThat(inet(Oid.CIDR, Format.BINARY, String.class, hex("02", "20", "01", "04", "0a010203"))).isEqualTo("10.1.2.3/32");
        Encoder<Inet> typed = REGISTRY.encoder(Oid.CIDR, Inet.class);
        assertThat(typed.oid(null)).isEqualTo(Oid.CIDR);
        assertThat(encode(typed, new Inet(ip(10, 0, 0, 0), 8))).isEqualTo(golden);
    }

    @Test
    void ipv6() {
        byte[] golden = hex(
                "03", // family IPv6
                "40", // 64 bits
                "00", // inet
                "10", // 16 bytes
                "20010db8000000000000000000000001"); // 2001:db8::1
        InetAddress address = ip(0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
        assertThat(inet(Oid.INET, Format.BINARY, Inet.class, golden)).isEqualTo(new Inet(address, 64));
        assertThat(inet(Oid.INET, Format.BINARY, String.class, golden)).isEqualTo("2001:db8::1/64");
        assertThat(decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT, Inet.class), "2001:db8::1/64")).isEqualTo(new Inet(address, 64));
        assertThat(encode(REGISTRY.encoder(Inet.class), new Inet(address, 64))).isEqualTo(golden);
        byte[] cidr = hex("03", "20", "01", "10", "20010db8000000000000000000000000"); // IPv6, /32, cidr, 16 bytes, 2001:db8::
        assertThat(inet(Oid.CIDR, Format.BINARY, String.class, cidr)).isEqualTo("2001:db8::/32");
    }

    @Test
    void ipv4MappedAddressStaysIpv6() {
        byte[] golden = hex("03", "80", "00", "10", "00000000000000000000ffff01020304"); // IPv6 /128 inet ::ffff:1.2.3.4
        Object decoded = decode(REGISTRY.decoder(Oid.INET, Format.BINARY), golden);
        assertThat(decoded).isInstanceOf(Inet6Address.class);
        assertThat(inet(Oid.INET, Format.BINARY, String.class, golden)).isEqualTo("::ffff:1.2.3.4");
        assertThat(decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT), "::ffff:1.2.3.4")).isInstanceOf(Inet6Address.class).isEqualTo(decoded);
        assertThat(encode(REGISTRY.encoder(Inet6Address.class), (Inet6Address) decoded)).isEqualTo(golden);
    }

    @ParameterizedTest
    @CsvSource({"::ffff:1.2.3.4", "::1.2.3.4", "::", "::1", "1::", "1:0:0:2::3", "::1:0:0", "::ffff:0.0.0.0", "::ffff:0.0.0.1",
        "1:2:3:4:5:6:7:8", "::ffff", "2001:db8::1", "fe80::1:2", "1:2:3:4:5:6:7:0", "0:2:3:4:5:6:7:8", "1:0:2::3:0:0", "::1:0:0:2:0:0", "0.0.0.0", "255.255.255.255"})
    void addressesPrintAsInetOutPrintsThem(String literal) {
        Inet parsed = (Inet) decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT, Inet.class), literal);
        assertThat(InetCodec.render(parsed, false)).isEqualTo(literal);
    }

    @Test
    void inetTextWithHexInAnyCase() {
        assertThat(decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT), "FE80::A")).isEqualTo(
                ip(0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1.2.3", "1.2.3.4.5", "1.2.3.256", "1.2.3.4/33", "1.2.3.4/", "1.2.3.4/a", "::1::", ":1::",
        "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "12345::", "::g", "1::2:", "::1.2.3", "1:2:3:4:5:6:7:1.2.3.4", "::1/129", "a.b.c.d",
        "localhost", "1.2.3.4 ", "1.2.3.4/0032"})
    void malformedInetTextIsACodecException(String literal) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(Oid.INET, Format.TEXT), literal)).isInstanceOf(CodecException.class);
    }

    @Test
    void malformedInetBinaryIsACodecException() {
        assertThatThrownBy(() -> inet(Oid.INET, Format.BINARY, Inet.class, hex("02", "20", "00"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> inet(Oid.INET, Format.BINARY, Inet.class, hex("04", "20", "00", "04", "01020304")))
                .isInstanceOf(CodecException.class).hasMessageContaining("family");
        assertThatThrownBy(() -> inet(Oid.INET, Format.BINARY, Inet.class, hex("02", "20", "00", "10", "01020304")))
                .isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> inet(Oid.INET, Format.BINARY, Inet.class, hex("02", "21", "00", "04", "01020304")))
                .isInstanceOf(CodecException.class).hasMessageContaining("mask");
        assertThatThrownBy(() -> inet(Oid.INET, Format.BINARY, Inet.class, hex("02", "20", "02", "04", "01020304")))
                .isInstanceOf(CodecException.class).hasMessageContaining("cidr");
        assertThatThrownBy(() -> inet(Oid.INET, Format.BINARY, Inet.class, hex("02", "20", "00", "04", "0102030405")))
                .isInstanceOf(CodecException.class);
    }

    @Test
    void macaddr() {
        byte[] golden = hex("08002b010203"); // the 6 address bytes
        MacAddress mac = MacAddress.of((byte) 0x08, (byte) 0x00, (byte) 0x2b, (byte) 0x01, (byte) 0x02, (byte) 0x03);
        assertThat(decode(REGISTRY.decoder(Oid.MACADDR, Format.BINARY), golden)).isEqualTo(mac);
        assertThat(decode(REGISTRY.decoder(Oid.MACADDR, Format.BINARY, String.class), golden)).isEqualTo("08:00:2b:01:02:03");
        assertThat(decodeText(REGISTRY.decoder(Oid.MACADDR, Format.TEXT), "08:00:2b:01:02:03")).isEqualTo(mac);
        assertThat(decodeText(REGISTRY.decoder(Oid.MACADDR, Format.TEXT), "08:00:2B:01:02:03")).isEqualTo(mac);
        Encoder<MacAddress> untyped = REGISTRY.encoder(MacAddress.class);
        assertThat(untyped.oid(mac)).isZero();
        assertThat(encodeText(untyped, mac)).isEqualTo("08:00:2b:01:02:03");
        assertThat(encode(REGISTRY.encoder(Oid.MACADDR, MacAddress.class), mac)).isEqualTo(golden);
    }

    @Test
    void macaddr8AndConversions() {
        byte[] golden = hex("08002b0102030405"); // the 8 address bytes
        MacAddress mac8 = MacAddress.of(hex("08002b0102030405"));
        assertThat(decode(REGISTRY.decoder(Oid.MACADDR8, Format.BINARY), golden)).isEqualTo(mac8);
        assertThat(decodeText(REGISTRY.decoder(Oid.MACADDR8, Format.TEXT), "08:00:2b:01:02:03:04:05")).isEqualTo(mac8);
        assertThat(decode(REGISTRY.decoder(Oid.MACADDR8, Format.BINARY, String.class), golden)).isEqualTo("08:00:2b:01:02:03:04:05");
        // as the server's macaddr::macaddr8 cast: 08:00:2b:ff:fe:01:02:03
        assertThat(encode(REGISTRY.encoder(Oid.MACADDR8, MacAddress.class), MacAddress.of(hex("08002b010203"))))
                .isEqualTo(hex("08002bfffe010203"));
        assertThat(encode(REGISTRY.encoder(Oid.MACADDR, MacAddress.class), MacAddress.of(hex("08002bfffe010203"))))
                .isEqualTo(hex("08002b010203"));
        assertThatThrownBy(() -> encode(REGISTRY.encoder(Oid.MACADDR, MacAddress.class), mac8)).isInstanceOf(CodecException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "08:00:2b:01:02", "08:00:2b:01:02:0g", "08-00-2b-01-02-03", "08:00:2b:01:02:03:", "0800.2b01.0203"})
    void malformedMacaddrIsACodecException(String literal) {
        assertThatThrownBy(() -> decodeText(REGISTRY.decoder(Oid.MACADDR, Format.TEXT), literal)).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> decode(REGISTRY.decoder(Oid.MACADDR, Format.BINARY), TypesTestSupport.utf8(literal)))
                .isInstanceOf(CodecException.class);
    }
}
