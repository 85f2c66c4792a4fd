package io.pgfast.codec.type;

import java.util.Arrays;

/**
 * A PostgreSQL {@code macaddr} (6 bytes, EUI-48) or {@code macaddr8} (8 bytes, EUI-64) value
 * ("Network Address Types", sections 8.9.3 and 8.9.4).
 */
public final class MacAddress {

    private final byte[] bytes;

    private MacAddress(byte[] bytes) {
        if (bytes.length != 6 && bytes.length != 8) {
            throw new IllegalArgumentException("a MAC address has 6 or 8 bytes, not " + bytes.length);
        }
        this.bytes = bytes;
    }

    /** The address with these bytes (6 or 8, copied). */
    public static MacAddress of(byte... bytes) {
        return new MacAddress(bytes.clone());
    }

    /** A copy of the bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The byte at this position, 0..{@link #length()}-1, as 0..255. */
    public int get(int index) {
        return bytes[index] & 0xff;
    }

    /** 6 for macaddr, 8 for macaddr8. */
    public int length() {
        return bytes.length;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof MacAddress && Arrays.equals(bytes, ((MacAddress) o).bytes));
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    /** The address as PostgreSQL writes it: lower-case hex bytes joined by colons, {@code 08:00:2b:01:02:03}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(bytes.length * 3);
        for (int i = 0; i < bytes.length; i++) {
            if (i > 0) {
                sb.append(':');
            }
            sb.append(Character.forDigit((bytes[i] >> 4) & 0xf, 16)).append(Character.forDigit(bytes[i] & 0xf, 16));
        }
        return sb.toString();
    }
}
