package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

/**
 * bool. Text format is {@code t} or {@code f} (boolout); binary is one byte, 0 or 1 (boolsend;
 * boolrecv accepts any non-zero byte as true, and so does this decoder).
 *
 * <p>Decodes to Boolean (default) and String ("t"/"f" in both formats). Encodes Boolean as bool in
 * binary.
 */
public final class BoolCodec extends ValueCodec<Boolean> {

    private static final String TYPE = "bool";

    private static final Decoder<Boolean> TEXT = BoolCodec::text;
    private static final Decoder<Boolean> BINARY = BoolCodec::binary;
    private static final Decoder<String> BINARY_AS_STRING = (buf, index, length) -> binary(buf, index, length) ? "t" : "f";
    private static final Encoder<Boolean> ENCODER =
            new SimpleEncoder<>(Oid.BOOL, Format.BINARY, (Boolean v, ByteBuf out) -> out.writeByte(v ? 1 : 0));

    public BoolCodec() {
        super(Boolean.class, TEXT, BINARY, BINARY_AS_STRING, ENCODER, Oid.BOOL);
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
