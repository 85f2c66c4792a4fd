package io.r2dbc.postgresql.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * A JSON document bound to, or read from, a {@code json} or {@code jsonb} column. The document is not parsed
 * or validated here; the server does that.
 *
 * <p>Values made from a {@code byte[]} or a String can be read any number of times. A value made from a
 * {@link ByteBuf} owns that buffer: the driver releases it after writing the value, and so must whoever
 * consumes it through {@link #mapByteBuf}; read it once. A value made from an {@link InputStream} reads the
 * stream to its end on first use and closes it, then keeps the bytes. Values that the driver decodes hold a
 * copy of the bytes, never a buffer of the connection, so they need no release.
 *
 * <p>Equality is identity, as in r2dbc-postgresql: compare {@link #asString()} to compare documents.
 */
public abstract class Json {

    Json() {
    }

    /**
     * A document from the remaining bytes of {@code buffer} (UTF-8), copied now; the buffer's position is
     * left as it is.
     *
     * @throws IllegalArgumentException if {@code buffer} is null
     */
    public static Json of(ByteBuffer buffer) {
        requireNonNull(buffer, "buffer");
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return new Bytes(bytes);
    }

    /**
     * A document from the readable bytes of {@code buffer} (UTF-8). The value takes over the caller's reference:
     * the buffer is released after the driver encodes the value.
     *
     * @throws IllegalArgumentException if {@code buffer} is null
     */
    public static Json of(ByteBuf buffer) {
        return new Buffer(requireNonNull(buffer, "buffer"));
    }

    /**
     * A document read from {@code inputStream} (UTF-8) on first use, to its end; the stream is then closed.
     *
     * @throws IllegalArgumentException if {@code inputStream} is null
     */
    public static Json of(InputStream inputStream) {
        return new Stream(requireNonNull(inputStream, "inputStream"));
    }

    /**
     * A document from its UTF-8 bytes. The array is not copied: do not change it while the value is in use.
     *
     * @throws IllegalArgumentException if {@code value} is null
     */
    public static Json of(byte[] value) {
        return new Bytes(requireNonNull(value, "value"));
    }

    /**
     * A document from its text.
     *
     * @throws IllegalArgumentException if {@code value} is null
     */
    public static Json of(String value) {
        return new Bytes(requireNonNull(value, "value").getBytes(StandardCharsets.UTF_8));
    }

    /** The result of {@code mappingFunction} applied to the document's bytes as a ByteBuffer. */
    public abstract <T> T mapBuffer(Function<ByteBuffer, ? extends T> mappingFunction);

    /**
     * The result of {@code mappingFunction} applied to the document's bytes as a ByteBuf, which the function
     * owns and must release. For a value made from a ByteBuf that is the buffer itself, so the value cannot be
     * read again afterwards.
     */
    public abstract <T> T mapByteBuf(Function<ByteBuf, ? extends T> mappingFunction);

    /** The result of {@code mappingFunction} applied to the document's bytes as an InputStream. */
    public abstract <T> T mapInputStream(Function<InputStream, ? extends T> mappingFunction);

    /** The document's UTF-8 bytes; for a value made from a {@code byte[]}, that array itself. */
    public abstract byte[] asArray();

    /** The document's text. */
    public abstract String asString();

    private static <T> T requireNonNull(T value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    /** A document held as bytes. */
    private static final class Bytes extends Json {

        private final byte[] bytes;

        Bytes(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public <T> T mapBuffer(Function<ByteBuffer, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(ByteBuffer.wrap(bytes).asReadOnlyBuffer());
        }

        @Override
        public <T> T mapByteBuf(Function<ByteBuf, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(Unpooled.wrappedBuffer(bytes));
        }

        @Override
        public <T> T mapInputStream(Function<InputStream, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(new ByteArrayInputStream(bytes));
        }

        @Override
        public byte[] asArray() {
            return bytes;
        }

        @Override
        public String asString() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return "Json{" + asString() + "}";
        }
    }

    /** A document in a buffer that this value owns until it is encoded or mapped. */
    private static final class Buffer extends Json {

        private final ByteBuf buffer;

        Buffer(ByteBuf buffer) {
            this.buffer = buffer;
        }

        @Override
        public <T> T mapBuffer(Function<ByteBuffer, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(ByteBuffer.wrap(asArray()).asReadOnlyBuffer());
        }

        @Override
        public <T> T mapByteBuf(Function<ByteBuf, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(buffer);
        }

        @Override
        public <T> T mapInputStream(Function<InputStream, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            // a view: closing the stream neither moves nor releases the value's buffer
            return mappingFunction.apply(new ByteBufInputStream(buffer.duplicate(), false));
        }

        @Override
        public byte[] asArray() {
            return ByteBufUtil.getBytes(buffer);
        }

        @Override
        public String asString() {
            return buffer.toString(StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return buffer.refCnt() > 0 ? "Json{" + asString() + "}" : "Json{released buffer}";
        }
    }

    /** A document in a stream, read on first use. Like every Json value, not meant for concurrent use. */
    private static final class Stream extends Json {

        private InputStream in;
        private byte[] bytes;

        Stream(InputStream in) {
            this.in = in;
        }

        private byte[] bytes() {
            if (bytes == null) {
                try (InputStream stream = in) {
                    bytes = stream.readAllBytes();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the JSON document's input stream", e);
                }
                in = null;
            }
            return bytes;
        }

        @Override
        public <T> T mapBuffer(Function<ByteBuffer, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(ByteBuffer.wrap(bytes()).asReadOnlyBuffer());
        }

        @Override
        public <T> T mapByteBuf(Function<ByteBuf, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(Unpooled.wrappedBuffer(bytes()));
        }

        @Override
        public <T> T mapInputStream(Function<InputStream, ? extends T> mappingFunction) {
            requireNonNull(mappingFunction, "mappingFunction");
            return mappingFunction.apply(new ByteArrayInputStream(bytes()));
        }

        @Override
        public byte[] asArray() {
            return bytes();
        }

        @Override
        public String asString() {
            return new String(bytes(), StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return bytes == null ? "Json{unread input stream}" : "Json{" + asString() + "}";
        }
    }
}
