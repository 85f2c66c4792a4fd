package io.pgfast.codec.builtin;

/**
 * IEEE 754 binary16 ("half") to and from {@code float}, for pgvector's {@code halfvec}: JDK 17 has no
 * {@code Float.float16ToFloat} (added in 20). Narrowing rounds to nearest, ties to even, as the C
 * conversion pgvector uses.
 */
final class HalfFloat {

    private HalfFloat() {
    }

    /** The float of the half whose bits are the low 16 bits of {@code bits}; exact. */
    static float toFloat(int bits) {
        int sign = (bits & 0x8000) << 16;
        int exponent = (bits >>> 10) & 0x1f;
        int mantissa = bits & 0x3ff;
        if (exponent == 0) {
            // zero or subnormal: mantissa × 2^-24, exact in a float
            float magnitude = mantissa * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        if (exponent == 0x1f) {
            return Float.intBitsToFloat(sign | 0x7f800000 | (mantissa << 13));
        }
        return Float.intBitsToFloat(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
    }

    /** The half bits nearest to {@code value} (ties to even); beyond ±65520 that is ±infinity. */
    static int fromFloat(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = (bits >>> 16) & 0x8000;
        int magnitude = bits & 0x7fffffff;
        if (magnitude >= 0x7f800000) {
            return sign | (magnitude == 0x7f800000 ? 0x7c00 : 0x7e00); // infinity, NaN
        }
        if (magnitude >= 0x477ff000) {
            return sign | 0x7c00; // 65520 and above round to infinity
        }
        if (magnitude >= 0x38800000) {
            // normal: rebias the exponent, keep 10 of 23 mantissa bits; a carry may bump the exponent, as it should
            int half = ((magnitude >>> 23) - 127 + 15) << 10 | (magnitude >>> 13) & 0x3ff;
            int rest = magnitude & 0x1fff;
            if (rest > 0x1000 || (rest == 0x1000 && (half & 1) == 1)) {
                half++;
            }
            return sign | half;
        }
        // subnormal or zero: units of 2^-24, rounded to even (1024 units is the smallest normal, encoded alike)
        return sign | (int) Math.rint(Float.intBitsToFloat(magnitude) * 0x1p24);
    }
}
