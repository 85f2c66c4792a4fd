package io.pgfast.pool;

import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link SessionSql}'s verdict per SQL text, kept for the statements a pool with {@code sharedLeases} runs: an
 * application runs the same few texts again and again, and lexing each one cost a tenth of the worker's Java time
 * with 64 callers sharing four connections. At most {@code limit} texts are kept; the one that finds the map full
 * empties it, so texts made per call (literals in the SQL) cost a lex each, as without the map, and no more memory.
 */
final class SessionSqlVerdicts {

    /** The value for "nothing to refuse": the map holds no nulls. */
    private static final String NONE = "";

    private final ConcurrentHashMap<String, String> verdicts = new ConcurrentHashMap<>();
    private final int limit;

    SessionSqlVerdicts(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1: " + limit);
        }
        this.limit = limit;
    }

    /** As {@link SessionSql#refusal(String)}. */
    String refusal(String sql) {
        String v = verdicts.get(sql);
        if (v == null) {
            String r = SessionSql.refusal(sql);
            v = r == null ? NONE : r;
            if (verdicts.size() >= limit) {
                verdicts.clear();
            }
            verdicts.put(sql, v);
        }
        return v.isEmpty() ? null : v;
    }

    /** Texts kept now, for tests. */
    int size() {
        return verdicts.size();
    }
}
