package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Json;

import java.nio.ByteBuffer;

/**
 * json and jsonb. Text format is the document; binary json is the same text, binary jsonb is a
 * version byte (1, the only version jsonb_recv accepts) followed by the text (jsonb_send).
 *
 * <p>Decodes to String (default), {@link Json}, byte[] and ByteBuffer (the UTF-8 text, without the
 * version byte). Encodes {@link Json} as jsonb, binary; jsonb has assignment casts to and from
 * json in pg_cast, so it can be inserted into json columns too. As an explicitly typed json
 * parameter a Json is sent as json. A String binds as text of unspecified type (the server infers
 * json or jsonb from the context).
 */
public final class JsonCodec extends OidSetCodec {

    /** The jsonb binary format version this driver writes and reads. */
    private static final int JSONB_VERSION = 1;

    private static final Encoder<Json> JSONB = new SimpleEncoder<>(Oid.JSONB, Format.BINARY, (Json v, ByteBuf out) -> {
        out.writeByte(JSONB_VERSION);   // jsonb format version
        writeText(v, out);              // the document
    });
    private static final Encoder<Json> JSON = new SimpleEncoder<>(Oid.JSON, Format.BINARY, JsonCodec::writeText);

    public JsonCodec() {
        super(Oid.JSON, Oid.JSONB);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return String.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        // bytes to skip before the document: jsonb's version byte in binary format
        boolean versioned = type.oid() == Oid.JSONB && format == Format.BINARY;
        if (target == String.class) {
            if (!versioned) {
                return (Decoder<T>) (Decoder<String>) Utf8Strings::read;
            }
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> Utf8Strings.read(buf, index + 1, jsonbTextLength(buf, index, length));
        }
        Decoder<byte[]> bytes = versioned
                ? (buf, index, length) -> ByteBufUtil.getBytes(buf, index + 1, jsonbTextLength(buf, index, length))
                : (buf, index, length) -> ByteBufUtil.getBytes(buf, index, length);
        if (target == byte[].class) {
            return (Decoder<T>) bytes;
        }
        if (target == ByteBuffer.class) {
            return (Decoder<T>) (Decoder<ByteBuffer>) (buf, index, length) -> ByteBuffer.wrap(bytes.decode(buf, index, length));
        }
        if (target == Json.class) {
            Decoder<String> text = decoder(type, format, String.class, registry);
            return (Decoder<T>) (Decoder<Json>) (buf, index, length) -> Json.of(text.decode(buf, index, length));
        }
        return null;
    }

    /** Checks the version byte; the length of the text after it. */
    private static int jsonbTextLength(ByteBuf buf, int index, int length) {
        Checks.binaryLengthAtLeast("jsonb", 1, length);
        int version = buf.getUnsignedByte(index);
        if (version != JSONB_VERSION) {
            throw new CodecException("unsupported jsonb binary format version " + version + " (this driver reads version 1)");
        }
        return length - 1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return valueClass == Json.class ? (Encoder<T>) JSONB : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass != Json.class) {
            return null;
        }
        return (Encoder<T>) (type.oid() == Oid.JSON ? JSON : JSONB);
    }

    private static void writeText(Json value, ByteBuf out) {
        out.writeBytes(value.asBytes());
    }
}
