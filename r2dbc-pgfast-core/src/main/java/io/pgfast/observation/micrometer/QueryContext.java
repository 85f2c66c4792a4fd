package io.pgfast.observation.micrometer;

/** The context of an {@code r2dbc.query} observation. */
public final class QueryContext extends EndpointContext {

    private final String sql;
    private volatile long rowsReturned;
    private volatile long rowsUpdated;

    QueryContext(String sql, String database, String serverAddress, int serverPort) {
        super(database, serverAddress, serverPort);
        this.sql = sql;
    }

    /** The SQL as sent, without bound values. */
    public String getSql() {
        return sql;
    }

    /** Rows returned so far, as the server counted them in CommandComplete. */
    public long getRowsReturned() {
        return rowsReturned;
    }

    /** Rows inserted, updated or deleted so far. */
    public long getRowsUpdated() {
        return rowsUpdated;
    }

    // written on the connection's event loop only
    void addRows(boolean returned, long count) {
        if (returned) {
            rowsReturned += count;
        } else {
            rowsUpdated += count;
        }
    }
}
