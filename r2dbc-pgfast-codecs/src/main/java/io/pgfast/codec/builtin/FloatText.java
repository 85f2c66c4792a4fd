package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.io.Utf8Strings;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The text form of float4 and float8 as the server prints it with the default extra_float_digits
 * (1, since PostgreSQL 12): the shortest digits that read back to the same value, in fixed notation
 * when the decimal exponent is at least -4 and below the type's precision (15 for float8, 6 for
 * float4), else as {@code 1.5e+30} with a signed exponent of at least two digits; {@code NaN},
 * {@code Infinity}, {@code -Infinity}, {@code -0}.
 *
 * <p>The digits are found by rounding the exact binary value to 1, 2, … significant digits until
 * the result reads back to the same float/double (the closest shortest decimal, as the server's
 * Ryu-based output gives), not by {@link Double#toString}, which on JDK 17 is not always the
 * shortest (JDK-4511638, fixed in 19).
 */
final class FloatText {

    private FloatText() {
    }

    static String format(double value, int precision) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        if (value == 0) {
            return 1 / value < 0 ? "-0" : "0";
        }
        BigDecimal decimal = shortest(value, precision <= 6).stripTrailingZeros();
        String digits = decimal.unscaledValue().abs().toString();
        int exponent = digits.length() - decimal.scale() - 1;
        StringBuilder out = new StringBuilder(digits.length() + 8);
        if (decimal.signum() < 0) {
            out.append('-');
        }
        if (exponent < -4 || exponent >= precision) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            out.append('e').append(exponent < 0 ? '-' : '+');
            int abs = Math.abs(exponent);
            if (abs < 10) {
                out.append('0');
            }
            out.append(abs);
        } else if (exponent < 0) {
            out.append("0.");
            for (int i = -1; i > exponent; i--) {
                out.append('0');
            }
            out.append(digits);
        } else if (digits.length() <= exponent + 1) {
            out.append(digits);
            for (int i = digits.length(); i <= exponent; i++) {
                out.append('0');
            }
        } else {
            out.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
        }
        return out.toString();
    }

    /**
     * Parses float text. Only the server's syntax is accepted (digits, sign, point, exponent and the
     * three words): the JDK's parser alone would also take blanks, hex floats and a 'd' suffix.
     */
    /** The closest decimal with the fewest significant digits that reads back to {@code value}. */
    private static BigDecimal shortest(double value, boolean single) {
        BigDecimal exact = single ? new BigDecimal((float) value) : new BigDecimal(value);
        int max = single ? 9 : 17;
        for (int p = 1; p < max; p++) {
            BigDecimal candidate = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            if (single ? candidate.floatValue() == (float) value : candidate.doubleValue() == value) {
                return candidate;
            }
        }
        return exact.round(new MathContext(max, RoundingMode.HALF_EVEN));
    }

    static double parse(ByteBuf buf, int index, int length, String type) {
        String text = Utf8Strings.read(buf, index, length);
        if (!"NaN".equals(text) && !"Infinity".equals(text) && !"-Infinity".equals(text)) {
            boolean digit = false;
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c >= '0' && c <= '9') {
                    digit = true;
                } else if (c != '-' && c != '+' && c != '.' && c != 'e' && c != 'E') {
                    digit = false;
                    break;
                }
            }
            if (!digit) {
                throw invalid(type, buf, index, length);
            }
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw invalid(type, buf, index, length);
        }
    }

    private static CodecException invalid(String type, ByteBuf buf, int index, int length) {
        return new CodecException("invalid " + type + " text value " + Utf8Strings.preview(buf, index, length));
    }
}
