package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;

import java.nio.charset.StandardCharsets;

/**
 * Decodes strings straight from a buffer's memory with the length the protocol gave (a DataRow
 * column length, a message length): the bytes are never rescanned to learn their length.
 *
 * <p>Every value goes through one UTF-8 decode reading the buffer's memory: for a heap buffer its
 * array at {@code arrayOffset + index} (the JDK's UTF-8 constructor, which checks for ASCII with an
 * intrinsic and then copies once); for direct and composite buffers netty's
 * {@link ByteBuf#toString(int, int, java.nio.charset.Charset)}, which copies into a thread-local
 * scratch array and decodes that. A one-byte ASCII value ({@link #ASCII_FAST_PATH_MAX}) is not
 * decoded at all but taken from a table of the 128 one-character strings, so single-character
 * columns (bool's {@code t}/{@code f}, one-digit numbers, "char" flags) allocate nothing.
 * Malformed UTF-8 is replaced by U+FFFD as {@link String#String(byte[], java.nio.charset.Charset)}
 * does; decoding never throws for bad bytes (PostgreSQL validates text encoding on input, so only a
 * non-UTF-8 client_encoding or bytea cast to text produces them).
 *
 * <p>Reads use absolute indexes and never move the buffer's reader index, except
 * {@link #readCString(ByteBuf)} which consumes what it reads.
 */
public final class Utf8Strings {

    /**
     * ASCII values of up to this many bytes skip the UTF-8 decoder. Measured with
     * {@code ShortStringBenchmark} on JDK 17 (BENCHMARKS.md): building a String from the bytes by
     * hand (byte loop and the Latin-1 constructor, a char[], or a bulk copy) was not faster than
     * netty's UTF-8 decode at 8, 16, 24 or 32 bytes, because the JDK's UTF-8 constructor already has
     * an ASCII fast path; only the one-byte table, which allocates nothing, is kept.
     */
    public static final int ASCII_FAST_PATH_MAX = 1;

    /** The 128 one-character ASCII strings, indexed by their byte. */
    private static final String[] ONE_BYTE_ASCII = new String[128];

    static {
        for (int i = 0; i < ONE_BYTE_ASCII.length; i++) {
            ONE_BYTE_ASCII[i] = String.valueOf((char) i);
        }
    }

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
            if (length == 0) {
                return "";
            }
            byte b = buf.getByte(index);
            if (b >= 0) {
                return ONE_BYTE_ASCII[b];
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
