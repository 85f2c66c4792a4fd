package io.pgfast.flow;

/**
 * What the driver asks of one statement's SQL text, read with {@link SqlLexer}: its {@code $n} parameter markers,
 * whether it holds several statements, and what lies at its end. Markers, ';' and keywords inside string
 * literals, quoted identifiers, dollar quotes and comments do not count.
 *
 * <p>Only the highest marker number matters: PostgreSQL numbers parameters $1..$n and infers the types
 * of the ones the SQL mentions. The SQL text itself is never rewritten.
 */
public final class SqlScanner {

    private SqlScanner() {
    }

    /** The highest {@code $n} in {@code sql}, 0 when there is none. */
    public static int parameterCount(String sql) {
        long r = scanned(sql);
        return (int) (r < 0 ? -1L - r : r);
    }

    /**
     * Whether {@code sql} holds more than one statement: a ';' outside literals and comments followed
     * by anything but white space, comments and more ';'.
     */
    public static boolean hasSeveralStatements(String sql) {
        return scanned(sql) < 0;
    }

    /** Slots of the scan memo: a direct-mapped table, so an application's few statements are scanned once. */
    private static final int MEMO_SLOTS = 256;
    private static final Scanned[] MEMO = new Scanned[MEMO_SLOTS];

    /** One scanned statement; immutable, so the memo's unsynchronized reads and writes are safe. */
    private record Scanned(String sql, long result) {
    }

    /**
     * {@link #scan} of {@code sql}, remembered: every statement is scanned when it is created and again when it
     * runs as a simple query, and the same few texts run again and again. Statements longer than 4 KiB are
     * scanned each time rather than kept.
     */
    private static long scanned(String sql) {
        int slot = sql.hashCode() & (MEMO_SLOTS - 1);
        Scanned s = MEMO[slot];
        if (s != null && (s.sql == sql || s.sql.equals(sql))) {
            return s.result;
        }
        long r = scan(sql);
        if (sql.length() <= 4096) {
            MEMO[slot] = new Scanned(sql, r);
        }
        return r;
    }

    /** The highest marker, negated (minus one) when a second statement follows a ';'. */
    private static long scan(String sql) {
        int max = 0;
        boolean afterSemicolon = false;
        boolean several = false;
        SqlLexer lx = new SqlLexer(sql);
        while (lx.next()) {
            SqlLexer.Token t = lx.token();
            if (t == SqlLexer.Token.SEMICOLON) {
                afterSemicolon = true;
            } else if (t != SqlLexer.Token.SPACE && t != SqlLexer.Token.LINE_COMMENT && t != SqlLexer.Token.BLOCK_COMMENT) {
                several |= afterSemicolon;
                if (t == SqlLexer.Token.PARAMETER) {
                    int value = lx.parameter();
                    if (value < 0) {
                        throw new IllegalArgumentException("parameter marker " + sql.substring(lx.start(), lx.end())
                                + " exceeds the protocol's " + SqlLexer.MAX_PARAMETER + " parameters");
                    }
                    max = Math.max(max, value);
                }
            }
        }
        return several ? -1L - max : max;
    }

    /**
     * What lies at the end of one statement's text, for code that appends to it ({@code RETURNING}) or joins
     * it with others (a {@code Batch}).
     *
     * @param codeEnd            the index after the last character that is neither white space, a comment nor a
     *                           ';' (0 for text without code)
     * @param endsInLineComment  the text ends inside a {@code --} comment: anything appended on the same line
     *                           would be commented out
     * @param open               the text ends inside a string literal, quoted identifier, dollar quote or block
     *                           comment: whatever is appended becomes part of it
     * @param returning          a {@code RETURNING} keyword stands outside literals, comments and parentheses
     */
    public record Tail(int codeEnd, boolean endsInLineComment, boolean open, boolean returning) {
    }

    /** The {@link Tail} of {@code sql}. */
    public static Tail tail(String sql) {
        int codeEnd = 0;
        int depth = 0;
        boolean returning = false;
        SqlLexer lx = new SqlLexer(sql);
        while (lx.next()) {
            SqlLexer.Token t = lx.token();
            if (t == SqlLexer.Token.LINE_COMMENT) {
                if (lx.open()) {
                    return new Tail(codeEnd, true, false, returning);
                }
            } else if (lx.open()) {
                return new Tail(codeEnd, false, true, returning);
            } else if (t != SqlLexer.Token.SPACE && t != SqlLexer.Token.SEMICOLON && t != SqlLexer.Token.BLOCK_COMMENT) {
                depth += t == SqlLexer.Token.OPEN_PAREN ? 1 : t == SqlLexer.Token.CLOSE_PAREN ? -1 : 0;
                returning |= depth == 0 && lx.isWord("RETURNING");
                codeEnd = lx.end();
            }
        }
        return new Tail(codeEnd, false, false, returning);
    }
}
