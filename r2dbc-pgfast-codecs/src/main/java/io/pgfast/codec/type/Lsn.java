package io.pgfast.codec.type;

/**
 * A PostgreSQL {@code pg_lsn}: a write-ahead log location, an unsigned 64-bit byte position written
 * as two hexadecimal halves, {@code 16/B374D848} ("pg_lsn Type", section 8.20).
 *
 * <p>The value is held in a {@code long} read as unsigned: {@code FFFFFFFF/FFFFFFFF} is
 * {@code -1L}. Ordering is unsigned, as on the server.
 *
 * @param value the position, as an unsigned 64-bit number
 */
public record Lsn(long value) implements Comparable<Lsn> {

    /** {@code 0/0}, the invalid LSN. */
    public static final Lsn INVALID = new Lsn(0);

    /**
     * Parses the {@code X/X} notation: one to eight hex digits (either case), a slash, one to eight
     * hex digits.
     *
     * @throws IllegalArgumentException if the text is not in that notation
     */
    public static Lsn parse(CharSequence text) {
        int slash = -1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '/') {
                slash = i;
                break;
            }
        }
        if (slash < 1 || slash > 8 || text.length() - slash - 1 < 1 || text.length() - slash - 1 > 8) {
            throw new IllegalArgumentException("invalid pg_lsn \"" + text + "\": expected 1-8 hex digits, '/', 1-8 hex digits");
        }
        return new Lsn((hex(text, 0, slash) << 32) | hex(text, slash + 1, text.length()));
    }

    private static long hex(CharSequence text, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                throw new IllegalArgumentException("invalid pg_lsn \"" + text + "\": '" + text.charAt(i) + "' is not a hex digit");
            }
            v = (v << 4) | d;
        }
        return v;
    }

    @Override
    public int compareTo(Lsn other) {
        return Long.compareUnsigned(value, other.value);
    }

    /** The position in PostgreSQL's notation, upper-case hex: {@code 16/B374D848}. */
    @Override
    public String toString() {
        return Long.toHexString(value >>> 32).toUpperCase() + "/" + Long.toHexString(value & 0xffffffffL).toUpperCase();
    }
}
