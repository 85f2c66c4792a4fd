package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.Decoder;
import java.util.Arrays;

/**
 * Decodes one element of a structured text literal (an array element, a range bound, a record
 * field, an hstore key or value) whose extent the caller has already found.
 *
 * <p>Inside the element a double quote starts or ends a quoted part, and a backslash takes the
 * next byte literally, in or out of quotes (array_in, range_in, record_in and hstore_in all read
 * these two rules). With {@code doubledQuotes} (range_in, record_in), {@code ""} inside a quoted
 * part is one literal quote.
 *
 * <p>An element without quotes or backslashes, or one that is entirely one quoted part without
 * escapes, is handed to the element decoder in place, without copying; any other element is
 * unescaped into a temporary heap buffer first.
 */
final class QuotedElement {

    private static final byte QUOTE = '"';
    private static final byte BACKSLASH = '\\';

    /** Writes one part's (a bound's, a field's) unquoted text. */
    @FunctionalInterface
    interface ValueWriter {
        void write(Object value, ByteBuf out);
    }

    private QuotedElement() {
    }

    /**
     * The end of the quoted part that starts with the double quote at {@code from}: the index after its closing
     * quote, a backslash taking the next byte literally; -1 when {@code end} comes first.
     */
    static int quotedEnd(ByteBuf buf, int from, int end) {
        int pos = from + 1;
        while (pos < end) {
            byte b = buf.getByte(pos++);
            if (b == BACKSLASH) {
                pos++;
            } else if (b == QUOTE) {
                return pos;
            }
        }
        return -1;
    }

    /** Whether the unquoted, unescaped element in {@code buf[from, to)} is NULL, in any case: SQL NULL (array_in, hstore_in). */
    static boolean isNull(ByteBuf buf, int from, int to) {
        return to - from == 4
                && (buf.getByte(from) | 0x20) == 'n'
                && (buf.getByte(from + 1) | 0x20) == 'u'
                && (buf.getByte(from + 2) | 0x20) == 'l'
                && (buf.getByte(from + 3) | 0x20) == 'l';
    }

    /**
     * Decodes the element in {@code buf[from, to)}; the caller has checked that quotes are
     * balanced and no backslash is the last byte.
     */
    static Object decode(Decoder<?> decoder, ByteBuf buf, int from, int to, boolean doubledQuotes) {
        int special = buf.forEachByte(from, to - from, b -> b != QUOTE && b != BACKSLASH);
        if (special < 0) {
            return decoder.decode(buf, from, to - from);
        }
        if (special == from && to - from >= 2 && buf.getByte(from) == QUOTE && buf.getByte(to - 1) == QUOTE) {
            int inner = buf.forEachByte(from + 1, to - from - 2, b -> b != QUOTE && b != BACKSLASH);
            if (inner < 0) {
                return decoder.decode(buf, from + 1, to - from - 2);
            }
        }
        byte[] unescaped = unescape(buf, from, to, doubledQuotes);
        ByteBuf tmp = Unpooled.wrappedBuffer(unescaped);
        try {
            return decoder.decode(tmp, 0, unescaped.length);
        } finally {
            tmp.release();
        }
    }

    /** The element's bytes with its quoting removed, as a new array. */
    static byte[] unescape(ByteBuf buf, int from, int to, boolean doubledQuotes) {
        byte[] out = new byte[to - from];
        int n = 0;
        boolean quoted = false;
        for (int i = from; i < to; i++) {
            byte b = buf.getByte(i);
            if (b == BACKSLASH && i + 1 < to) {
                out[n++] = buf.getByte(++i);
            } else if (b == QUOTE) {
                if (quoted && doubledQuotes && i + 1 < to && buf.getByte(i + 1) == QUOTE) {
                    out[n++] = QUOTE;
                    i++;
                } else {
                    quoted = !quoted;
                }
            } else {
                out[n++] = b;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    /**
     * Copies a range bound's or record field's text to {@code out}, double-quoted when range_out
     * or record_out would quote it (empty, or holding a quote, backslash, parenthesis, comma or
     * whitespace; for a range bound also a square bracket), with quotes and backslashes doubled.
     */
    static void writeQuoted(ByteBuf text, ByteBuf out, boolean rangeBound) {
        int from = text.readerIndex();
        int len = text.readableBytes();
        boolean quote = len == 0;
        for (int i = from; i < from + len && !quote; i++) {
            byte b = text.getByte(i);
            quote = b == QUOTE || b == BACKSLASH || b == '(' || b == ')' || b == ','
                    || (rangeBound && (b == '[' || b == ']')) || ArrayTextDecoder.isSpace(b);
        }
        if (!quote) {
            out.writeBytes(text, from, len);
            return;
        }
        out.writeByte(QUOTE);
        for (int i = from; i < from + len; i++) {
            byte b = text.getByte(i);
            if (b == QUOTE || b == BACKSLASH) {
                out.writeByte(b);
            }
            out.writeByte(b);
        }
        out.writeByte(QUOTE);
    }
}
