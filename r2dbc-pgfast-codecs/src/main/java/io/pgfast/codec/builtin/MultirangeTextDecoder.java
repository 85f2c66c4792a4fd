package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the text form of a multirange, {@code {[1,3),[5,7)}} (multirange_out; multirange_in also
 * takes whitespace around the ranges and drops {@code empty} members). Ranges follow
 * {@link RangeText}.
 */
public final class MultirangeTextDecoder implements Decoder<Multirange<Object>> {

    private final String typeName;
    private final Decoder<?> bound;

    /**
     * @param typeName the multirange type's name, for error messages
     * @param bound the range subtype's text decoder
     */
    public MultirangeTextDecoder(String typeName, Decoder<?> bound) {
        this.typeName = typeName;
        this.bound = bound;
    }

    @Override
    public Multirange<Object> decode(ByteBuf buf, int index, int length) {
        int pos = skipSpaces(buf, index, index + length);
        int end = index + length;
        while (end > pos && ArrayTextDecoder.isSpace(buf.getByte(end - 1))) {
            end--;
        }
        if (end - pos < 2 || buf.getByte(pos) != '{' || buf.getByte(end - 1) != '}') {
            throw malformed("expected '{' ... '}'");
        }
        pos = skipSpaces(buf, pos + 1, end - 1);
        if (pos == end - 1) {
            return Multirange.empty();
        }
        List<Range<Object>> ranges = new ArrayList<>();
        while (true) {
            int rangeEnd = rangeEnd(buf, pos, end - 1);
            Range<Object> range = RangeText.parse(typeName, bound, buf, pos, rangeEnd);
            if (!range.isEmpty()) {
                ranges.add(range);
            }
            pos = skipSpaces(buf, rangeEnd, end - 1);
            if (pos == end - 1) {
                return Multirange.of(ranges);
            }
            if (buf.getByte(pos) != ',') {
                throw malformed("expected ',' or '}' after a range");
            }
            pos = skipSpaces(buf, pos + 1, end - 1);
            if (pos == end - 1) {
                throw malformed("expected a range after ','");
            }
        }
    }

    /** The end of the range literal starting at {@code pos}: after its closing bracket, or after {@code empty}. */
    private int rangeEnd(ByteBuf buf, int pos, int limit) {
        byte first = buf.getByte(pos);
        if (first != '[' && first != '(') {
            int i = pos;
            while (i < limit && buf.getByte(i) != ',' && !ArrayTextDecoder.isSpace(buf.getByte(i))) {
                i++;
            }
            return i;
        }
        int lowerEnd = RangeText.boundEnd(typeName, buf, pos + 1, limit);
        if (lowerEnd >= limit || buf.getByte(lowerEnd) != ',') {
            throw malformed("missing comma after a lower bound");
        }
        int upperEnd = RangeText.boundEnd(typeName, buf, lowerEnd + 1, limit);
        if (upperEnd >= limit || buf.getByte(upperEnd) == ',') {
            throw malformed("expected ']' or ')' after an upper bound");
        }
        return upperEnd + 1;
    }

    private static int skipSpaces(ByteBuf buf, int pos, int limit) {
        while (pos < limit && ArrayTextDecoder.isSpace(buf.getByte(pos))) {
            pos++;
        }
        return pos;
    }

    private CodecException malformed(String detail) {
        return new CodecException("malformed " + typeName + " literal: " + detail);
    }

    @Override
    public String toString() {
        return "MultirangeTextDecoder[" + typeName + "]";
    }
}
