package io.pgfast.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The SQL of every scenario, written once with PostgreSQL's {@code $n} markers. pgjdbc gets the same text
 * with {@code ?} ({@link #jdbc}).
 */
public final class Sql {
    private static final Pattern MARKER = Pattern.compile("\\$(\\d+)");

    public static final String ALL_TYPES_COLUMNS =
            "id, c_int8, c_numeric, c_text, c_varchar, c_bool, c_float8, c_date, c_tstz, c_uuid, c_bytea, c_jsonb";
    public static final String SIMPLE_TYPES_COLUMNS = "id, c_int8, c_text, c_bool, c_float8";
    public static final String SHORT_COLUMNS = "id, fk, flag, n, s";

    public static final String ONE_ROW_ALL_TYPES =
            "SELECT " + ALL_TYPES_COLUMNS + " FROM bench_all_types WHERE id = $1";
    public static final String ALL_TYPES_RANGE =
            "SELECT " + ALL_TYPES_COLUMNS + " FROM bench_all_types WHERE id BETWEEN $1 AND $2";
    public static final String SIMPLE_TYPES_RANGE =
            "SELECT " + SIMPLE_TYPES_COLUMNS + " FROM bench_all_types WHERE id BETWEEN $1 AND $2";
    public static final String SHORT_RANGE =
            "SELECT " + SHORT_COLUMNS + " FROM bench_short WHERE id BETWEEN $1 AND $2";
    public static final String SHORT_BY_ID =
            "SELECT " + SHORT_COLUMNS + " FROM bench_short WHERE id = $1";
    public static final String INSERT_ALL_TYPES_RETURNING =
            "INSERT INTO bench_insert (c_int4, c_int8, c_numeric, c_text, c_varchar, c_bool, c_float8, c_date,"
                    + " c_tstz, c_uuid, c_bytea, c_jsonb) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,"
                    + " $12::jsonb) RETURNING id";
    public static final String UPDATE_BY_ID = "UPDATE bench_rw SET n = n + 1 WHERE id = $1";
    public static final String DELETE_BY_ID = "DELETE FROM bench_delete WHERE id = $1";
    public static final String TX_SELECT = "SELECT n FROM bench_rw WHERE id = $1";
    public static final String TX_UPDATE = "UPDATE bench_rw SET n = $1 WHERE id = $2";
    public static final String TX_INSERT = "INSERT INTO bench_log (rw_id, n) VALUES ($1, $2)";
    public static final String BATCH_INSERT = "INSERT INTO bench_batch (a, b, c) VALUES ($1, $2, $3)";
    public static final String HUGE_RESULT = "SELECT generate_series(1, 30000000)";
    public static final String NEXT_QUERY = "SELECT 1";

    private Sql() {
    }

    /**
     * The statement with JDBC's {@code ?} markers.
     *
     * @throws IllegalArgumentException unless the markers are $1, $2, … in order, each once (JDBC markers are
     *                                  positional)
     */
    public static String jdbc(String sql) {
        Matcher m = MARKER.matcher(sql);
        StringBuilder out = new StringBuilder(sql.length());
        int expected = 1;
        while (m.find()) {
            if (Integer.parseInt(m.group(1)) != expected) {
                throw new IllegalArgumentException("markers must be $1, $2, ... in order, each once: " + sql);
            }
            expected++;
            m.appendReplacement(out, "?");
        }
        m.appendTail(out);
        return out.toString();
    }
}
