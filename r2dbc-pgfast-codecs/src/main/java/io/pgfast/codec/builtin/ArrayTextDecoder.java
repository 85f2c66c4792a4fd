package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Decoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Decodes the text form of an array, as array_out writes it and array_in reads it
 * ("Arrays", section 8.15.6 of the PostgreSQL docs):
 *
 * <ul>
 *   <li>an optional dimension decoration {@code [lb:ub][lb:ub]=}, written when a lower bound is
 *       not 1 ({@code [1]} is short for {@code [1:1]});
 *   <li>nested braces, one level per dimension; sub-arrays of one level must have equal lengths;
 *   <li>elements separated by the element type's delimiter (a comma, a semicolon for box);
 *       whitespace around an element is ignored;
 *   <li>an element may be double-quoted (array_out quotes empty strings, {@code NULL}, and text
 *       holding whitespace, quotes, backslashes, braces or the delimiter), and a backslash takes
 *       the next byte literally;
 *   <li>an unquoted {@code NULL} (any case) is SQL NULL; {@code "NULL"} is the string.
 * </ul>
 *
 * <p>Each element's text is decoded by the element type's text decoder, in place when it has no
 * escapes. Lower bounds are checked against the contents but not kept (see {@link ArrayTarget}).
 */
public final class ArrayTextDecoder implements Decoder<Object> {

    private final String typeName;
    private final Decoder<?> elementDecoder;
    private final byte delimiter;
    private final ArrayTarget target;

    /**
     * @param typeName the array type's name, for error messages ({@code int4[]})
     * @param elementDecoder the element type's text decoder to {@code target.elementClass()}
     * @param delimiter the element type's typdelim: {@code ','} for all built-in types but box ({@code ';'})
     * @param target the Java shape to build
     */
    public ArrayTextDecoder(String typeName, Decoder<?> elementDecoder, char delimiter, ArrayTarget target) {
        if (delimiter > 0x7f || delimiter == '"' || delimiter == '\\' || delimiter == '{' || delimiter == '}') {
            throw new IllegalArgumentException("unusable array delimiter '" + delimiter + "'");
        }
        this.typeName = typeName;
        this.elementDecoder = elementDecoder;
        this.delimiter = (byte) delimiter;
        this.target = target;
    }

    @Override
    public Object decode(ByteBuf buf, int index, int length) {
        return new Parse(buf, index, index + length).run();
    }

    @Override
    public String toString() {
        return "ArrayTextDecoder[" + typeName + " -> " + target + "]";
    }

    /** The state of one parse: cursor, discovered dimensions and elements. */
    private final class Parse {

        private final ByteBuf buf;
        private final int start;
        private final int end;
        private int pos;
        private int ndim = -1;
        private final int[] dims = new int[ArrayTarget.MAX_DIMENSIONS];
        private final int[] counts = new int[ArrayTarget.MAX_DIMENSIONS + 1];
        private final List<Object> flat = new ArrayList<>();

        Parse(ByteBuf buf, int start, int end) {
            this.buf = buf;
            this.start = start;
            this.end = end;
            this.pos = start;
        }

        Object run() {
            skipSpaces();
            int[] declared = peek() == '[' ? readDecoration() : null;
            expect('{');
            readBraces();
            skipSpaces();
            if (pos != end) {
                throw malformed("junk after the closing brace");
            }
            int[] shape = new int[Math.max(ndim, 0)];
            System.arraycopy(dims, 0, shape, 0, shape.length);
            if (declared != null && !Arrays.equals(declared, shape)) {
                throw malformed("the dimension decoration does not match the contents");
            }
            return target.build(typeName, shape, flat.toArray());
        }

        /** Reads {@code [lb:ub]...=} and returns the declared lengths. */
        private int[] readDecoration() {
            int[] lengths = new int[ArrayTarget.MAX_DIMENSIONS];
            int n = 0;
            while (peek() == '[') {
                if (n == ArrayTarget.MAX_DIMENSIONS) {
                    throw malformed("more than " + ArrayTarget.MAX_DIMENSIONS + " dimensions");
                }
                pos++;
                long lower = 1;
                long upper = readBound();
                if (peek() == ':') {
                    pos++;
                    lower = upper;
                    upper = readBound();
                }
                expect(']');
                if (upper < lower - 1) {
                    throw malformed("upper bound " + upper + " is below lower bound " + lower);
                }
                long len = upper - lower + 1;
                if (len > Integer.MAX_VALUE) {
                    throw malformed("dimension of " + len + " elements is too long");
                }
                lengths[n++] = (int) len;
                skipSpaces();
            }
            expect('=');
            skipSpaces();
            return Arrays.copyOf(lengths, n);
        }

        private long readBound() {
            skipSpaces();
            boolean negative = false;
            if (peek() == '-' || peek() == '+') {
                negative = buf.getByte(pos++) == '-';
            }
            int digitsFrom = pos;
            long v = 0;
            while (pos < end && buf.getByte(pos) >= '0' && buf.getByte(pos) <= '9') {
                v = v * 10 + (buf.getByte(pos++) - '0');
                if (v > Integer.MAX_VALUE + 1L) {
                    throw malformed("array bound out of range");
                }
            }
            if (pos == digitsFrom) {
                throw malformed("expected a dimension bound");
            }
            v = negative ? -v : v;
            if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
                throw malformed("array bound out of range");
            }
            skipSpaces();
            return v;
        }

        /** Reads everything after the outermost '{' up to and including its matching '}'. */
        private void readBraces() {
            int depth = 1;
            counts[1] = 0;
            boolean afterDelimiter = false;
            while (true) {
                skipSpaces();
                int c = peek();
                if (c == '{') {
                    if (ndim != -1 && depth >= ndim) {
                        throw malformed("unexpected '{'");
                    }
                    if (depth == ArrayTarget.MAX_DIMENSIONS) {
                        throw malformed("more than " + ArrayTarget.MAX_DIMENSIONS + " dimensions");
                    }
                    if (counts[depth] > 0 && !afterDelimiter) {
                        throw malformed("expected '" + (char) delimiter + "' or '}'");
                    }
                    pos++;
                    depth++;
                    counts[depth] = 0;
                    afterDelimiter = false;
                    continue;
                }
                if (c == '}') {
                    if (afterDelimiter) {
                        throw malformed("unexpected '}' after a delimiter");
                    }
                    pos++;
                    if (counts[depth] == 0) {
                        if (depth != 1 || ndim != -1) {
                            throw malformed("unexpected '}'");
                        }
                        ndim = 0;
                        return;
                    }
                    if (ndim == -1) {
                        throw malformed("unexpected '}'");
                    }
                    closeLevel(depth);
                    depth--;
                    if (depth == 0) {
                        return;
                    }
                    counts[depth]++;
                    continue;
                }
                if (c == delimiter) {
                    if (counts[depth] == 0 || afterDelimiter) {
                        throw malformed("unexpected '" + (char) delimiter + "'");
                    }
                    pos++;
                    afterDelimiter = true;
                    continue;
                }
                if (c < 0) {
                    throw malformed("unexpected end of input");
                }
                if (counts[depth] > 0 && !afterDelimiter) {
                    throw malformed("expected '" + (char) delimiter + "' or '}'");
                }
                if (ndim == -1) {
                    ndim = depth;
                } else if (depth != ndim) {
                    throw malformed("unexpected array element at nesting level " + depth + " of " + ndim);
                }
                readElement();
                counts[depth]++;
                afterDelimiter = false;
            }
        }

        private void closeLevel(int depth) {
            int n = counts[depth];
            int d = depth - 1;
            if (dims[d] == 0) {
                dims[d] = n;
            } else if (dims[d] != n) {
                throw malformed("multidimensional arrays must have sub-arrays with matching dimensions");
            }
        }

        /** Reads one element: entirely double-quoted, or unquoted (a backslash escapes in both). */
        private void readElement() {
            int from = pos;
            if (buf.getByte(pos) == '"') {
                int to = QuotedElement.quotedEnd(buf, from, end);
                if (to < 0) {
                    pos = end;
                    throw malformed("unterminated quoted element");
                }
                pos = to;
                skipSpaces();
                int next = peek();
                if (next != delimiter && next != '}') {
                    throw malformed(next < 0 ? "unexpected end of input" : "unexpected character after a quoted element");
                }
                flat.add(QuotedElement.decode(elementDecoder, buf, from, to, false));
                return;
            }
            int significantEnd = pos;
            boolean escaped = false;
            while (pos < end) {
                byte b = buf.getByte(pos);
                if (b == '\\') {
                    if (pos + 1 >= end) {
                        throw malformed("backslash at the end of the input");
                    }
                    pos += 2;
                    significantEnd = pos;
                    escaped = true;
                } else if (b == delimiter || b == '}') {
                    break;
                } else if (b == '{' || b == '"') {
                    throw malformed("unexpected '" + (char) b + "' inside an unquoted element");
                } else {
                    pos++;
                    if (!isSpace(b)) {
                        significantEnd = pos;
                    }
                }
            }
            if (!escaped && QuotedElement.isNull(buf, from, significantEnd)) {
                flat.add(null);
            } else {
                flat.add(QuotedElement.decode(elementDecoder, buf, from, significantEnd, false));
            }
        }

        private int peek() {
            return pos < end ? buf.getByte(pos) & 0xff : -1;
        }

        private void expect(char c) {
            if (peek() != c) {
                throw malformed(pos < end ? "expected '" + c + "'" : "expected '" + c + "' but the input ends");
            }
            pos++;
        }

        private void skipSpaces() {
            while (pos < end && isSpace(buf.getByte(pos))) {
                pos++;
            }
        }

        private CodecException malformed(String detail) {
            return new CodecException("malformed " + typeName + " literal: " + detail + " at offset " + (pos - start));
        }
    }

    /** array_isspace: the whitespace array_in skips around elements. */
    static boolean isSpace(int b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0b || b == '\f';
    }
}
