package io.pgfast.observation.micrometer;

import io.micrometer.common.KeyValues;
import io.pgfast.observation.micrometer.R2dbcObservationDocumentation.QueryHighCardinalityKeys;

import java.util.Locale;

/**
 * {@code r2dbc.query}: low-cardinality {@code db.system}, {@code db.name}, {@code server.address},
 * {@code server.port}, {@code error}; high-cardinality {@code db.statement} (the SQL, never a bound
 * value), {@code r2dbc.rows.returned}, {@code r2dbc.rows.updated}. The contextual name (a span's name)
 * is the statement's first keyword and the database, e.g. {@code SELECT app}.
 */
public class DefaultQueryObservationConvention implements QueryObservationConvention {

    /** The default convention; subclass it to change some of its key values. */
    public DefaultQueryObservationConvention() {
    }

    public static final String NAME = "r2dbc.query";

    static final DefaultQueryObservationConvention INSTANCE = new DefaultQueryObservationConvention();

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getContextualName(QueryContext context) {
        return operation(context.getSql()) + " " + context.getDatabase();
    }

    @Override
    public KeyValues getLowCardinalityKeyValues(QueryContext context) {
        return EndpointKeyValues.of(context);
    }

    @Override
    public KeyValues getHighCardinalityKeyValues(QueryContext context) {
        return KeyValues.of(
                QueryHighCardinalityKeys.DB_STATEMENT.withValue(context.getSql()),
                QueryHighCardinalityKeys.ROWS_RETURNED.withValue(Long.toString(context.getRowsReturned())),
                QueryHighCardinalityKeys.ROWS_UPDATED.withValue(Long.toString(context.getRowsUpdated())));
    }

    /** The first word of the SQL when it is a keyword (letters only), upper-cased; else {@code QUERY}. */
    static String operation(String sql) {
        int start = 0;
        int n = sql.length();
        while (start < n && Character.isWhitespace(sql.charAt(start))) {
            start++;
        }
        int end = start;
        while (end < n && end - start < 16 && isAsciiLetter(sql.charAt(end))) {
            end++;
        }
        boolean word = end > start && (end == n || !Character.isLetterOrDigit(sql.charAt(end)));
        return word ? sql.substring(start, end).toUpperCase(Locale.ROOT) : "QUERY";
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
