package io.pgfast.flow;

/**
 * Finds the {@code $n} parameter markers of a SQL string, skipping string literals ('...', E'...'
 * with backslash escapes), quoted identifiers ("..."), dollar-quoted strings ($tag$...$tag$), and
 * comments (-- to end of line, nested /* ... *&#47;), as PostgreSQL's lexer does (scan.l).
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
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            boolean comment = (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') || (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*');
            if (c == ';') {
                afterSemicolon = true;
                i++;
                continue;
            }
            if (afterSemicolon && !comment && !Character.isWhitespace(c)) {
                several = true;
            }
            if (c == '\'') {
                boolean escapes = i > 0 && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
                        && (i < 2 || !isIdentifierPart(sql.charAt(i - 2)));
                i = skipQuoted(sql, i + 1, '\'', escapes);
            } else if (c == '"') {
                i = skipQuoted(sql, i + 1, '"', false);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i + 2);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = skipBlockComment(sql, i + 2);
            } else if (c == '$') {
                int j = i + 1;
                if (j < n && Character.isDigit(sql.charAt(j)) && !precededByIdentifier(sql, i)) {
                    int value = 0;
                    while (j < n && Character.isDigit(sql.charAt(j))) {
                        value = value * 10 + (sql.charAt(j) - '0');
                        if (value > 65535) {
                            throw new IllegalArgumentException("parameter marker $" + value + "… exceeds the protocol's 65535 parameters");
                        }
                        j++;
                    }
                    max = Math.max(max, value);
                    i = j;
                } else {
                    int tagEnd = dollarTagEnd(sql, i);
                    if (tagEnd > 0 && !precededByIdentifier(sql, i)) {
                        String tag = sql.substring(i, tagEnd + 1);
                        int close = sql.indexOf(tag, tagEnd + 1);
                        i = close < 0 ? n : close + tag.length();
                    } else {
                        i++;
                    }
                }
            } else {
                i++;
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

    /** The {@link Tail} of {@code sql}, lexed as {@link #parameterCount} does. */
    public static Tail tail(String sql) {
        int n = sql.length();
        int codeEnd = 0;
        int depth = 0;
        boolean returning = false;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c) || c == ';') {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i + 2);
                if (eol < 0) {
                    return new Tail(codeEnd, true, false, returning);
                }
                i = eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = blockCommentEnd(sql, i + 2);
                if (i < 0) {
                    return new Tail(codeEnd, false, true, returning);
                }
            } else if (c == '\'' || c == '"') {
                boolean escapes = c == '\'' && i > 0 && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
                        && (i < 2 || !isIdentifierPart(sql.charAt(i - 2)));
                i = quotedEnd(sql, i + 1, c, escapes);
                if (i < 0) {
                    return new Tail(codeEnd, false, true, returning);
                }
                codeEnd = i;
            } else if (c == '$' && !precededByIdentifier(sql, i) && dollarTagEnd(sql, i) > 0) {
                int tagEnd = dollarTagEnd(sql, i);
                String tag = sql.substring(i, tagEnd + 1);
                int close = sql.indexOf(tag, tagEnd + 1);
                if (close < 0) {
                    return new Tail(codeEnd, false, true, returning);
                }
                i = close + tag.length();
                codeEnd = i;
            } else if (isIdentifierPart(c)) {
                int start = i;
                while (i < n && isIdentifierPart(sql.charAt(i))) {
                    i++;
                }
                returning |= depth == 0 && i - start == 9 && sql.regionMatches(true, start, "RETURNING", 0, 9);
                codeEnd = i;
            } else {
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                i++;
                codeEnd = i;
            }
        }
        return new Tail(codeEnd, false, false, returning);
    }

    /** After the closing quote of a literal or quoted identifier whose body starts at {@code i}; -1 when unclosed. */
    private static int quotedEnd(String sql, int i, char quote, boolean backslashEscapes) {
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < n && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    /** After the end of a (nested) block comment whose body starts at {@code i}; -1 when unclosed. */
    private static int blockCommentEnd(String sql, int i) {
        int depth = 1;
        int n = sql.length();
        while (i < n) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                i += 2;
                if (--depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return -1;
    }

    private static boolean precededByIdentifier(String sql, int i) {
        if (i == 0) {
            return false;
        }
        return isIdentifierPart(sql.charAt(i - 1));
    }

    /** For "$tag$" starting at {@code start}, the index of the closing '$' of the tag; -1 when not a tag. */
    static int dollarTagEnd(String sql, int start) {
        int j = start + 1;
        int n = sql.length();
        if (j < n && sql.charAt(j) == '$') {
            return j;
        }
        if (j >= n || !(Character.isLetter(sql.charAt(j)) || sql.charAt(j) == '_')) {
            return -1;
        }
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        return j < n && sql.charAt(j) == '$' ? j : -1;
    }

    /** After the closing quote of a literal or quoted identifier whose body starts at {@code i}; the end of {@code sql} when unclosed. */
    static int skipQuoted(String sql, int i, char quote, boolean backslashEscapes) {
        int end = quotedEnd(sql, i, quote, backslashEscapes);
        return end < 0 ? sql.length() : end;
    }

    /** The index of the first character at or after {@code i} that is neither white space nor in a comment. */
    public static int skipSpaceAndComments(String sql, int i) {
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i + 2);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = skipBlockComment(sql, i + 2);
            } else {
                return i;
            }
        }
        return i;
    }

    /** A character that continues an identifier or keyword (scan.l, ident_cont). */
    public static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** Block comments nest in PostgreSQL (scan.l, xc). */
    static int skipBlockComment(String sql, int i) {
        int depth = 1;
        int n = sql.length();
        while (i < n && depth > 0) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
            } else {
                i++;
            }
        }
        return i;
    }
}
