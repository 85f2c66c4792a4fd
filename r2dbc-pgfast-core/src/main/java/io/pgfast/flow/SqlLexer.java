package io.pgfast.flow;

/**
 * The driver's one reader of SQL text: splits it into tokens as PostgreSQL's lexer does ({@code scan.l}), as far
 * as the driver needs to tell code from what only looks like code. Every place that reads SQL goes through it:
 * the parameter count and the statement count ({@link SqlScanner}), the end of a statement for
 * {@code RETURNING} and {@code Batch} ({@link SqlScanner#tail}), the batch-insert rewrite ({@link BatchedInsert})
 * and the first keyword checks (COPY, the DML that takes {@code RETURNING}).
 *
 * <p>Use: {@code for (SqlLexer lx = new SqlLexer(sql); lx.next(); ) { lx.token(), lx.start(), lx.end() … }}.
 * The tokens cover the text without gap or overlap; each is at least one character long. The lexer is one small
 * object per text and makes nothing per token.
 *
 * <p>What it knows:
 * <ul>
 *   <li>{@code 'string'} with {@code ''} for a quote; backslashes are ordinary characters, as with
 *       {@code standard_conforming_strings = on} (the server's default since 9.1, which the driver does not
 *       change: a session that turns it off should not rely on {@code '\'} inside plain literals).
 *       {@code U&'…'}, {@code B'…'}, {@code X'…'} and {@code N'…'} are a word and such a string.</li>
 *   <li>{@code E'string'} (either case, the {@code E} a word of its own before it): a backslash escapes the
 *       character after it, {@code \'} included.</li>
 *   <li>{@code "identifier"} with {@code ""} for a double quote.</li>
 *   <li>{@code $$…$$} and {@code $tag$…$tag$}: a tag starts with a letter or {@code _} and goes on with letters,
 *       digits and {@code _}, so {@code $1$} is the parameter {@code $1} and a {@code $}.</li>
 *   <li>{@code -- comment} up to a line end ({@code \n} or {@code \r}, which is not part of it) and
 *       {@code /* block comments *&#47;}, which nest.</li>
 *   <li>{@code $n} parameter markers. A word (keyword, identifier or number) takes in every {@code $} that
 *       follows a character of it, as scan.l's {@code ident_cont} does, so {@code a$1} holds no marker.</li>
 *   <li>Non-ASCII characters are identifier characters, as in scan.l (its {@code \200-\377} bytes are every byte
 *       of a non-ASCII character in UTF-8, the driver's client encoding). White space is ASCII's:
 *       space, {@code \t \n \r \f} and {@code \u000B}.</li>
 * </ul>
 *
 * <p>Unclosed text: a literal, quoted identifier, dollar quote or block comment without its closing delimiter
 * runs to the end of the text and is {@link #open()}; nothing in it is read as code (no marker, no ';', no
 * keyword), and the lexer never reads past the end. Code that would rewrite or extend such text leaves it as
 * it is, so the server reports the error on the text the caller wrote. A line comment without a line end is
 * {@link #open()} too: whatever is appended on its line is commented out.
 */
public final class SqlLexer {

    /** The kinds of token. */
    public enum Token {
        /** A run of white space. */
        SPACE,
        /** {@code -- …} up to, not including, the line end. */
        LINE_COMMENT,
        /** {@code /* … *&#47;}, nested ones included. */
        BLOCK_COMMENT,
        /** A keyword, identifier or number: letters, digits, {@code _}, {@code $} and non-ASCII characters. */
        WORD,
        /** {@code $n}; its number is {@link #parameter()}. */
        PARAMETER,
        /** {@code '…'}. */
        STRING,
        /** {@code '…'} right after the word {@code E}: backslash escapes. */
        ESCAPE_STRING,
        /** {@code $$…$$} or {@code $tag$…$tag$}. */
        DOLLAR_STRING,
        /** {@code "…"}. */
        QUOTED_IDENTIFIER,
        SEMICOLON,
        OPEN_PAREN,
        CLOSE_PAREN,
        /** Any other single character (operators, commas, a lone {@code $}). */
        OTHER
    }

    /** The largest parameter number: the protocol counts parameters in an unsigned Int16. */
    public static final int MAX_PARAMETER = 65535;

    private final String sql;
    private final int length;
    private Token token;
    private int start;
    private int end;
    private boolean open;
    private int parameter;

    public SqlLexer(String sql) {
        this.sql = sql;
        this.length = sql.length();
    }

    /** Moves to the next token: false (and no token) at the end of the text. */
    public boolean next() {
        int i = end;
        if (i >= length) {
            token = null;
            start = i;
            return false;
        }
        open = false;
        char c = sql.charAt(i);
        Token previous = token;
        int previousStart = start;
        start = i;
        if (isSpace(c)) {
            token = Token.SPACE;
            i++;
            while (i < length && isSpace(sql.charAt(i))) {
                i++;
            }
            end = i;
        } else if (isWordPart(c) && c != '$') {
            token = Token.WORD;
            end = wordEnd(i + 1);
        } else if (c == '\'') {
            boolean escapes = previous == Token.WORD && i - previousStart == 1 && (sql.charAt(previousStart) | 0x20) == 'e';
            token = escapes ? Token.ESCAPE_STRING : Token.STRING;
            end = quotedEnd(i + 1, '\'', escapes);
        } else if (c == '"') {
            token = Token.QUOTED_IDENTIFIER;
            end = quotedEnd(i + 1, '"', false);
        } else if (c == '-' && at(i + 1) == '-') {
            token = Token.LINE_COMMENT;
            end = lineEnd(i + 2);
        } else if (c == '/' && at(i + 1) == '*') {
            token = Token.BLOCK_COMMENT;
            end = blockCommentEnd(i + 2);
        } else if (c == '$') {
            dollar(i);
        } else {
            token = c == ';' ? Token.SEMICOLON : c == '(' ? Token.OPEN_PAREN : c == ')' ? Token.CLOSE_PAREN : Token.OTHER;
            end = i + 1;
        }
        return true;
    }

    /** Moves to the next token that is neither white space nor a comment: false at the end of the text. */
    public boolean nextCode() {
        while (next()) {
            if (token != Token.SPACE && token != Token.LINE_COMMENT && token != Token.BLOCK_COMMENT) {
                return true;
            }
        }
        return false;
    }

    /** The current token's kind; null before the first and after the last. */
    public Token token() {
        return token;
    }

    /** The index of the current token's first character. */
    public int start() {
        return start;
    }

    /** The index after the current token's last character. */
    public int end() {
        return end;
    }

    /** The current token runs to the end of the text without its closing delimiter (see the class doc). */
    public boolean open() {
        return open;
    }

    /**
     * The number of the current {@link Token#PARAMETER}, or -1 when it is above {@link #MAX_PARAMETER} (no
     * protocol parameter has it).
     */
    public int parameter() {
        return parameter;
    }

    /** Whether the current token is the word {@code keyword}, in any case. */
    public boolean isWord(String keyword) {
        return token == Token.WORD && end - start == keyword.length() && sql.regionMatches(true, start, keyword, 0, keyword.length());
    }

    /** '$' at {@code i}, not part of a word: a parameter, a dollar quote or a lone character. */
    private void dollar(int i) {
        char c = at(i + 1);
        if (c >= '0' && c <= '9') {
            token = Token.PARAMETER;
            int j = i + 1;
            int value = 0;
            while (j < length && (c = sql.charAt(j)) >= '0' && c <= '9') {
                if (value >= 0) {
                    value = value * 10 + (c - '0');
                    value = value > MAX_PARAMETER ? -1 : value;
                }
                j++;
            }
            parameter = value;
            end = j;
            return;
        }
        int tagEnd = i + 1;
        if (c != '$') {
            if (!isTagStart(c)) {
                token = Token.OTHER;
                end = i + 1;
                return;
            }
            tagEnd++;
            while (tagEnd < length && isTagPart(sql.charAt(tagEnd))) {
                tagEnd++;
            }
            if (tagEnd >= length || sql.charAt(tagEnd) != '$') {
                // "$abc" without a closing '$' is no tag: a lone '$' (the word after it follows)
                token = Token.OTHER;
                end = i + 1;
                return;
            }
        }
        token = Token.DOLLAR_STRING;
        int tagLength = tagEnd + 1 - i;
        int from = tagEnd + 1;
        while (true) {
            int close = sql.indexOf('$', from);
            if (close < 0) {
                end = length;
                open = true;
                return;
            }
            if (sql.regionMatches(close, sql, i, tagLength)) {
                end = close + tagLength;
                return;
            }
            from = close + 1;
        }
    }

    private int wordEnd(int i) {
        while (i < length && isWordPart(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    /** After the closing quote of a literal or quoted identifier whose body starts at {@code i}. */
    private int quotedEnd(int i, char quote, boolean backslashEscapes) {
        while (i < length) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == quote) {
                if (at(i + 1) != quote) {
                    return i + 1;
                }
                i += 2;
            } else {
                i++;
            }
        }
        open = true;
        return length;
    }

    /** The index of the line end at or after {@code i} (scan.l: {@code newline [\n\r]}). */
    private int lineEnd(int i) {
        while (i < length) {
            char c = sql.charAt(i);
            if (c == '\n' || c == '\r') {
                return i;
            }
            i++;
        }
        open = true;
        return length;
    }

    /** After the end of a block comment whose body starts at {@code i}; block comments nest (scan.l, xc). */
    private int blockCommentEnd(int i) {
        int depth = 1;
        while (i < length) {
            char c = sql.charAt(i);
            if (c == '/' && at(i + 1) == '*') {
                depth++;
                i += 2;
            } else if (c == '*' && at(i + 1) == '/') {
                i += 2;
                if (--depth == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        open = true;
        return length;
    }

    /** The character at {@code i}, or NUL past the end. */
    private char at(int i) {
        return i < length ? sql.charAt(i) : '\0';
    }

    /** scan.l's {@code space}: {@code [ \t\n\r\f\v]}. */
    private static boolean isSpace(char c) {
        return c == ' ' || (c >= '\t' && c <= '\r');
    }

    /** A character of a word: scan.l's {@code ident_cont} ({@code [A-Za-z\200-\377_0-9\$]}). */
    private static boolean isWordPart(char c) {
        return isTagPart(c) || c == '$';
    }

    /** scan.l's {@code dolq_start}: {@code [A-Za-z\200-\377_]}. */
    private static boolean isTagStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    /** scan.l's {@code dolq_cont}: {@code [A-Za-z\200-\377_0-9]}. */
    private static boolean isTagPart(char c) {
        return isTagStart(c) || (c >= '0' && c <= '9');
    }
}
