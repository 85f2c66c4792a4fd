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
        long r = scan(sql);
        return (int) (r < 0 ? -1L - r : r);
    }

    /**
     * Whether {@code sql} holds more than one statement: a ';' outside literals and comments followed
     * by anything but white space, comments and more ';'.
     */
    public static boolean hasSeveralStatements(String sql) {
        return scan(sql) < 0;
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
                        && (i < 2 || !Character.isLetterOrDigit(sql.charAt(i - 2)) && sql.charAt(i - 2) != '_');
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

    static int skipQuoted(String sql, int i, char quote, boolean backslashEscapes) {
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
        return n;
    }

    /** The index of the first character at or after {@code i} that is neither white space nor in a comment. */
    static int skipSpaceAndComments(String sql, int i) {
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
    static boolean isIdentifierPart(char c) {
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
