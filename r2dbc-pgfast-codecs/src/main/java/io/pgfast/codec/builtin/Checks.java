package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;

/** Checks shared by the built-in decoders; each failure is a {@link CodecException} naming the type. */
final class Checks {

    private Checks() {
    }

    /** A fixed-width binary value must have exactly its width. */
    static void binaryLength(String type, int expected, int length) {
        if (length != expected) {
            throw new CodecException(type + " binary value must be " + expected + (expected == 1 ? " byte" : " bytes") + ", was " + length);
        }
    }

    /** A binary value must have at least {@code minimum} bytes (a header). */
    static void binaryLengthAtLeast(String type, int minimum, int length) {
        if (length < minimum) {
            throw new CodecException(type + " binary value must be at least " + minimum + " bytes, was " + length);
        }
    }

    static CodecException outOfRange(String type, Object value, Class<?> target) {
        return new CodecException(type + " value " + value + " is out of range for " + target.getName());
    }

    /** A long value narrowed to an int, range-checked. */
    static int toInt(String type, long value) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw outOfRange(type, value, Integer.class);
        }
        return (int) value;
    }

    /** A long value narrowed to a short, range-checked. */
    static short toShort(String type, long value) {
        if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
            throw outOfRange(type, value, Short.class);
        }
        return (short) value;
    }

    /** A long value narrowed to a byte, range-checked. */
    static byte toByte(String type, long value) {
        if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
            throw outOfRange(type, value, Byte.class);
        }
        return (byte) value;
    }
}
