package io.pgfast.replication;

/**
 * A WAL position (PostgreSQL's {@code pg_lsn}, the protocol's XLogRecPtr): an unsigned 64-bit byte offset
 * into the write-ahead log, written as two hexadecimal halves, {@code 16/B374D848}. {@link #INVALID}
 * ({@code 0/0}) means "no position": as the start of a replication stream it lets the server start
 * where the slot's confirmed position is.
 *
 * <p>Ordered as unsigned numbers, as the server orders them.
 */
public record Lsn(long value) implements Comparable<Lsn> {

    /** {@code 0/0}, InvalidXLogRecPtr. */
    public static final Lsn INVALID = new Lsn(0);

    public static Lsn of(long value) {
        return value == 0 ? INVALID : new Lsn(value);
    }

    /**
     * Parses the text form {@code X/Y} (each half 1 to 8 hexadecimal digits), as {@code pg_lsn} prints it.
     *
     * @throws IllegalArgumentException for anything else, naming the text
     */
    public static Lsn parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("an LSN must not be null");
        }
        int slash = text.indexOf('/');
        if (slash < 1 || slash > 8 || text.length() - slash - 1 < 1 || text.length() - slash - 1 > 8) {
            throw new IllegalArgumentException("not an LSN (expected X/Y, each 1 to 8 hex digits): \"" + text + "\"");
        }
        return of(hex(text, 0, slash) << 32 | hex(text, slash + 1, text.length()));
    }

    private static long hex(String text, int from, int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = Character.digit(text.charAt(i), 16);
            if (digit < 0) {
                throw new IllegalArgumentException("not an LSN (expected X/Y, each 1 to 8 hex digits): \"" + text + "\"");
            }
            value = value << 4 | digit;
        }
        return value;
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

    /** {@code X/Y} in upper-case hex, as the server prints and reads it. */
    @Override
    public String toString() {
        return Long.toHexString(value >>> 32).toUpperCase(java.util.Locale.ROOT) + '/'
                + Long.toHexString(value & 0xFFFF_FFFFL).toUpperCase(java.util.Locale.ROOT);
    }
}
