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
 * bool. Text format is {@code t} or {@code f} (boolout); binary is one byte, 0 or 1 (boolsend;
 * boolrecv accepts any non-zero byte as true, and so does this decoder).
 *
 * <p>Decodes to Boolean (default) and String ("t"/"f" in both formats). Encodes Boolean as bool in
 * binary.
 */
public final class BoolCodec extends OidSetCodec {

    private static final String TYPE = "bool";

    private static final Decoder<Boolean> TEXT = BoolCodec::text;
    private static final Decoder<Boolean> BINARY = BoolCodec::binary;
    private static final Decoder<String> BINARY_AS_STRING = (buf, index, length) -> binary(buf, index, length) ? "t" : "f";
    private static final Encoder<Boolean> ENCODER =
            new SimpleEncoder<>(Oid.BOOL, Format.BINARY, (Boolean v, ByteBuf out) -> out.writeByte(v ? 1 : 0));

    public BoolCodec() {
        super(Oid.BOOL);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return Boolean.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (target == Boolean.class) {
            return (Decoder<T>) (format == Format.TEXT ? TEXT : BINARY);
        }
        if (target == String.class && format == Format.BINARY) {
            return (Decoder<T>) BINARY_AS_STRING;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return valueClass == Boolean.class ? (Encoder<T>) ENCODER : null;
    }

    private static Boolean text(ByteBuf buf, int index, int length) {
        if (length == 1) {
            byte b = buf.getByte(index);
            if (b == 't') {
                return Boolean.TRUE;
            }
            if (b == 'f') {
                return Boolean.FALSE;
            }
        }
        throw new CodecException("invalid bool text value " + Utf8Strings.preview(buf, index, length));
    }

    private static boolean binary(ByteBuf buf, int index, int length) {
        Checks.binaryLength(TYPE, 1, length);
        return buf.getByte(index) != 0;
    }
}
