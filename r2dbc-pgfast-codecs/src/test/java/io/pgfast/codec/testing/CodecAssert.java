package io.pgfast.codec.testing;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/** Decodes and encodes through {@link CodecRegistry#builtins()}, on every buffer shape. */
public final class CodecAssert {

    public static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();

    private CodecAssert() {
    }

    /** Bytes from hex, spaces and underscores ignored so that fields can be separated. */
    public static byte[] hex(String hex) {
        return ByteBufUtil.decodeHexDump(hex.replace(" ", "").replace("_", ""));
    }

    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Decodes {@code value} with the planned decoder on every {@link Buffers} shape (the value after
     * junk bytes, 1-byte fragments included) and checks that all shapes agree.
     */
    public static <T> T decode(int oid, Format format, Class<T> type, byte[] value) {
        Decoder<T> decoder = REGISTRY.decoder(oid, format, type);
        T first = null;
        boolean seen = false;
        for (Buffers kind : Buffers.values()) {
            ByteBuf buf = kind.withPrefix(value);
            try {
                T decoded = decoder.decode(buf, Buffers.PREFIX.length, value.length);
                if (decoded != null && !type.isPrimitive()) {
                    assertThat(decoded).as("decoded as %s", type.getName()).isInstanceOf(type);
                }
                if (seen) {
                    assertThat(Objects.deepEquals(decoded, first)).as("%s agrees with HEAP: %s vs %s", kind, decoded, first).isTrue();
                } else {
                    first = decoded;
                    seen = true;
                }
            } finally {
                buf.release();
            }
        }
        return first;
    }

    public static <T> T text(int oid, Class<T> type, String text) {
        return decode(oid, Format.TEXT, type, utf8(text));
    }

    public static <T> T binary(int oid, Class<T> type, byte[] value) {
        return decode(oid, Format.BINARY, type, value);
    }

    /** The default decoder's value. */
    public static Object text(int oid, String text) {
        return text(oid, Object.class, text);
    }

    public static Object binary(int oid, byte[] value) {
        return binary(oid, Object.class, value);
    }

    /** The bytes the class's default encoder writes. */
    public static byte[] encode(Object value) {
        @SuppressWarnings("unchecked")
        Encoder<Object> encoder = (Encoder<Object>) REGISTRY.encoder(value.getClass());
        return write(encoder, value);
    }

    /** The bytes written for {@code value} as the type {@code oid}. */
    public static byte[] encodeAs(int oid, Object value) {
        @SuppressWarnings("unchecked")
        Encoder<Object> encoder = (Encoder<Object>) REGISTRY.encoder(oid, value.getClass());
        return write(encoder, value);
    }

    public static byte[] write(Encoder<Object> encoder, Object value) {
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.encode(value, out);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    /** Encodes with the class's encoder and decodes the result in that encoder's format as {@code type}. */
    public static <T> T roundTrip(Object value, Class<T> type) {
        Encoder<?> encoder = REGISTRY.encoder(value.getClass());
        return decode(encoder.nullOid(), encoder.format(), type, encode(value));
    }
}
