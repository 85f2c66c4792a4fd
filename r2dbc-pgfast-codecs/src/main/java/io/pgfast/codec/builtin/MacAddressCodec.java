package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.MacAddress;

/**
 * macaddr (6 bytes) and macaddr8 (8 bytes) as {@link MacAddress}. Binary is the bytes themselves
 * (macaddr_send, macaddr8_send); text is lower-case hex pairs joined by colons, as macaddr_out
 * writes (the other separators macaddr_in accepts are not read, since the server never sends them).
 *
 * <p>By default a {@code MacAddress} is sent as text with OID 0: its class does not say whether it
 * is a macaddr or a macaddr8 (the OID may not depend on the value), and the server reads the
 * literal as the type the statement needs. A parameter typed macaddr8 takes a 6-byte address as the
 * server's macaddr-to-macaddr8 cast does (FF:FE inserted in the middle); one typed macaddr takes an
 * 8-byte address only if it has FF:FE there.
 */
public final class MacAddressCodec extends OidSetCodec {

    private static final Encoder<MacAddress> UNSPECIFIED = new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT,
            (MacAddress v, ByteBuf out) -> ByteBufUtil.writeAscii(out, v.toString()));
    private static final Encoder<MacAddress> MACADDR = new SimpleEncoder<>(Oid.MACADDR, Format.BINARY,
            (MacAddress v, ByteBuf out) -> out.writeBytes(to6(v)));
    private static final Encoder<MacAddress> MACADDR8 = new SimpleEncoder<>(Oid.MACADDR8, Format.BINARY,
            (MacAddress v, ByteBuf out) -> out.writeBytes(to8(v)));

    public MacAddressCodec() {
        super(Oid.MACADDR, Oid.MACADDR8);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return MacAddress.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        int size = type.oid() == Oid.MACADDR ? 6 : 8;
        String name = type.name();
        boolean binary = format == Format.BINARY;
        if (target == MacAddress.class) {
            return (Decoder<T>) (Decoder<MacAddress>) (buf, index, length) ->
                    binary ? readBinary(buf, index, length, size, name) : readText(buf, index, length, size, name);
        }
        if (target == String.class && binary) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> readBinary(buf, index, length, size, name).toString();
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return valueClass == MacAddress.class ? (Encoder<T>) UNSPECIFIED : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != MacAddress.class) {
            return null;
        }
        return (Encoder<T>) (type.oid() == Oid.MACADDR ? MACADDR : MACADDR8);
    }

    private static MacAddress readBinary(ByteBuf buf, int index, int length, int size, String typeName) {
        if (length != size) {
            throw new CodecException("malformed binary " + typeName + " value: " + length + " bytes, expected " + size);
        }
        byte[] bytes = new byte[size];
        buf.getBytes(index, bytes);
        return MacAddress.of(bytes);
    }

    private static MacAddress readText(ByteBuf buf, int index, int length, int size, String typeName) {
        if (length != size * 3 - 1) {
            throw new CodecException("malformed " + typeName + " literal: expected " + size + " hex pairs joined by ':'");
        }
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            int at = index + i * 3;
            int hi = AsciiNumbers.hexDigit(buf.getByte(at));
            int lo = AsciiNumbers.hexDigit(buf.getByte(at + 1));
            if (hi < 0 || lo < 0 || (i < size - 1 && buf.getByte(at + 2) != ':')) {
                throw new CodecException("malformed " + typeName + " literal: expected " + size + " hex pairs joined by ':'");
            }
            bytes[i] = (byte) (hi << 4 | lo);
        }
        return MacAddress.of(bytes);
    }

    private static byte[] to6(MacAddress v) {
        byte[] b = v.bytes();
        if (b.length == 6) {
            return b;
        }
        if (v.get(3) != 0xff || v.get(4) != 0xfe) {
            throw new CodecException("macaddr8 " + v + " cannot be sent as macaddr: only addresses with FF:FE in bytes 4 and 5 can");
        }
        return new byte[] {b[0], b[1], b[2], b[5], b[6], b[7]};
    }

    private static byte[] to8(MacAddress v) {
        byte[] b = v.bytes();
        return b.length == 8 ? b : new byte[] {b[0], b[1], b[2], (byte) 0xff, (byte) 0xfe, b[3], b[4], b[5]};
    }
}
