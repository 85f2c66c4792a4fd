package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.io.Utf8Strings;

/**
 * Reads a text value left to right, straight from the buffer; every failure is a
 * {@link CodecException} quoting the value and naming the type. One instance per value.
 */
final class TextCursor {

    private final ByteBuf buf;
    private final int start;
    private final int end;
    private final String type;
    private int pos;

    TextCursor(ByteBuf buf, int index, int length, String type) {
        Utf8Strings.checkRange(buf, index, length);
        this.buf = buf;
        this.start = index;
        this.end = index + length;
        this.type = type;
        this.pos = index;
    }

    boolean atEnd() {
        return pos >= end;
    }

    /** The next byte, or -1 at the end. */
    int peek() {
        return pos < end ? buf.getByte(pos) : -1;
    }

    /** Consumes {@code c} if it is next. */
    boolean accept(char c) {
        if (pos < end && buf.getByte(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    void expect(char c) {
        if (!accept(c)) {
            throw fail();
        }
    }

    /** Consumes {@code word} if the remaining bytes start with it. */
    boolean accept(String word) {
        if (end - pos < word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (buf.getByte(pos + i) != word.charAt(i)) {
                return false;
            }
        }
        pos += word.length();
        return true;
    }

    /** Whether the whole value is exactly {@code word}. */
    boolean is(String word) {
        return end - start == word.length() && pos == start && accept(word);
    }

    /** An unsigned decimal of {@code min} to {@code max} digits. */
    long digits(int min, int max) {
        long value = 0;
        int n = 0;
        while (pos < end && n < max) {
            int d = buf.getByte(pos) - '0';
            if (d < 0 || d > 9) {
                break;
            }
            value = value * 10 + d;
            pos++;
            n++;
        }
        if (n < min || (n == max && pos < end && isDigit(buf.getByte(pos)))) {
            throw fail();
        }
        return value;
    }

    /** Exactly {@code n} digits. */
    int fixed(int n) {
        return (int) digits(n, n);
    }

    /** A fraction after a point, as microseconds: 1 to 6 digits (more would be sub-microsecond). */
    int micros() {
        int value = 0;
        int n = 0;
        while (pos < end && isDigit(buf.getByte(pos))) {
            if (n == 6) {
                throw fail();
            }
            value = value * 10 + (buf.getByte(pos) - '0');
            pos++;
            n++;
        }
        if (n == 0) {
            throw fail();
        }
        for (; n < 6; n++) {
            value *= 10;
        }
        return value;
    }

    void expectEnd() {
        if (pos != end) {
            throw fail();
        }
    }

    CodecException fail() {
        return new CodecException("invalid " + type + " text value " + Utf8Strings.preview(buf, start, end - start));
    }

    CodecException fail(Throwable cause) {
        return new CodecException("invalid " + type + " text value " + Utf8Strings.preview(buf, start, end - start)
                + ": " + cause.getMessage(), cause);
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
