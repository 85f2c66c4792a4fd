package io.pgfast.pool;

import io.pgfast.flow.SqlLexer;

/**
 * Recognises, with the driver's one lexer, SQL that changes the session it runs in and so cannot run on a connection
 * other callers share: a first keyword of a statement ({@code SET}, {@code LISTEN}, {@code BEGIN}, a
 * {@code CREATE TEMP TABLE} …) or a call anywhere of {@code set_config} or of a session-level advisory lock function.
 * What a function or a {@code DO} block does inside is not seen.
 */
final class SessionSql {

    /** First keywords of a statement that change or depend on the session. */
    private static final String[] FIRST_WORDS = {"SET", "RESET", "LISTEN", "UNLISTEN", "BEGIN", "START", "COMMIT", "END",
            "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "PREPARE", "DEALLOCATE", "DISCARD", "DECLARE", "LOCK"};

    private SessionSql() {
    }

    /** What in {@code sql} changes the session (as the error names it), or null when nothing recognised does. */
    static String refusal(String sql) {
        SqlLexer lx = new SqlLexer(sql);
        boolean first = true;
        boolean afterCreate = false;
        while (lx.nextCode()) {
            SqlLexer.Token t = lx.token();
            if (t == SqlLexer.Token.SEMICOLON) {
                first = true;
                afterCreate = false;
                continue;
            }
            if (t == SqlLexer.Token.WORD) {
                if (first) {
                    for (String w : FIRST_WORDS) {
                        if (lx.isWord(w)) {
                            return w;
                        }
                    }
                    afterCreate = lx.isWord("CREATE");
                } else if (afterCreate) {
                    if (lx.isWord("TEMP") || lx.isWord("TEMPORARY")) {
                        return "CREATE TEMP";
                    }
                    // CREATE LOCAL TEMP, CREATE GLOBAL TEMP; CREATE OR REPLACE TEMP VIEW
                    afterCreate = lx.isWord("LOCAL") || lx.isWord("GLOBAL") || lx.isWord("OR") || lx.isWord("REPLACE");
                } else {
                    String f = sessionFunction(sql, lx.start(), lx.end());
                    if (f != null) {
                        return f;
                    }
                }
            } else {
                afterCreate = false;
            }
            first = false;
        }
        return null;
    }

    /**
     * {@code set_config} or a session-level advisory lock function, as the word at {@code start..end} of {@code sql}
     * (compared in place: this runs for every shared statement); the {@code _xact_} ones end with the statement.
     */
    private static String sessionFunction(String sql, int start, int end) {
        int n = end - start;
        if (n == 10 && sql.regionMatches(true, start, "set_config", 0, 10)) {
            return "set_config(...)";
        }
        if (n > 12 && sql.regionMatches(true, start, "pg_advisory_", 0, 12)
                || n > 16 && sql.regionMatches(true, start, "pg_try_advisory_", 0, 16)) {
            for (int i = start; i + 6 <= end; i++) {
                if (sql.regionMatches(true, i, "_xact_", 0, 6)) {
                    return null;
                }
            }
            return sql.substring(start, end) + "(...)";
        }
        return null;
    }
}
