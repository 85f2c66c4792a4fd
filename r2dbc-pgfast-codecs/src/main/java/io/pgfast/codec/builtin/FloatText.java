package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.io.Utf8Strings;

import java.math.BigDecimal;

/**
 * The text form of float4 and float8 as the server prints it with the default extra_float_digits
 * (1, since PostgreSQL 12): the shortest digits that read back to the same value, in fixed notation
 * when the decimal exponent is at least -4 and below the type's precision (15 for float8, 6 for
 * float4), else as {@code 1.5e+30} with a signed exponent of at least two digits; {@code NaN},
 * {@code Infinity}, {@code -Infinity}, {@code -0}.
 *
 * <p>Limit: the shortest digits come from {@link Double#toString}, which on JDK 17 is not always
 * the shortest representation (JDK-4511638, fixed in 19); the rare difference is in the last digit
 * of the rendered text, never in a decoded number.
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
        String shortest = precision <= 6 ? Float.toString((float) value) : Double.toString(value);
        BigDecimal decimal = new BigDecimal(shortest).stripTrailingZeros();
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
