package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.io.Utf8Strings;

/**
 * pgvector's text forms: {@code [1,2.5,3]} for vector and halfvec (vector_out, halfvec_out) and
 * {@code {1:1,3:2.5}/5} for sparsevec (sparsevec_out, indices from 1). Reading also takes the blanks
 * the input functions skip around numbers and punctuation. Numbers print as float4 does (the
 * shortest digits that read back, {@link FloatText}).
 */
final class VectorText {

    private VectorText() {
    }

    /** The elements of {@code [..]}; at least one, at most {@code max}, each finite. */
    static float[] readDense(ByteBuf buf, int index, int length, String type, int max) {
        int end = index + length;
        int i = skipBlanks(buf, index, end);
        if (i == end || buf.getByte(i) != '[') {
            throw invalid(type, buf, index, length, "expected '['");
        }
        // elements are at most one per two bytes ("1,"): a bound before allocating
        float[] values = new float[Math.min(max, length / 2 + 1)];
        int count = 0;
        i++;
        while (true) {
            int start = skipBlanks(buf, i, end);
            int stop = start;
            while (stop < end && buf.getByte(stop) != ',' && buf.getByte(stop) != ']') {
                stop++;
            }
            if (stop == end) {
                throw invalid(type, buf, index, length, "expected ']'");
            }
            if (count == values.length) {
                throw invalid(type, buf, index, length, "more than " + max + " dimensions");
            }
            values[count++] = element(buf, start, trimEnd(buf, start, stop), type, index, length);
            i = stop + 1;
            if (buf.getByte(stop) == ']') {
                break;
            }
        }
        if (skipBlanks(buf, i, end) != end) {
            throw invalid(type, buf, index, length, "unexpected text after ']'");
        }
        return count == values.length ? values : java.util.Arrays.copyOf(values, count);
    }

    /** The parts of {@code {i:v,...}/dim}, indices turned 0-based; limits are checked by {@code SparseVector}. */
    static Sparse readSparse(ByteBuf buf, int index, int length, String type, int maxNonZeros) {
        int end = index + length;
        int i = skipBlanks(buf, index, end);
        if (i == end || buf.getByte(i) != '{') {
            throw invalid(type, buf, index, length, "expected '{'");
        }
        // a pair takes at least four bytes ("1:1,")
        int capacity = Math.min(maxNonZeros, length / 4 + 1);
        int[] indices = new int[capacity];
        float[] values = new float[capacity];
        int count = 0;
        i = skipBlanks(buf, i + 1, end);
        if (i < end && buf.getByte(i) == '}') {
            i++;
        } else {
            while (true) {
                int colon = i;
                while (colon < end && buf.getByte(colon) != ':') {
                    colon++;
                }
                int stop = colon;
                while (stop < end && buf.getByte(stop) != ',' && buf.getByte(stop) != '}') {
                    stop++;
                }
                if (colon == end || stop == end) {
                    throw invalid(type, buf, index, length, "expected 'index:value' pairs closed by '}'");
                }
                if (count == capacity) {
                    throw invalid(type, buf, index, length, "more than " + maxNonZeros + " non-zero elements");
                }
                long oneBased = integer(buf, skipBlanks(buf, i, colon), trimEnd(buf, i, colon), type, index, length);
                indices[count] = (int) Math.max(Integer.MIN_VALUE, oneBased - 1);
                int valueStart = skipBlanks(buf, colon + 1, stop);
                values[count++] = element(buf, valueStart, trimEnd(buf, valueStart, stop), type, index, length);
                i = stop + 1;
                if (buf.getByte(stop) == '}') {
                    break;
                }
                i = skipBlanks(buf, i, end);
            }
        }
        i = skipBlanks(buf, i, end);
        if (i == end || buf.getByte(i) != '/') {
            throw invalid(type, buf, index, length, "expected '/' and the dimensions");
        }
        int dimStart = skipBlanks(buf, i + 1, end);
        long dimensions = integer(buf, dimStart, trimEnd(buf, dimStart, end), type, index, length);
        return new Sparse((int) Math.min(Integer.MAX_VALUE, dimensions), java.util.Arrays.copyOf(indices, count),
                java.util.Arrays.copyOf(values, count));
    }

    /** The parts of a sparsevec's text; unchecked. */
    record Sparse(int dimensions, int[] indices, float[] values) {
    }

    static void writeDense(float[] values, StringBuilder out) {
        out.append('[');
        for (int i = 0; i < values.length; i++) {
            out.append(i == 0 ? "" : ",").append(FloatText.format(values[i], 6));
        }
        out.append(']');
    }

    static void writeSparse(int dimensions, int[] indices, float[] values, StringBuilder out) {
        out.append('{');
        for (int i = 0; i < indices.length; i++) {
            out.append(i == 0 ? "" : ",").append(indices[i] + 1L).append(':').append(FloatText.format(values[i], 6));
        }
        out.append("}/").append(dimensions);
    }

    private static float element(ByteBuf buf, int start, int stop, String type, int index, int length) {
        if (start >= stop) {
            throw invalid(type, buf, index, length, "an empty element");
        }
        double parsed = FloatText.parse(buf, start, stop - start, type);
        float value = (float) parsed;
        if (Float.isNaN(value) || Float.isInfinite(value)) {
            throw invalid(type, buf, index, length, "an element that is not a finite float");
        }
        return value;
    }

    /** A decimal integer of at most 10 digits (the limits are far below that). */
    private static long integer(ByteBuf buf, int start, int stop, String type, int index, int length) {
        if (start >= stop || stop - start > 10) {
            throw invalid(type, buf, index, length, "expected an integer of 1 to 10 digits");
        }
        long value = 0;
        for (int i = start; i < stop; i++) {
            int d = buf.getByte(i) - '0';
            if (d < 0 || d > 9) {
                throw invalid(type, buf, index, length, "expected an integer");
            }
            value = value * 10 + d;
        }
        return value;
    }

    private static int skipBlanks(ByteBuf buf, int i, int end) {
        while (i < end && isBlank(buf.getByte(i))) {
            i++;
        }
        return i;
    }

    private static int trimEnd(ByteBuf buf, int start, int stop) {
        while (stop > start && isBlank(buf.getByte(stop - 1))) {
            stop--;
        }
        return stop;
    }

    private static boolean isBlank(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == 0x0b;
    }

    static CodecException invalid(String type, ByteBuf buf, int index, int length, String detail) {
        return new CodecException("invalid " + type + " text value " + Utf8Strings.preview(buf, index, length) + ": " + detail);
    }
}
