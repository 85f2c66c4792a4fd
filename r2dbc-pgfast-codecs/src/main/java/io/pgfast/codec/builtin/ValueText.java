package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;

/**
 * Writes a Java value in the text form the server's input function reads, using the value's
 * encoder from the registry: a text encoder writes it directly; a binary encoder's bytes are
 * turned into text by the binary-to-String decoder of the type it declares (which renders what the
 * server's output function prints, see {@link io.pgfast.codec.Codec}).
 *
 * <p>Used for the parts of composite literals (range bounds, record fields), whose Java class is
 * only known per value; both lookups are cached by the registry, so this costs two map reads.
 */
final class ValueText {

    private ValueText() {
    }

    /** Appends the text form of {@code value} (not null) to {@code out}, unquoted. */
    @SuppressWarnings("unchecked")
    static void write(Object value, ByteBuf out, CodecRegistry registry) {
        if (value instanceof CharSequence) {
            ByteBufUtil.writeUtf8(out, (CharSequence) value);
            return;
        }
        Encoder<Object> encoder;
        try {
            encoder = (Encoder<Object>) registry.encoder(value.getClass());
        } catch (IllegalArgumentException e) {
            throw new CodecException("cannot send a " + value.getClass().getName() + " inside a composite value: " + e.getMessage(), e);
        }
        if (encoder.format() == Format.TEXT) {
            encoder.encode(value, out);
            return;
        }
        int oid = encoder.oid(value);
        ByteBuf binary = out.alloc().heapBuffer();
        try {
            encoder.encode(value, binary);
            String text;
            try {
                text = registry.decoder(oid, Format.BINARY, String.class).decode(binary, binary.readerIndex(), binary.readableBytes());
            } catch (IllegalArgumentException e) {
                throw new CodecException("cannot render a " + value.getClass().getName() + " as text: " + e.getMessage(), e);
            }
            ByteBufUtil.writeUtf8(out, text);
        } finally {
            binary.release();
        }
    }
}
