package io.pgfast.codec.io;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;

import java.math.BigDecimal;

/**
 * Parses the text form of integers and numerics straight from the bytes of a value, with no String
 * in between. Every byte is validated, the digit count is bounded before the loop starts, and
 * overflow is checked. The accepted syntax is what the server's output functions print
 * ({@code int4out}, {@code numeric_out}): an optional sign, ASCII digits, and for numeric one
 * optional decimal point; no blanks, no exponent. Also the value of one hex digit, which the hex text forms
 * (bytea, uuid, inet, macaddr, hex EWKB) are read with.
 *
 * <p>Errors are {@link CodecException}s naming the PostgreSQL type passed in {@code type}.
 */
public final class AsciiNumbers {

    /** "-9223372036854775808": a sign and 19 digits. */
    private static final int LONG_MAX_CHARS = 20;
    /** "-2147483648": a sign and 10 digits. */
    private static final int INT_MAX_CHARS = 11;
    /**
     * numeric allows 131072 digits before the point and 16383 after ("Numeric Types" in the
     * PostgreSQL docs), plus a sign and the point.
     */
    private static final int NUMERIC_MAX_CHARS = 131072 + 16383 + 2;
    /** Up to 18 digits always fit in a long, so BigDecimal.valueOf(long, scale) builds them. */
    private static final int LONG_SAFE_DIGITS = 18;

    private AsciiNumbers() {
    }

    /** An int2 (or any type whose text is a 16-bit integer). */
    public static short parseShort(ByteBuf buf, int index, int length, String type) {
        int value = parseInt(buf, index, length, type);
        if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
            throw outOfRange(buf, index, length, type, "java.lang.Short");
        }
        return (short) value;
    }

    /** An int4 (or int2, oid-like values below 2^31). */
    public static int parseInt(ByteBuf buf, int index, int length, String type) {
        int i = afterSign(buf, index, length, type, INT_MAX_CHARS);
        int end = index + length;
        boolean negative = buf.getByte(index) == '-';
        // at most 10 digits: the running value cannot overflow a long
        long value = 0;
        for (; i < end; i++) {
            int digit = buf.getByte(i) - '0';
            if (digit < 0 || digit > 9) {
                throw invalid(buf, index, length, type);
            }
            value = value * 10 + digit;
        }
        if (negative) {
            value = -value;
        }
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw outOfRange(buf, index, length, type, "java.lang.Integer");
        }
        return (int) value;
    }

    /** An int8 (or an oid/xid, which are non-negative and below 2^32). */
    public static long parseLong(ByteBuf buf, int index, int length, String type) {
        int i = afterSign(buf, index, length, type, LONG_MAX_CHARS);
        int end = index + length;
        boolean negative = buf.getByte(index) == '-';
        // accumulate negatively, as the JDK's Long.parseLong, so that Long.MIN_VALUE is reachable
        long limit = negative ? Long.MIN_VALUE : -Long.MAX_VALUE;
        long multiplyMin = limit / 10;
        long value = 0;
        for (; i < end; i++) {
            int digit = buf.getByte(i) - '0';
            if (digit < 0 || digit > 9) {
                throw invalid(buf, index, length, type);
            }
            if (value < multiplyMin) {
                throw outOfRange(buf, index, length, type, "java.lang.Long");
            }
            value *= 10;
            if (value < limit + digit) {
                throw outOfRange(buf, index, length, type, "java.lang.Long");
            }
            value -= digit;
        }
        return negative ? value : -value;
    }

    /**
     * A numeric in {@code numeric_out}'s form ({@code -12.340}); the scale is the number of digits
     * after the point, so trailing zeros are kept. {@code NaN}, {@code Infinity} and
     * {@code -Infinity} have no BigDecimal and raise a CodecException saying so.
     */
    public static BigDecimal parseBigDecimal(ByteBuf buf, int index, int length, String type) {
        int i = afterSign(buf, index, length, type, NUMERIC_MAX_CHARS);
        int end = index + length;
        boolean negative = buf.getByte(index) == '-';
        if (buf.getByte(i) == 'N' || buf.getByte(i) == 'I') {
            throw notFinite(buf, index, length, type);
        }
        int digits = 0;
        int scale = 0;
        boolean point = false;
        long unscaled = 0;
        for (int j = i; j < end; j++) {
            byte b = buf.getByte(j);
            if (b == '.' && !point) {
                point = true;
                continue;
            }
            int digit = b - '0';
            if (digit < 0 || digit > 9) {
                throw invalid(buf, index, length, type);
            }
            digits++;
            if (point) {
                scale++;
            }
            if (digits <= LONG_SAFE_DIGITS) {
                unscaled = unscaled * 10 + digit;
            }
        }
        if (digits == 0) {
            throw invalid(buf, index, length, type);
        }
        if (digits <= LONG_SAFE_DIGITS) {
            return BigDecimal.valueOf(negative ? -unscaled : unscaled, scale);
        }
        // beyond a long: BigDecimal parses the validated characters itself (its char[] constructor)
        char[] chars = new char[end - i + (negative ? 1 : 0)];
        int c = 0;
        if (negative) {
            chars[c++] = '-';
        }
        for (int j = i; j < end; j++) {
            chars[c++] = (char) buf.getByte(j);
        }
        return new BigDecimal(chars);
    }

    /**
     * Where the digits start, after an optional sign: checks that the value has 1 to {@code maxChars} bytes, is in
     * the buffer, and is more than a sign.
     */
    private static int afterSign(ByteBuf buf, int index, int length, String type, int maxChars) {
        if (length <= 0 || length > maxChars) {
            throw invalid(buf, index, length, type);
        }
        Utf8Strings.checkRange(buf, index, length);
        byte first = buf.getByte(index);
        if (first != '-' && first != '+') {
            return index;
        }
        if (length == 1) {
            throw invalid(buf, index, length, type);
        }
        return index + 1;
    }

    /** The value of one hex digit ({@code 0-9}, {@code a-f}, {@code A-F}), or -1 when {@code c} is none. */
    public static int hexDigit(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private static CodecException invalid(ByteBuf buf, int index, int length, String type) {
        return new CodecException("invalid " + type + " text value " + Utf8Strings.preview(buf, index, length));
    }

    private static CodecException outOfRange(ByteBuf buf, int index, int length, String type, String javaType) {
        return new CodecException(type + " value " + Utf8Strings.preview(buf, index, length) + " is out of range for " + javaType);
    }

    private static CodecException notFinite(ByteBuf buf, int index, int length, String type) {
        return new CodecException(type + " value " + Utf8Strings.preview(buf, index, length)
                + " cannot be represented as java.math.BigDecimal; read it as Double");
    }
}
