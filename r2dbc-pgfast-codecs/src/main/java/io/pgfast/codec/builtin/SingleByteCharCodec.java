package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

/**
 * The single-byte {@code "char"} type of the system catalogs (relkind, typtype, ...), not to be
 * confused with char(n), which is bpchar. Binary format is the one byte (charsend). Text
 * (charout) is that byte as a character, an empty string for the zero byte, and since PostgreSQL
 * 15 a backslash and three octal digits for a byte of 128 or more.
 *
 * <p>Decodes to String (default; a binary byte of 128 or more is rendered as PostgreSQL 15+
 * prints it) and to Byte (the raw byte). Encodes Byte as "char" (binary) when the parameter is
 * explicitly typed; a String binds as text.
 */
public final class SingleByteCharCodec extends OidSetCodec {

    private static final String TYPE = "\"char\"";

    private static final Decoder<String> BINARY = (buf, index, length) -> render(binaryByte(buf, index, length));
    private static final Decoder<Byte> BINARY_BYTE = SingleByteCharCodec::binaryByte;
    private static final Decoder<Byte> TEXT_BYTE = SingleByteCharCodec::textByte;
    private static final Encoder<Byte> BYTE = new SimpleEncoder<>(Oid.CHAR, Format.BINARY, (Byte v, ByteBuf out) -> out.writeByte(v));

    public SingleByteCharCodec() {
        super(Oid.CHAR);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return String.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean text = format == Format.TEXT;
        if (target == String.class) {
            // text: the server's rendering as it is, UTF-8 decoded
            return (Decoder<T>) (text ? (Decoder<String>) Utf8Strings::read : BINARY);
        }
        if (target == Byte.class) {
            return (Decoder<T>) (text ? TEXT_BYTE : BINARY_BYTE);
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return valueClass == Byte.class ? (Encoder<T>) BYTE : null;
    }

    private static byte binaryByte(ByteBuf buf, int index, int length) {
        Checks.binaryLength(TYPE, 1, length);
        return buf.getByte(index);
    }

    private static String render(byte b) {
        if (b == 0) {
            return "";
        }
        if (b > 0) {
            return String.valueOf((char) b);
        }
        int v = b & 0xFF;
        return "\\" + (char) ('0' + (v >> 6)) + (char) ('0' + ((v >> 3) & 7)) + (char) ('0' + (v & 7));
    }

    private static byte textByte(ByteBuf buf, int index, int length) {
        if (length == 0) {
            return 0;
        }
        if (length == 1) {
            // also a high byte as servers before 15 send it, raw
            return buf.getByte(index);
        }
        if (length == 4 && buf.getByte(index) == '\\') {
            int v = 0;
            for (int i = 1; i < 4; i++) {
                int d = buf.getByte(index + i) - '0';
                if (d < 0 || d > 7) {
                    throw invalid(buf, index, length);
                }
                v = v << 3 | d;
            }
            if (v > 0xFF) {
                throw invalid(buf, index, length);
            }
            return (byte) v;
        }
        throw invalid(buf, index, length);
    }

    private static CodecException invalid(ByteBuf buf, int index, int length) {
        return new CodecException("invalid " + TYPE + " text value " + Utf8Strings.preview(buf, index, length));
    }
}
