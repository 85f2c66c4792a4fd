package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;

import java.nio.charset.StandardCharsets;

/**
 * Decodes strings straight from a buffer's memory with the length the protocol gave (a DataRow
 * column length, a message length): the bytes are never rescanned to learn their length and never
 * copied to a temporary array to be looked at.
 *
 * <p>Short values that are all ASCII are built directly ({@link #ASCII_FAST_PATH_MAX}): for them
 * the fixed cost of the general decoder (charset dispatch, a thread-local scratch array for direct
 * buffers) is larger than the decoding. Everything else goes through one UTF-8 decode reading the
 * buffer's memory: for a heap buffer its array at {@code arrayOffset + index}; for direct and
 * composite buffers netty's {@link ByteBuf#toString(int, int, java.nio.charset.Charset)}, which
 * copies once into a thread-local scratch array and decodes that. Malformed UTF-8 is replaced by
 * U+FFFD as {@link String#String(byte[], java.nio.charset.Charset)} does; decoding never throws for
 * bad bytes (PostgreSQL validates text encoding on input, so only a non-UTF-8 client_encoding or
 * bytea cast to text produces them).
 *
 * <p>Reads use absolute indexes and never move the buffer's reader index, except
 * {@link #readCString(ByteBuf)} which consumes what it reads.
 */
public final class Utf8Strings {

    /**
     * Values of up to this many bytes that are all ASCII are built without the UTF-8 decoder.
     * Measured with {@code StringReadBenchmark} on JDK 17 (see BENCHMARKS.md): the direct build wins
     * over netty's and the JDK's decoder up to this length and loses beyond it.
     */
    public static final int ASCII_FAST_PATH_MAX = 16;

    /** How much of a bad value an error message quotes. */
    private static final int PREVIEW_MAX = 40;

    private Utf8Strings() {
    }

    /**
     * The {@code length} bytes of {@code buf} at absolute {@code index} as a String.
     *
     * @throws CodecException if the range lies outside the buffer
     */
    public static String read(ByteBuf buf, int index, int length) {
        checkRange(buf, index, length);
        if (length <= ASCII_FAST_PATH_MAX) {
            String ascii = shortAscii(buf, index, length);
            if (ascii != null) {
                return ascii;
            }
        }
        if (buf.hasArray()) {
            return new String(buf.array(), buf.arrayOffset() + index, length, StandardCharsets.UTF_8);
        }
        return buf.toString(index, length, StandardCharsets.UTF_8);
    }

    /**
     * Reads a NUL-terminated string (the protocol's String type) at the reader index and moves the
     * reader index past the terminator.
     *
     * @throws CodecException if no NUL byte follows before the writer index
     */
    public static String readCString(ByteBuf buf) {
        int start = buf.readerIndex();
        int end = cStringEnd(buf, start);
        String value = read(buf, start, end - start);
        buf.readerIndex(end + 1);
        return value;
    }

    /**
     * The absolute index of the NUL byte that ends the C string starting at {@code index}.
     *
     * @throws CodecException if no NUL byte follows before the writer index
     */
    public static int cStringEnd(ByteBuf buf, int index) {
        int end = buf.indexOf(index, buf.writerIndex(), (byte) 0);
        if (end < 0) {
            throw new CodecException("string at index " + index + " is not NUL-terminated within "
                    + (buf.writerIndex() - index) + " bytes");
        }
        return end;
    }

    /** Throws {@link CodecException} unless {@code [index, index + length)} lies inside {@code buf}'s capacity. */
    public static void checkRange(ByteBuf buf, int index, int length) {
        if (index < 0 || length < 0 || index > buf.capacity() - length) {
            throw new CodecException("value of " + length + " bytes at index " + index
                    + " lies outside the buffer (capacity " + buf.capacity() + ")");
        }
    }

    /**
     * The value as a Latin-1 string if every byte is ASCII, else {@code null}. Heap buffers are
     * checked in their array; others byte by byte. The deprecated {@code String(byte[], int, int,
     * int)} constructor builds a compact (Latin-1) string with one copy and no charset lookup.
     */
    @SuppressWarnings("deprecation")
    private static String shortAscii(ByteBuf buf, int index, int length) {
        if (length == 0) {
            return "";
        }
        if (buf.hasArray()) {
            byte[] array = buf.array();
            int offset = buf.arrayOffset() + index;
            for (int i = offset, end = offset + length; i < end; i++) {
                if (array[i] < 0) {
                    return null;
                }
            }
            return new String(array, 0, offset, length);
        }
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            byte b = buf.getByte(index + i);
            if (b < 0) {
                return null;
            }
            bytes[i] = b;
        }
        return new String(bytes, 0, 0, length);
    }

    /**
     * A value quoted for an error message: at most {@value #PREVIEW_MAX} bytes of it (a bad value can
     * be megabytes long), never reading beyond the buffer.
     */
    public static String preview(ByteBuf buf, int index, int length) {
        if (length < 0 || index < 0 || index >= buf.capacity()) {
            return "(" + length + " bytes at index " + index + ")";
        }
        int shown = Math.min(Math.min(length, PREVIEW_MAX), buf.capacity() - index);
        String text = buf.toString(index, shown, StandardCharsets.UTF_8);
        return "'" + text + (shown < length ? "...' (" + length + " bytes)" : "'");
    }
}
