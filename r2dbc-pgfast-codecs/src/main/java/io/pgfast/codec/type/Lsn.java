package io.pgfast.codec.type;

import java.util.Locale;

/**
 * A PostgreSQL {@code pg_lsn}, the protocol's XLogRecPtr: a write-ahead log location, an unsigned 64-bit
 * byte position written as two hexadecimal halves, {@code 16/B374D848} ("pg_lsn Type", section 8.20).
 * The same type is read from a {@code pg_lsn} column and used by the replication API, so a position
 * read with SQL (a slot's {@code confirmed_flush_lsn}) can start or acknowledge a replication stream.
 *
 * <p>The value is held in a {@code long} read as unsigned: {@code FFFFFFFF/FFFFFFFF} is
 * {@code -1L}. Ordering is unsigned, as on the server. {@link #INVALID} ({@code 0/0}) means "no
 * position": as the start of a replication stream it lets the server start where the slot's
 * confirmed position is.
 *
 * @param value the position, as an unsigned 64-bit number
 */
public record Lsn(long value) implements Comparable<Lsn> {

    /** {@code 0/0}, InvalidXLogRecPtr. */
    public static final Lsn INVALID = new Lsn(0);

    /** The position {@code value}; {@link #INVALID} itself for 0. */
    public static Lsn of(long value) {
        return value == 0 ? INVALID : new Lsn(value);
    }

    /**
     * Parses the {@code X/Y} notation as {@code pg_lsn} prints it: one to eight hex digits (either case,
     * ASCII only, as pg_lsn_in accepts), a slash, one to eight hex digits.
     *
     * @throws IllegalArgumentException if the text is null or not in that notation, naming the text
     */
    public static Lsn parse(CharSequence text) {
        if (text == null) {
            throw new IllegalArgumentException("an LSN must not be null");
        }
        int slash = -1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '/') {
                slash = i;
                break;
            }
        }
        if (slash < 1 || slash > 8 || text.length() - slash - 1 < 1 || text.length() - slash - 1 > 8) {
            throw notAnLsn(text);
        }
        return of((hex(text, 0, slash) << 32) | hex(text, slash + 1, text.length()));
    }

    private static long hex(CharSequence text, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) {
                throw notAnLsn(text);
            }
            v = (v << 4) | d;
        }
        return v;
    }

    private static IllegalArgumentException notAnLsn(CharSequence text) {
        return new IllegalArgumentException("not an LSN (expected X/Y, each 1 to 8 hex digits): \"" + text + "\"");
    }

    /** Whether this is a position, not {@link #INVALID}. */
    public boolean isValid() {
        return value != 0;
    }

    /** The later of the two positions. */
    public Lsn max(Lsn other) {
        return compareTo(other) >= 0 ? this : other;
    }

    @Override
    public int compareTo(Lsn other) {
        return Long.compareUnsigned(value, other.value);
    }

    /** The position in PostgreSQL's notation, upper-case hex: {@code 16/B374D848}. */
    @Override
    public String toString() {
        return Long.toHexString(value >>> 32).toUpperCase(Locale.ROOT) + "/"
                + Long.toHexString(value & 0xFFFF_FFFFL).toUpperCase(Locale.ROOT);
    }
}
