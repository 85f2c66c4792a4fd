package io.pgfast.codec.type;

import java.util.Arrays;

/**
 * A PostgreSQL {@code bit(n)} or {@code bit varying(n)} value: a string of bits of any length,
 * including lengths that are not a multiple of 8 ("Bit String Types", section 8.10).
 *
 * <p>The bits are packed most significant bit first, as on the wire: bit 0 is the high bit of the
 * first byte. Padding bits in the last byte are always zero, so two equal bit strings have equal
 * bytes.
 */
public final class BitString {

    private final byte[] bytes;
    private final int length;

    private BitString(byte[] bytes, int length) {
        this.bytes = bytes;
        this.length = length;
    }

    /**
     * The bit string of the first {@code length} bits of {@code bytes} (most significant bit first);
     * the array is copied and its bits beyond {@code length} are ignored.
     *
     * @throws IllegalArgumentException if the length is negative or needs more bytes than given
     */
    public static BitString of(byte[] bytes, int length) {
        if (length < 0 || byteCount(length) > bytes.length) {
            throw new IllegalArgumentException("a bit string of " + length + " bits needs " + byteCount(Math.max(length, 0))
                    + " bytes, got " + bytes.length);
        }
        byte[] copy = Arrays.copyOf(bytes, byteCount(length));
        int pad = copy.length * 8 - length;
        if (pad > 0) {
            copy[copy.length - 1] &= (byte) (0xff << pad);
        }
        return new BitString(copy, length);
    }

    /**
     * The bit string written as {@code 0} and {@code 1} characters, e.g. {@code "10110"}.
     *
     * @throws IllegalArgumentException if another character occurs
     */
    public static BitString valueOf(CharSequence bits) {
        byte[] bytes = new byte[byteCount(bits.length())];
        for (int i = 0; i < bits.length(); i++) {
            char c = bits.charAt(i);
            if (c == '1') {
                bytes[i >> 3] |= (byte) (0x80 >>> (i & 7));
            } else if (c != '0') {
                throw new IllegalArgumentException("\"" + c + "\" is not a valid binary digit");
            }
        }
        return new BitString(bytes, bits.length());
    }

    /** The number of bytes that hold {@code bits} bits. */
    public static int byteCount(int bits) {
        return (int) ((bits + 7L) >>> 3);
    }

    /** The number of bits. */
    public int length() {
        return length;
    }

    /** The bit at this position (0 is the first, leftmost bit). */
    public boolean get(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("bit " + index + " of a bit string of length " + length);
        }
        return (bytes[index >> 3] & (0x80 >>> (index & 7))) != 0;
    }

    /** A copy of the packed bits, {@code ceil(length / 8)} bytes, zero padding bits at the end. */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BitString)) {
            return false;
        }
        BitString other = (BitString) o;
        return length == other.length && Arrays.equals(bytes, other.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bytes) + length;
    }

    /** The bits as {@code 0} and {@code 1} characters, as PostgreSQL writes them. */
    @Override
    public String toString() {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (bytes[i >> 3] & (0x80 >>> (i & 7))) != 0 ? '1' : '0';
        }
        return new String(chars);
    }
}
