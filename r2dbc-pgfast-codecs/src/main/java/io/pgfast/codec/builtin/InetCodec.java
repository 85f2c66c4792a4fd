package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Inet;
import io.pgfast.codec.type.InetAddressText;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * inet and cidr, as {@link InetAddress} (the default: the address alone) or {@link Inet} (address
 * and mask length, on request), and binary also as the String inet_out/cidr_out print (an inet
 * host without its /32 or /128; a cidr always with its mask).
 *
 * <p>Binary form (inet_send in src/backend/utils/adt/network.c):
 * <pre>
 * Byte1 family     2 = IPv4 (PGSQL_AF_INET), 3 = IPv6 (PGSQL_AF_INET6)
 * Byte1 bits       mask length
 * Byte1 is_cidr    1 for cidr, 0 for inet
 * Byte1 nb         address length: 4 or 16
 * nb bytes         the address, network byte order
 * </pre>
 *
 * <p>Encodes {@code InetAddress} (a host) and {@code Inet} in binary as inet; a parameter typed
 * cidr is sent as cidr, which the server rejects if bits are set to the right of the mask. IPv6
 * addresses are created with {@link Inet6Address#getByAddress(String, byte[], int)}, so an
 * IPv4-mapped address stays IPv6; no address is ever resolved through DNS.
 */
public final class InetCodec extends OidSetCodec {

    private static final int FAMILY_IPV4 = 2;
    private static final int FAMILY_IPV6 = 3;

    private static final Encoder<InetAddress> ADDRESS = new SimpleEncoder<>(Oid.INET, Format.BINARY,
            (InetAddress v, ByteBuf out) -> write(v, Inet.maxBits(v), false, out));
    private static final Encoder<Inet> INET = new SimpleEncoder<>(Oid.INET, Format.BINARY,
            (Inet v, ByteBuf out) -> write(v.address(), v.netmask(), false, out));
    private static final Encoder<InetAddress> CIDR_ADDRESS = new SimpleEncoder<>(Oid.CIDR, Format.BINARY,
            (InetAddress v, ByteBuf out) -> write(v, Inet.maxBits(v), true, out));
    private static final Encoder<Inet> CIDR_INET = new SimpleEncoder<>(Oid.CIDR, Format.BINARY,
            (Inet v, ByteBuf out) -> write(v.address(), v.netmask(), true, out));

    public InetCodec() {
        super(Oid.INET, Oid.CIDR);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return InetAddress.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        String name = type.name();
        boolean cidr = type.oid() == Oid.CIDR;
        boolean binary = format == Format.BINARY;
        if (target == InetAddress.class) {
            return (Decoder<T>) (Decoder<InetAddress>) (buf, index, length) ->
                    (binary ? readBinary(buf, index, length, name) : readText(buf, index, length, name)).address();
        }
        if (target == Inet.class) {
            return (Decoder<T>) (Decoder<Inet>) (buf, index, length) ->
                    binary ? readBinary(buf, index, length, name) : readText(buf, index, length, name);
        }
        if (target == String.class && binary) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> render(readBinary(buf, index, length, name), cidr);
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (InetAddress.class.isAssignableFrom(valueClass)) {
            return (Encoder<T>) ADDRESS;
        }
        return valueClass == Inet.class ? (Encoder<T>) INET : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        boolean cidr = type.oid() == Oid.CIDR;
        if (InetAddress.class.isAssignableFrom(valueClass)) {
            return (Encoder<T>) (cidr ? CIDR_ADDRESS : ADDRESS);
        }
        return valueClass == Inet.class ? (Encoder<T>) (cidr ? CIDR_INET : INET) : null;
    }

    static Inet readBinary(ByteBuf buf, int index, int length, String typeName) {
        ContainerReader in = new ContainerReader(buf, index, length, typeName);
        int family = in.int8();
        int bits = in.int8() & 0xff;
        int isCidr = in.int8();
        int nb = in.int8();
        if ((family != FAMILY_IPV4 || nb != 4) && (family != FAMILY_IPV6 || nb != 16)) {
            throw in.malformed("family " + family + " with " + nb + " address bytes");
        }
        if (isCidr != 0 && isCidr != 1) {
            throw in.malformed("is_cidr flag " + isCidr);
        }
        if (bits > nb * 8) {
            throw in.malformed("mask /" + bits + " is longer than " + nb * 8 + " bits");
        }
        if (in.remaining() != nb) {
            throw in.malformed(in.remaining() + " address bytes, expected " + nb);
        }
        byte[] address = new byte[nb];
        buf.getBytes(in.position(), address);
        return new Inet(toAddress(address), bits);
    }

    static Inet readText(ByteBuf buf, int index, int length, String typeName) {
        InetText.Parsed parsed = InetText.parse(buf, index, length, typeName);
        return new Inet(toAddress(parsed.address), parsed.bits);
    }

    /** An InetAddress for 4 or 16 bytes, without any name lookup; 16 bytes always give an IPv6 address. */
    static InetAddress toAddress(byte[] address) {
        try {
            return address.length == 4 ? InetAddress.getByAddress(address) : Inet6Address.getByAddress(null, address, -1);
        } catch (UnknownHostException e) {
            throw new CodecException("invalid IP address of " + address.length + " bytes", e);
        }
    }

    /** inet_out / cidr_out: the mask is omitted for an inet host, always written for cidr. */
    static String render(Inet value, boolean cidr) {
        String address = InetAddressText.format(value.address().getAddress());
        return cidr || value.netmask() != Inet.maxBits(value.address()) ? address + "/" + value.netmask() : address;
    }

    private static void write(InetAddress address, int bits, boolean cidr, ByteBuf out) {
        byte[] bytes = address.getAddress();
        out.writeByte(address instanceof Inet4Address ? FAMILY_IPV4 : FAMILY_IPV6); // family
        out.writeByte(bits); // mask length
        out.writeByte(cidr ? 1 : 0); // is_cidr
        out.writeByte(bytes.length); // address length
        out.writeBytes(bytes); // address
    }
}
