package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

import java.util.UUID;

/**
 * uuid. Binary format is the 16 bytes, most significant first (uuid_send); text is uuid_out's
 * {@code xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}, lower-case, parsed here straight from the bytes
 * (upper-case digits accepted too).
 *
 * <p>Decodes to UUID (default) and String; encodes UUID as uuid, binary.
 */
public final class UuidCodec extends ValueCodec<UUID> {

    private static final String TYPE = "uuid";
    private static final int TEXT_LENGTH = 36;

    private static final Decoder<UUID> TEXT = UuidCodec::text;
    private static final Decoder<UUID> BINARY = UuidCodec::binary;
    private static final Decoder<String> BINARY_AS_STRING = (buf, index, length) -> binary(buf, index, length).toString();
    private static final Encoder<UUID> ENCODER = new SimpleEncoder<>(Oid.UUID, Format.BINARY,
            (UUID v, ByteBuf out) -> out.writeLong(v.getMostSignificantBits()).writeLong(v.getLeastSignificantBits()));

    public UuidCodec() {
        super(UUID.class, TEXT, BINARY, BINARY_AS_STRING, ENCODER, Oid.UUID);
    }

    private static UUID binary(ByteBuf buf, int index, int length) {
        Checks.binaryLength(TYPE, 16, length);
        return new UUID(buf.getLong(index), buf.getLong(index + 8));
    }

    private static UUID text(ByteBuf buf, int index, int length) {
        if (length != TEXT_LENGTH) {
            throw invalid(buf, index, length);
        }
        long high = hex(buf, index, 0, 8) << 32 | hex(buf, index, 9, 4) << 16 | hex(buf, index, 14, 4);
        long low = hex(buf, index, 19, 4) << 48 | hex(buf, index, 24, 12);
        if (buf.getByte(index + 8) != '-' || buf.getByte(index + 13) != '-' || buf.getByte(index + 18) != '-'
                || buf.getByte(index + 23) != '-') {
            throw invalid(buf, index, length);
        }
        return new UUID(high, low);
    }

    /** {@code digits} hex digits at {@code offset} in the value starting at {@code start}. */
    private static long hex(ByteBuf buf, int start, int offset, int digits) {
        long value = 0;
        for (int i = offset; i < offset + digits; i++) {
            int d = AsciiNumbers.hexDigit(buf.getByte(start + i));
            if (d < 0) {
                throw invalid(buf, start, TEXT_LENGTH);
            }
            value = value << 4 | d;
        }
        return value;
    }

    private static CodecException invalid(ByteBuf buf, int index, int length) {
        return new CodecException("invalid uuid text value " + Utf8Strings.preview(buf, index, length));
    }
}
