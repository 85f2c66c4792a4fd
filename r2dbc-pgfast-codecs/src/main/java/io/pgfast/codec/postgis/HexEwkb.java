package io.pgfast.codec.postgis;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.io.Utf8Strings;

/**
 * The text form of geometry and geography (geometry_out, geography_out): the EWKB bytes as hexadecimal, two
 * upper-case digits per byte. Reading takes either case.
 */
final class HexEwkb {

    private static final byte[] DIGITS = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

    private HexEwkb() {
    }

    /** The {@code length} bytes at {@code index} as upper-case hex, as the server prints them. */
    static String render(ByteBuf buf, int index, int length) {
        byte[] out = new byte[length * 2];
        for (int i = 0; i < length; i++) {
            int b = buf.getByte(index + i);
            out[2 * i] = DIGITS[(b >> 4) & 0xf];
            out[2 * i + 1] = DIGITS[b & 0xf];
        }
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Writes the hex digits of the readable bytes of {@code bytes} to {@code out}. */
    static void write(ByteBuf bytes, ByteBuf out) {
        for (int i = bytes.readerIndex(); i < bytes.writerIndex(); i++) {
            byte b = bytes.getByte(i);
            out.writeByte(DIGITS[(b >> 4) & 0xf]);
            out.writeByte(DIGITS[b & 0xf]);
        }
    }

    /** The bytes of the hex text at {@code index}. */
    static byte[] parse(ByteBuf buf, int index, int length, String typeName) {
        if ((length & 1) != 0) {
            throw invalid(buf, index, length, typeName, "an odd number of hex digits");
        }
        byte[] bytes = new byte[length / 2];
        for (int i = 0; i < bytes.length; i++) {
            int high = AsciiNumbers.hexDigit(buf.getByte(index + 2 * i));
            int low = AsciiNumbers.hexDigit(buf.getByte(index + 2 * i + 1));
            if (high < 0 || low < 0) {
                throw invalid(buf, index, length, typeName, "a character that is not a hex digit at " + (2 * i));
            }
            bytes[i] = (byte) (high << 4 | low);
        }
        return bytes;
    }

    private static CodecException invalid(ByteBuf buf, int index, int length, String typeName, String detail) {
        return new CodecException("invalid " + typeName + " text value " + Utf8Strings.preview(buf, index, length)
                + ": expected hex EWKB, found " + detail);
    }
}
