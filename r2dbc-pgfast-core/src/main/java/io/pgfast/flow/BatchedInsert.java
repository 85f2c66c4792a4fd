package io.pgfast.flow;

import io.pgfast.protocol.WireFormat;

import java.util.ArrayList;
import java.util.List;

/**
 * The opt-in batch rewrite ({@code rewriteBatchedInserts=true}, as pgjdbc's option of that name): a
 * {@code Statement.add()} batch of {@code INSERT … VALUES (…)} becomes a few multi-row inserts
 * ({@code VALUES (…), (…), …}) of 1, 2, 4 … up to {@link #MAX_ROWS} rows each, so the server plans and runs
 * one statement per chunk instead of one per binding. Powers of two keep the number of distinct statements
 * (and of prepared-statement cache entries) at eight at most.
 *
 * <p>Only a statement of exactly this shape is rewritten, anything else runs unchanged:
 * {@code INSERT} (after white space and comments) …, one top-level {@code VALUES} followed by one
 * parenthesised row holding every {@code $n} marker of the statement, and nothing after that row but white
 * space, comments and ';'. That excludes {@code RETURNING} (one Result per binding would be lost in a way a
 * caller reading rows could notice), {@code ON CONFLICT} (a multi-row {@code DO UPDATE} fails when two rows
 * of one chunk hit the same key, which separate statements would not), {@code INSERT … SELECT}, rows already
 * listing several tuples, and several statements.
 *
 * <p>Parsing follows PostgreSQL's lexer as {@link SqlScanner} does: string literals, quoted identifiers,
 * dollar quotes and comments are skipped, so a "VALUES" or "$1" inside them does not count.
 */
public final class BatchedInsert {

    /** Rows per rewritten statement at most (pgjdbc uses the same bound). */
    static final int MAX_ROWS = 128;
    /** Parameters of one statement at most: the Bind message counts them in an Int16. */
    static final int MAX_PARAMETERS = 32767;

    private final String prefix;
    private final String row;
    private final int[] markerStarts;
    private final int[] markerEnds;
    private final int[] markerNumbers;
    private final int parameterCount;
    private final int maxRows;

    private BatchedInsert(String prefix, String row, List<int[]> markers, int parameterCount) {
        this.prefix = prefix;
        this.row = row;
        this.markerStarts = new int[markers.size()];
        this.markerEnds = new int[markers.size()];
        this.markerNumbers = new int[markers.size()];
        for (int i = 0; i < markers.size(); i++) {
            markerStarts[i] = markers.get(i)[0];
            markerEnds[i] = markers.get(i)[1];
            markerNumbers[i] = markers.get(i)[2];
        }
        this.parameterCount = parameterCount;
        this.maxRows = Math.min(MAX_ROWS, Integer.highestOneBit(MAX_PARAMETERS / parameterCount));
    }

    /** The rewritable form of {@code sql} with {@code parameterCount} parameters, or null when it is not one. */
    public static BatchedInsert of(String sql, int parameterCount) {
        if (parameterCount <= 0 || parameterCount > MAX_PARAMETERS || SqlScanner.hasSeveralStatements(sql)) {
            return null;
        }
        Lexer lx = new Lexer(sql);
        lx.skipSpace();
        if (!lx.keyword("INSERT")) {
            return null;
        }
        int depth = 0;
        int valuesEnd = -1;
        while (!lx.atEnd()) {
            char c = sql.charAt(lx.pos);
            if (c == '(') {
                depth++;
                lx.pos++;
            } else if (c == ')') {
                depth--;
                lx.pos++;
            } else if (depth == 0 && lx.keyword("VALUES")) {
                valuesEnd = lx.pos;
                break;
            } else if (lx.marker() >= 0 || lx.skipOther() < 0) {
                // a parameter before VALUES (or a lexer dead end): not the simple shape
                return null;
            }
        }
        if (valuesEnd < 0) {
            return null;
        }
        lx.skipSpace();
        if (lx.atEnd() || sql.charAt(lx.pos) != '(') {
            return null;
        }
        int rowStart = lx.pos;
        List<int[]> markers = new ArrayList<>();
        depth = 0;
        do {
            char c = sql.charAt(lx.pos);
            if (c == '(') {
                depth++;
                lx.pos++;
            } else if (c == ')') {
                depth--;
                lx.pos++;
            } else {
                int start = lx.pos;
                int n = lx.marker();
                if (n >= 0) {
                    markers.add(new int[] {start - rowStart, lx.pos - rowStart, n});
                } else if (lx.skipOther() < 0) {
                    return null;
                }
            }
        } while (depth > 0 && !lx.atEnd());
        if (depth != 0) {
            return null;
        }
        int rowEnd = lx.pos;
        lx.skipSpace();
        while (!lx.atEnd() && sql.charAt(lx.pos) == ';') {
            lx.pos++;
            lx.skipSpace();
        }
        if (!lx.atEnd()) {
            return null;
        }
        return new BatchedInsert(sql.substring(0, rowStart), sql.substring(rowStart, rowEnd), markers, parameterCount);
    }

    /** Bindings per rewritten statement at most, for this statement's parameter count. */
    int maxRows() {
        return maxRows;
    }

    /** The insert of {@code rows} rows: the first row as written, the next ones with their markers renumbered. */
    String sql(int rows) {
        StringBuilder b = new StringBuilder(prefix.length() + rows * (row.length() + 4)).append(prefix);
        for (int r = 0; r < rows; r++) {
            if (r > 0) {
                b.append(", ");
            }
            int offset = r * parameterCount;
            int from = 0;
            for (int m = 0; m < markerStarts.length; m++) {
                b.append(row, from, markerStarts[m]).append('$').append(markerNumbers[m] + offset);
                from = markerEnds[m];
            }
            b.append(row, from, row.length());
        }
        return b.toString();
    }

    /**
     * The chunk sizes for {@code bindings} bindings, largest first: as many {@link #maxRows()} as fit, then
     * the powers of two of the rest.
     */
    int[] chunks(int bindings) {
        List<Integer> sizes = new ArrayList<>();
        int left = bindings;
        while (left > 0) {
            int m = Math.min(maxRows, Integer.highestOneBit(left));
            sizes.add(m);
            left -= m;
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Rewrites {@code bindings} (all complete) into one merged binding per chunk, each carrying its SQL. A chunk
     * whose values are known to exceed {@link #MERGE_LIMIT} is split in halves (still powers of two) as often as
     * needed: merging must not turn bindings that fit in a Bind each into one Bind over PostgreSQL's 1 GiB limit.
     */
    public List<Binding> rewrite(List<Binding> bindings) {
        int[] sizes = chunks(bindings.size());
        List<Binding> merged = new ArrayList<>(sizes.length);
        String[] texts = new String[Integer.numberOfTrailingZeros(maxRows) + 1];
        int from = 0;
        for (int size : sizes) {
            addChunk(bindings, from, size, merged, texts);
            from += size;
        }
        return merged;
    }

    /**
     * The known size of merged values at most: PostgreSQL's limit less a margin for the rest of a Bind (names,
     * up to 65535 format codes of 2 bytes and value lengths of 4 bytes, counted separately below).
     */
    static final long MERGE_LIMIT = WireFormat.MAX_MESSAGE_LENGTH - (1 << 20);

    private void addChunk(List<Binding> bindings, int from, int size, List<Binding> merged, String[] texts) {
        if (size > 1 && knownLength(bindings, from, size) > MERGE_LIMIT) {
            int half = size / 2;
            addChunk(bindings, from, half, merged, texts);
            addChunk(bindings, from + half, half, merged, texts);
            return;
        }
        int t = Integer.numberOfTrailingZeros(size);
        if (texts[t] == null) {
            texts[t] = sql(size);
        }
        merged.add(size == 1 ? bindings.get(from) : Binding.merge(bindings, from, size, parameterCount, texts[t]));
    }

    private long knownLength(List<Binding> bindings, int from, int size) {
        long length = 4L * size * parameterCount;
        for (int i = from; i < from + size; i++) {
            Binding b = bindings.get(i);
            for (int p = 0; p < parameterCount; p++) {
                length += b.minimumLength(p);
            }
        }
        return length;
    }

    /** A cursor over SQL text that knows what to skip. */
    private static final class Lexer {
        final String sql;
        int pos;

        Lexer(String sql) {
            this.sql = sql;
        }

        boolean atEnd() {
            return pos >= sql.length();
        }

        void skipSpace() {
            pos = SqlScanner.skipSpaceAndComments(sql, pos);
        }

        /** Consumes {@code word} (any case) if it stands here as a whole word. */
        boolean keyword(String word) {
            int end = pos + word.length();
            if (!sql.regionMatches(true, pos, word, 0, word.length())) {
                return false;
            }
            if (pos > 0 && SqlScanner.isIdentifierPart(sql.charAt(pos - 1))) {
                return false;
            }
            if (end < sql.length() && SqlScanner.isIdentifierPart(sql.charAt(end))) {
                return false;
            }
            pos = end;
            return true;
        }

        /** Consumes a {@code $n} marker and returns n, or returns -1 and consumes nothing. */
        int marker() {
            int n = sql.length();
            if (sql.charAt(pos) != '$' || pos + 1 >= n || !Character.isDigit(sql.charAt(pos + 1))
                    || pos > 0 && SqlScanner.isIdentifierPart(sql.charAt(pos - 1))) {
                return -1;
            }
            int j = pos + 1;
            int value = 0;
            while (j < n && Character.isDigit(sql.charAt(j))) {
                value = value * 10 + (sql.charAt(j) - '0');
                if (value > MAX_PARAMETERS) {
                    return -1;
                }
                j++;
            }
            pos = j;
            return value;
        }

        /**
         * Consumes one lexical element that is not a parenthesis or marker: a literal, quoted identifier,
         * dollar-quoted string, comment, a whole word, or one other character. Returns -1 at a dead end.
         */
        int skipOther() {
            int n = sql.length();
            char c = sql.charAt(pos);
            if (c == '\'') {
                boolean escapes = pos > 0 && (sql.charAt(pos - 1) == 'E' || sql.charAt(pos - 1) == 'e')
                        && (pos < 2 || !SqlScanner.isIdentifierPart(sql.charAt(pos - 2)));
                pos = SqlScanner.skipQuoted(sql, pos + 1, '\'', escapes);
            } else if (c == '"') {
                pos = SqlScanner.skipQuoted(sql, pos + 1, '"', false);
            } else if ((c == '-' && pos + 1 < n && sql.charAt(pos + 1) == '-') || (c == '/' && pos + 1 < n && sql.charAt(pos + 1) == '*')) {
                skipSpace();
            } else if (c == '$') {
                int tagEnd = SqlScanner.dollarTagEnd(sql, pos);
                if (tagEnd > 0 && !(pos > 0 && SqlScanner.isIdentifierPart(sql.charAt(pos - 1)))) {
                    String tag = sql.substring(pos, tagEnd + 1);
                    int close = sql.indexOf(tag, tagEnd + 1);
                    if (close < 0) {
                        return -1;
                    }
                    pos = close + tag.length();
                } else {
                    pos++;
                }
            } else if (SqlScanner.isIdentifierPart(c)) {
                while (pos < n && SqlScanner.isIdentifierPart(sql.charAt(pos))) {
                    pos++;
                }
            } else {
                pos++;
            }
            return pos;
        }
    }
}
