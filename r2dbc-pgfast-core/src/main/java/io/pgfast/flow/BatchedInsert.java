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
 * <p>The text is read with {@link SqlLexer}: a "VALUES" or "$1" inside a string literal, quoted identifier,
 * dollar quote or comment does not count, and text ending inside an unclosed one is left alone.
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
        SqlLexer lx = new SqlLexer(sql);
        if (!lx.nextCode() || !lx.isWord("INSERT")) {
            return null;
        }
        int depth = 0;
        boolean values = false;
        while (!values && lx.nextCode()) {
            SqlLexer.Token t = lx.token();
            if (lx.open() || t == SqlLexer.Token.PARAMETER) {
                // a parameter before VALUES, or text the server will reject: not the simple shape
                return null;
            }
            depth += t == SqlLexer.Token.OPEN_PAREN ? 1 : t == SqlLexer.Token.CLOSE_PAREN ? -1 : 0;
            values = depth == 0 && lx.isWord("VALUES");
        }
        if (!values || !lx.nextCode() || lx.token() != SqlLexer.Token.OPEN_PAREN) {
            return null;
        }
        int rowStart = lx.start();
        List<int[]> markers = new ArrayList<>();
        depth = 1;
        while (depth > 0 && lx.next()) {
            SqlLexer.Token t = lx.token();
            if (lx.open()) {
                return null;
            }
            if (t == SqlLexer.Token.PARAMETER) {
                int n = lx.parameter();
                if (n < 0 || n > MAX_PARAMETERS) {
                    return null;
                }
                markers.add(new int[] {lx.start() - rowStart, lx.end() - rowStart, n});
            }
            depth += t == SqlLexer.Token.OPEN_PAREN ? 1 : t == SqlLexer.Token.CLOSE_PAREN ? -1 : 0;
        }
        if (depth != 0) {
            return null;
        }
        int rowEnd = lx.end();
        while (lx.next()) {
            SqlLexer.Token t = lx.token();
            boolean blank = t == SqlLexer.Token.SPACE || t == SqlLexer.Token.SEMICOLON || t == SqlLexer.Token.LINE_COMMENT
                    || t == SqlLexer.Token.BLOCK_COMMENT && !lx.open();
            if (!blank) {
                return null;
            }
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
}
