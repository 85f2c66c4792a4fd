package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;

/**
 * numeric. Text format is numeric_out's plain decimal ({@code -12.340}, the scale kept) or
 * {@code NaN}, {@code Infinity}, {@code -Infinity} (the infinities since PostgreSQL 14). Binary
 * format (numeric_send in src/backend/utils/adt/numeric.c): Int16 ndigits, Int16 weight, UInt16
 * sign (0x0000 positive, 0x4000 negative, 0xC000 NaN, 0xD000 +Infinity, 0xF000 -Infinity), UInt16
 * dscale (digits after the decimal point), then ndigits Int16 base-10000 digits, the first one
 * worth 10000^weight.
 *
 * <p>Default Java type BigDecimal, with the server's display scale. NaN and the infinities have no
 * BigDecimal: reading one as BigDecimal raises {@link CodecException}; as Double (or Float) they
 * map to NaN and ±Infinity. Also decodes to BigInteger, Long, Integer and Short when the value is
 * integral and in range (else CodecException), and String. Encodes BigDecimal and BigInteger as
 * numeric, binary; as an explicitly typed numeric parameter also Double, Float (NaN and infinities
 * included), Long, Integer, Short and Byte.
 */
public final class NumericCodec extends OidSetCodec {

    private static final String TYPE = "numeric";
    private static final int POSITIVE = 0x0000;
    private static final int NEGATIVE = 0x4000;
    private static final int NAN = 0xC000;
    private static final int PLUS_INFINITY = 0xD000;
    private static final int MINUS_INFINITY = 0xF000;
    /** NUMERIC_DSCALE_MAX in numeric.c. */
    private static final int MAX_DSCALE = 0x3FFF;
    private static final int NBASE = 10000;

    private static final Decoder<BigDecimal> TEXT = (buf, index, length) -> AsciiNumbers.parseBigDecimal(buf, index, length, TYPE);
    private static final Decoder<BigDecimal> BINARY = NumericCodec::binary;
    private static final Encoder<BigDecimal> BIG_DECIMAL = new SimpleEncoder<>(Oid.NUMERIC, Format.BINARY, NumericCodec::write);
    private static final Encoder<BigInteger> BIG_INTEGER =
            new SimpleEncoder<>(Oid.NUMERIC, Format.BINARY, (BigInteger v, ByteBuf out) -> write(new BigDecimal(v), out));

    public NumericCodec() {
        super(Oid.NUMERIC);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return BigDecimal.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean text = format == Format.TEXT;
        Decoder<BigDecimal> exact = text ? TEXT : BINARY;
        if (target == BigDecimal.class) {
            return (Decoder<T>) exact;
        }
        if (target == Double.class) {
            return (Decoder<T>) (Decoder<Double>) (buf, index, length) -> toDouble(buf, index, length, text, exact);
        }
        if (target == Float.class) {
            return (Decoder<T>) (Decoder<Float>) (buf, index, length) -> (float) toDouble(buf, index, length, text, exact);
        }
        if (target == BigInteger.class) {
            return (Decoder<T>) (Decoder<BigInteger>) (buf, index, length) -> toBigInteger(exact.decode(buf, index, length));
        }
        if (target == Long.class) {
            return (Decoder<T>) (Decoder<Long>) (buf, index, length) -> toLong(exact.decode(buf, index, length), Long.class);
        }
        if (target == Integer.class) {
            return (Decoder<T>) (Decoder<Integer>) (buf, index, length) ->
                    (int) toLongIn(exact.decode(buf, index, length), Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.class);
        }
        if (target == Short.class) {
            return (Decoder<T>) (Decoder<Short>) (buf, index, length) ->
                    (short) toLongIn(exact.decode(buf, index, length), Short.MIN_VALUE, Short.MAX_VALUE, Short.class);
        }
        if (target == String.class && !text) {
            return (Decoder<T>) (Decoder<String>) NumericCodec::binaryAsString;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == BigDecimal.class) {
            return (Encoder<T>) BIG_DECIMAL;
        }
        if (valueClass == BigInteger.class) {
            return (Encoder<T>) BIG_INTEGER;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == BigDecimal.class || valueClass == BigInteger.class) {
            return encoder(valueClass, registry);
        }
        if (valueClass == Double.class || valueClass == Float.class) {
            return (Encoder<T>) new SimpleEncoder<Number>(Oid.NUMERIC, Format.BINARY, (v, out) -> writeDouble(v.doubleValue(), out));
        }
        if (valueClass == Long.class || valueClass == Integer.class || valueClass == Short.class || valueClass == Byte.class) {
            return (Encoder<T>) new SimpleEncoder<Number>(Oid.NUMERIC, Format.BINARY, (v, out) -> write(BigDecimal.valueOf(v.longValue()), out));
        }
        return null;
    }

    /** 0 for a finite value; else the binary sign code of NaN or an infinity. */
    private static int special(ByteBuf buf, int index, int length, boolean text) {
        if (text) {
            if (length > 0) {
                byte first = buf.getByte(index);
                if (first == 'N') {
                    return NAN;
                }
                if (first == 'I') {
                    return PLUS_INFINITY;
                }
                if (first == '-' && length > 1 && buf.getByte(index + 1) == 'I') {
                    return MINUS_INFINITY;
                }
            }
            return 0;
        }
        Checks.binaryLengthAtLeast(TYPE, 8, length);
        int sign = UnsignedInts.u16(buf, index + 4);
        return sign == NAN || sign == PLUS_INFINITY || sign == MINUS_INFINITY ? sign : 0;
    }

    private static double toDouble(ByteBuf buf, int index, int length, boolean text, Decoder<BigDecimal> exact) {
        int special = special(buf, index, length, text);
        if (special == NAN) {
            // text "NaN" must be exactly that; the BigDecimal path validates everything else
            return checkedSpecial(buf, index, length, text, "NaN", Double.NaN);
        }
        if (special == PLUS_INFINITY) {
            return checkedSpecial(buf, index, length, text, "Infinity", Double.POSITIVE_INFINITY);
        }
        if (special == MINUS_INFINITY) {
            return checkedSpecial(buf, index, length, text, "-Infinity", Double.NEGATIVE_INFINITY);
        }
        return exact.decode(buf, index, length).doubleValue();
    }

    private static double checkedSpecial(ByteBuf buf, int index, int length, boolean text, String word, double value) {
        if (text && !word.equals(buf.toString(index, length, StandardCharsets.US_ASCII))) {
            throw new CodecException("invalid numeric text value " + Utf8Strings.preview(buf, index, length));
        }
        return value;
    }

    private static BigInteger toBigInteger(BigDecimal value) {
        try {
            return value.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw new CodecException("numeric value " + value.toPlainString() + " has a fractional part and cannot be read as java.math.BigInteger");
        }
    }

    private static long toLong(BigDecimal value, Class<?> target) {
        return toLongIn(value, Long.MIN_VALUE, Long.MAX_VALUE, target);
    }

    private static long toLongIn(BigDecimal value, long min, long max, Class<?> target) {
        BigInteger integral = toBigInteger(value);
        if (integral.bitLength() > 63 || integral.longValue() < min || integral.longValue() > max) {
            throw Checks.outOfRange(TYPE, value.toPlainString(), target);
        }
        return integral.longValue();
    }

    private static String binaryAsString(ByteBuf buf, int index, int length) {
        switch (special(buf, index, length, false)) {
            case NAN:
                return "NaN";
            case PLUS_INFINITY:
                return "Infinity";
            case MINUS_INFINITY:
                return "-Infinity";
            default:
                return binary(buf, index, length).toPlainString();
        }
    }

    private static BigDecimal binary(ByteBuf buf, int index, int length) {
        Checks.binaryLengthAtLeast(TYPE, 8, length);
        int ndigits = UnsignedInts.int16(buf, index);
        int weight = UnsignedInts.int16(buf, index + 2);
        int sign = UnsignedInts.u16(buf, index + 4);
        int dscale = UnsignedInts.u16(buf, index + 6);
        if (ndigits < 0 || length != 8 + 2 * ndigits) {
            throw new CodecException("numeric binary value of " + length + " bytes does not hold its " + ndigits + " digits");
        }
        if (sign == NAN || sign == PLUS_INFINITY || sign == MINUS_INFINITY) {
            String name = sign == NAN ? "NaN" : sign == PLUS_INFINITY ? "Infinity" : "-Infinity";
            throw new CodecException("numeric value " + name + " cannot be represented as java.math.BigDecimal; read it as Double");
        }
        if (sign != POSITIVE && sign != NEGATIVE) {
            throw new CodecException("numeric binary value has an invalid sign 0x" + Integer.toHexString(sign));
        }
        if (dscale > MAX_DSCALE) {
            throw new CodecException("numeric binary value has an invalid display scale " + dscale);
        }
        BigDecimal value;
        if (ndigits == 0) {
            value = BigDecimal.ZERO;
        } else if (ndigits <= 4) {
            // four base-10000 digits are 16 decimal digits: they fit in a long
            long unscaled = 0;
            for (int i = 0; i < ndigits; i++) {
                unscaled = unscaled * NBASE + digit(buf, index + 8 + 2 * i);
            }
            long signed = sign == NEGATIVE ? -unscaled : unscaled;
            int scale = -4 * (weight - ndigits + 1);
            BigDecimal atDisplayScale = atDisplayScale(signed, scale, dscale);
            if (atDisplayScale != null) {
                return atDisplayScale;
            }
            value = BigDecimal.valueOf(signed, scale);
        } else {
            char[] chars = new char[4 * ndigits + 1];
            chars[0] = sign == NEGATIVE ? '-' : '+';
            for (int i = 0; i < ndigits; i++) {
                int d = digit(buf, index + 8 + 2 * i);
                for (int k = 4; k >= 1; k--) {
                    chars[4 * i + k] = (char) ('0' + d % 10);
                    d /= 10;
                }
            }
            value = new BigDecimal(chars).scaleByPowerOfTen(4 * (weight - ndigits + 1));
        }
        if (value.scale() > dscale) {
            // only trailing zeros may go; stripping works on the ≤ 4 × ndigits digits we have, never on
            // an expansion of the weight (a 10-byte value may carry 10^±131072)
            BigDecimal stripped = value.stripTrailingZeros();
            if (stripped.scale() > dscale) {
                throw new CodecException("numeric binary value has more fractional digits than its display scale " + dscale);
            }
            value = stripped;
        }
        if (dscale - (long) value.scale() > MAX_SCALE_EXPANSION) {
            // far beyond what a declared numeric(p, s) can hold (p ≤ 1000, s ≤ 16383), the value stays in
            // its compact form (the same number, its trailing zeros not spelled out) instead of
            // materialising up to 10^131072 from a 10-byte value
            return value;
        }
        return value.setScale(dscale, RoundingMode.UNNECESSARY);
    }

    /** 10^0 to 10^18, the powers a long can hold. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    /**
     * {@code unscaled × 10^-scale} at the display scale, made directly as one BigDecimal, when that takes
     * dropping or adding at most 18 zeros within a long: the same value and scale as the general path
     * (strip the trailing zeros, then {@code setScale(dscale)}), which allocated two or three. Null when
     * the general path must decide, also for a value whose non-zero digits lie beyond the display scale,
     * which it rejects.
     */
    private static BigDecimal atDisplayScale(long unscaled, int scale, int dscale) {
        int drop = scale - dscale;
        if (drop == 0) {
            return BigDecimal.valueOf(unscaled, dscale);
        }
        if (drop > 0 && drop < POWERS_OF_TEN.length) {
            long power = POWERS_OF_TEN[drop];
            return unscaled % power == 0 ? BigDecimal.valueOf(unscaled / power, dscale) : null;
        }
        if (drop < 0 && -drop < POWERS_OF_TEN.length) {
            long power = POWERS_OF_TEN[-drop];
            // |unscaled| < 10^16 (four base-10000 digits), so it is never Long.MIN_VALUE
            return Math.abs(unscaled) <= Long.MAX_VALUE / power ? BigDecimal.valueOf(unscaled * power, dscale) : null;
        }
        return null;
    }

    /**
     * Trailing zeros spelled out at most: numeric(p, s) allows p ≤ 1000 and s ≤ 16383
     * (src/backend/utils/adt/numeric.c NUMERIC_MAX_PRECISION, NUMERIC_MAX_DISPLAY_SCALE).
     */
    private static final int MAX_SCALE_EXPANSION = 1000 + 16383;

    private static int digit(ByteBuf buf, int index) {
        int d = buf.getShort(index);
        if (d < 0 || d >= NBASE) {
            throw new CodecException("numeric binary value has an invalid base-10000 digit " + d);
        }
        return d;
    }

    private static void writeDouble(double value, ByteBuf out) {
        if (Double.isNaN(value)) {
            writeSpecial(NAN, out);
        } else if (Double.isInfinite(value)) {
            writeSpecial(value > 0 ? PLUS_INFINITY : MINUS_INFINITY, out);
        } else {
            write(new BigDecimal(Double.toString(value)), out);
        }
    }

    private static void writeSpecial(int sign, ByteBuf out) {
        out.writeShort(0);     // ndigits
        out.writeShort(0);     // weight
        out.writeShort(sign);  // NaN or an infinity
        out.writeShort(0);     // dscale
    }

    /** Writes numeric_send's layout for a finite value. */
    static void write(BigDecimal value, ByteBuf out) {
        int scale = Math.max(value.scale(), 0);
        if (scale > MAX_DSCALE) {
            throw new CodecException("numeric cannot hold " + scale + " digits after the decimal point (at most " + MAX_DSCALE + ")");
        }
        BigInteger unscaled = value.setScale(scale, RoundingMode.UNNECESSARY).unscaledValue();
        int sign = unscaled.signum() < 0 ? NEGATIVE : POSITIVE;
        if (unscaled.signum() == 0) {
            out.writeShort(0).writeShort(0).writeShort(POSITIVE).writeShort(scale);
            return;
        }
        // pad the fraction to whole base-10000 digits, then cut the decimal digits in groups of 4
        int fractionGroups = (scale + 3) / 4;
        String digits = unscaled.abs().toString();
        int padRight = fractionGroups * 4 - scale;
        int totalDigits = digits.length() + padRight;
        int padLeft = (4 - totalDigits % 4) % 4;
        int groups = (totalDigits + padLeft) / 4;
        int[] base10000 = new int[groups];
        for (int g = 0; g < groups; g++) {
            int d = 0;
            for (int k = 0; k < 4; k++) {
                int pos = g * 4 + k - padLeft;
                d = d * 10 + (pos >= 0 && pos < digits.length() ? digits.charAt(pos) - '0' : 0);
            }
            base10000[g] = d;
        }
        int weight = groups - fractionGroups - 1;
        int first = 0;
        while (base10000[first] == 0) {
            first++;
            weight--;
        }
        int last = groups - 1;
        while (base10000[last] == 0) {
            last--;
        }
        if (weight > Short.MAX_VALUE || weight < Short.MIN_VALUE) {
            throw new CodecException("numeric value " + value + " is out of numeric's range");
        }
        out.writeShort(last - first + 1);   // ndigits
        out.writeShort(weight);             // weight of the first digit
        out.writeShort(sign);               // sign
        out.writeShort(scale);              // dscale
        for (int g = first; g <= last; g++) {
            out.writeShort(base10000[g]);
        }
    }
}
