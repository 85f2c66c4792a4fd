package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Range;

/**
 * The text form of a range, as range_out writes it and range_in reads it ("Range Input/Output",
 * section 8.17.5 of the PostgreSQL docs): {@code empty} (any case), or {@code [} or {@code (}, the
 * lower bound, a comma, the upper bound, {@code ]} or {@code )}. An omitted bound is unbounded; a
 * bound may be double-quoted, {@code ""} inside quotes is a quote and a backslash takes the next
 * byte literally, so {@code ""} is the empty string and not an omitted bound. Whitespace around
 * the whole literal is ignored, inside it belongs to the bounds.
 */
final class RangeText {

    private RangeText() {
    }

    /** Parses the range in {@code buf[from, to)}, decoding each bound with {@code bound}. */
    static Range<Object> parse(String typeName, Decoder<?> bound, ByteBuf buf, int from, int to) {
        while (from < to && ArrayTextDecoder.isSpace(buf.getByte(from))) {
            from++;
        }
        while (to > from && ArrayTextDecoder.isSpace(buf.getByte(to - 1))) {
            to--;
        }
        if (to - from == 5 && isEmptyKeyword(buf, from)) {
            return Range.empty();
        }
        if (to - from < 3) {
            throw malformed(typeName, "too short");
        }
        byte open = buf.getByte(from);
        byte close = buf.getByte(to - 1);
        if ((open != '[' && open != '(') || (close != ']' && close != ')')) {
            throw malformed(typeName, "expected '[' or '(' ... ']' or ')'");
        }
        int lowerEnd = boundEnd(typeName, buf, from + 1, to - 1);
        if (lowerEnd == to - 1 || buf.getByte(lowerEnd) != ',') {
            throw malformed(typeName, "missing comma after the lower bound");
        }
        int upperEnd = boundEnd(typeName, buf, lowerEnd + 1, to - 1);
        if (upperEnd != to - 1) {
            throw malformed(typeName, "junk after the upper bound");
        }
        Object lower = lowerEnd == from + 1 ? null : QuotedElement.decode(bound, buf, from + 1, lowerEnd, true);
        Object upper = upperEnd == lowerEnd + 1 ? null : QuotedElement.decode(bound, buf, lowerEnd + 1, upperEnd, true);
        return Range.of(lower, open == '[', upper, close == ']');
    }

    /**
     * The end (exclusive) of the bound starting at {@code from}: the first comma, {@code ]} or
     * {@code )} outside quotes (range_parse_bound's stop characters), or {@code limit}.
     */
    static int boundEnd(String typeName, ByteBuf buf, int from, int limit) {
        boolean quoted = false;
        int i = from;
        while (i < limit) {
            byte b = buf.getByte(i);
            if (b == '\\') {
                if (i + 1 >= limit) {
                    throw malformed(typeName, "backslash at the end of a bound");
                }
                i += 2;
                continue;
            }
            if (b == '"') {
                quoted = !quoted;
            } else if (!quoted && (b == ',' || b == ')' || b == ']')) {
                return i;
            }
            i++;
        }
        if (quoted) {
            throw malformed(typeName, "unterminated quoted bound");
        }
        return i;
    }

    private static boolean isEmptyKeyword(ByteBuf buf, int from) {
        return (buf.getByte(from) | 0x20) == 'e' && (buf.getByte(from + 1) | 0x20) == 'm' && (buf.getByte(from + 2) | 0x20) == 'p'
                && (buf.getByte(from + 3) | 0x20) == 't' && (buf.getByte(from + 4) | 0x20) == 'y';
    }

    /** Writes {@code range} as range_out does, each bound's text from {@code bounds}, quoted as needed. */
    static void write(Range<?> range, ByteBuf out, QuotedElement.ValueWriter bounds) {
        if (range.isEmpty()) {
            out.writeBytes(EMPTY_KEYWORD);
            return;
        }
        out.writeByte(range.isLowerInclusive() ? '[' : '(');
        ByteBuf scratch = out.alloc().heapBuffer();
        try {
            if (range.hasLower()) {
                bounds.write(range.lower(), scratch);
                QuotedElement.writeQuoted(scratch, out, true);
            }
            out.writeByte(',');
            if (range.hasUpper()) {
                scratch.clear();
                bounds.write(range.upper(), scratch);
                QuotedElement.writeQuoted(scratch, out, true);
            }
        } finally {
            scratch.release();
        }
        out.writeByte(range.isUpperInclusive() ? ']' : ')');
    }

    /** Writes a range whose bounds are Strings (from binary-to-String bound decoders). */
    static void writeStrings(Range<?> range, ByteBuf out) {
        write(range, out, (bound, scratch) -> ByteBufUtil.writeUtf8(scratch, (String) bound));
    }

    private static final byte[] EMPTY_KEYWORD = {'e', 'm', 'p', 't', 'y'};

    static CodecException malformed(String typeName, String detail) {
        return new CodecException("malformed " + typeName + " literal: " + detail);
    }
}
