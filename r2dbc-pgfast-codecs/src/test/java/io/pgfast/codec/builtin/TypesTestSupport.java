package io.pgfast.codec.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.testing.Buffers;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Test helpers for the container codecs: golden bytes written one field per argument, and decoding
 * the same bytes from every {@link Buffers} shape (heap, sliced, direct, composite, 1-byte
 * fragments, after junk bytes); every buffer is released.
 */
final class TypesTestSupport {

    private static final byte JUNK = (byte) 0xEE;

    /** Simple element decoders standing in for the scalar codecs in these unit tests. */
    static final Decoder<Integer> INT4_BINARY = (buf, i, len) -> {
        if (len != 4) {
            throw new CodecException("int4 needs 4 bytes, got " + len);
        }
        return buf.getInt(i);
    };
    static final Decoder<Long> INT8_BINARY = (buf, i, len) -> {
        if (len != 8) {
            throw new CodecException("int8 needs 8 bytes, got " + len);
        }
        return buf.getLong(i);
    };
    static final Decoder<String> TEXT = (buf, i, len) -> buf.toString(i, len, StandardCharsets.UTF_8);
    static final Decoder<Integer> INT4_TEXT = (buf, i, len) -> {
        try {
            return Integer.parseInt(buf.toString(i, len, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            throw new CodecException("bad int4 text", e);
        }
    };
    static final Decoder<Long> INT8_TEXT = (buf, i, len) -> {
        try {
            return Long.parseLong(buf.toString(i, len, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            throw new CodecException("bad int8 text", e);
        }
    };

    private TypesTestSupport() {
    }

    /** Concatenates hex fields ("0000000a", "ff"); spaces inside a field are ignored. */
    static byte[] hex(String... fields) {
        return ByteBufUtil.decodeHexDump(String.join("", fields).replace(" ", ""));
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Decodes the bytes from every {@link Buffers} shape, checks all results are equal, returns one. */
    static Object decode(Decoder<?> decoder, byte[] bytes) {
        List<Object> results = new ArrayList<>();
        for (Buffers shape : Buffers.values()) {
            ByteBuf buf = shape.withPrefix(bytes);
            int readerIndex = buf.readerIndex();
            int writerIndex = buf.writerIndex();
            try {
                results.add(decoder.decode(buf, Buffers.PREFIX.length, bytes.length));
                assertThat(buf.readerIndex()).as("reader index untouched").isEqualTo(readerIndex);
                assertThat(buf.writerIndex()).as("writer index untouched").isEqualTo(writerIndex);
            } finally {
                buf.release();
            }
        }
        for (Object r : results) {
            assertThat(Objects.deepEquals(r, results.get(0))).as("same result from every buffer shape: %s", results).isTrue();
        }
        return results.get(0);
    }

    static Object decodeText(Decoder<?> decoder, String text) {
        return decode(decoder, utf8(text));
    }

    /** The bytes an encoder writes, checking it writes the same into a heap and a direct buffer. */
    static <T> byte[] encode(Encoder<T> encoder, T value) {
        ByteBuf heap = Unpooled.buffer();
        ByteBuf direct = Unpooled.directBuffer();
        try {
            heap.writeByte(JUNK);
            heap.readByte();
            encoder.encode(value, heap);
            encoder.encode(value, direct);
            byte[] bytes = ByteBufUtil.getBytes(heap);
            assertThat(ByteBufUtil.getBytes(direct)).isEqualTo(bytes);
            return bytes;
        } finally {
            heap.release();
            direct.release();
        }
    }

    /** {@link #encode} with the encoder the registry chooses for the value's class. */
    @SuppressWarnings("unchecked")
    static byte[] encodeWith(CodecRegistry registry, Object value) {
        return encode((Encoder<Object>) registry.encoder(value.getClass()), value);
    }

    static <T> String encodeText(Encoder<T> encoder, T value) {
        return new String(encode(encoder, value), StandardCharsets.UTF_8);
    }
}
