package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

import java.nio.ByteBuffer;

/**
 * bytea. Binary format is the bytes themselves. Text format ("Binary Data Types" in the
 * PostgreSQL docs) is the hex format {@code \x0aff} (bytea_output = hex, the default since 9.0) or
 * the legacy escape format (bytea_output = escape): printable ASCII as is, a backslash doubled,
 * every other byte as a backslash and three octal digits.
 *
 * <p>Default Java type ByteBuffer (a heap buffer over a fresh copy, never a view of the network
 * buffer); byte[] on request; String gives the hex text form. Encodes byte[] and any ByteBuffer
 * (its remaining bytes; its position is left unchanged) as bytea, binary.
 */
public final class ByteaCodec extends OidSetCodec {

    private static final String TYPE = "bytea";
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static final Decoder<byte[]> TEXT = ByteaCodec::text;
    private static final Decoder<byte[]> BINARY = ByteaCodec::binary;
    private static final Decoder<ByteBuffer> TEXT_BUFFER = (buf, index, length) -> ByteBuffer.wrap(text(buf, index, length));
    private static final Decoder<ByteBuffer> BINARY_BUFFER = (buf, index, length) -> ByteBuffer.wrap(binary(buf, index, length));
    private static final Decoder<String> BINARY_AS_HEX = (buf, index, length) -> hex(binary(buf, index, length));

    private static final Encoder<byte[]> BYTES = new SimpleEncoder<>(Oid.BYTEA, Format.BINARY, (byte[] v, ByteBuf out) -> out.writeBytes(v), v -> v.length);
    private static final Encoder<ByteBuffer> BUFFER =
            new SimpleEncoder<>(Oid.BYTEA, Format.BINARY, (ByteBuffer v, ByteBuf out) -> out.writeBytes(v.duplicate()), ByteBuffer::remaining);

    public ByteaCodec() {
        super(Oid.BYTEA);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return ByteBuffer.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean text = format == Format.TEXT;
        if (target == ByteBuffer.class) {
            return (Decoder<T>) (text ? TEXT_BUFFER : BINARY_BUFFER);
        }
        if (target == byte[].class) {
            return (Decoder<T>) (text ? TEXT : BINARY);
        }
        if (target == String.class && !text) {
            return (Decoder<T>) BINARY_AS_HEX;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == byte[].class) {
            return (Encoder<T>) BYTES;
        }
        if (ByteBuffer.class.isAssignableFrom(valueClass)) {
            return (Encoder<T>) BUFFER;
        }
        return null;
    }

    private static byte[] binary(ByteBuf buf, int index, int length) {
        byte[] bytes = new byte[length];
        buf.getBytes(index, bytes);
        return bytes;
    }

    private static byte[] text(ByteBuf buf, int index, int length) {
        if (length >= 2 && buf.getByte(index) == '\\' && buf.getByte(index + 1) == 'x') {
            return fromHex(buf, index + 2, length - 2);
        }
        return fromEscape(buf, index, length);
    }

    private static byte[] fromHex(ByteBuf buf, int index, int length) {
        if ((length & 1) != 0) {
            throw invalid(buf, index - 2, length + 2, "an odd number of hex digits");
        }
        byte[] bytes = new byte[length / 2];
        for (int i = 0; i < bytes.length; i++) {
            int high = AsciiNumbers.hexDigit(buf.getByte(index + 2 * i));
            int low = AsciiNumbers.hexDigit(buf.getByte(index + 2 * i + 1));
            if (high < 0 || low < 0) {
                throw invalid(buf, index - 2, length + 2, "a character that is not a hex digit");
            }
            bytes[i] = (byte) (high << 4 | low);
        }
        return bytes;
    }

    /** The escape format: one pass to size and validate, one to fill. */
    private static byte[] fromEscape(ByteBuf buf, int index, int length) {
        int end = index + length;
        int size = 0;
        for (int i = index; i < end; size++) {
            if (buf.getByte(i) != '\\') {
                i++;
            } else if (i + 1 < end && buf.getByte(i + 1) == '\\') {
                i += 2;
            } else if (i + 3 < end && isOctal(buf.getByte(i + 1), '3') && isOctal(buf.getByte(i + 2), '7')
                    && isOctal(buf.getByte(i + 3), '7')) {
                i += 4;
            } else {
                throw invalid(buf, index, length, "a backslash not followed by a backslash or three octal digits");
            }
        }
        byte[] bytes = new byte[size];
        int o = 0;
        for (int i = index; i < end; o++) {
            byte b = buf.getByte(i);
            if (b != '\\') {
                bytes[o] = b;
                i++;
            } else if (buf.getByte(i + 1) == '\\') {
                bytes[o] = '\\';
                i += 2;
            } else {
                bytes[o] = (byte) ((buf.getByte(i + 1) - '0') << 6 | (buf.getByte(i + 2) - '0') << 3 | (buf.getByte(i + 3) - '0'));
                i += 4;
            }
        }
        return bytes;
    }

    private static boolean isOctal(byte c, char max) {
        return c >= '0' && c <= max;
    }

    private static CodecException invalid(ByteBuf buf, int index, int length, String reason) {
        return new CodecException("invalid " + TYPE + " text value " + Utf8Strings.preview(buf, index, length) + ": " + reason);
    }

    /** The hex text form, {@code \x} and two lower-case digits per byte, as byteaout prints it. */
    static String hex(byte[] bytes) {
        char[] chars = new char[2 + 2 * bytes.length];
        chars[0] = '\\';
        chars[1] = 'x';
        for (int i = 0; i < bytes.length; i++) {
            chars[2 + 2 * i] = HEX[(bytes[i] >> 4) & 0xF];
            chars[3 + 2 * i] = HEX[bytes[i] & 0xF];
        }
        return new String(chars);
    }
}
