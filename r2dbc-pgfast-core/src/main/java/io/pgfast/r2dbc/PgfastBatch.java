package io.pgfast.r2dbc;

import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;

/** SQL statements without parameters sent as one simple query: one round trip, one Result each. */
final class PgfastBatch implements Batch {

    private final PgfastConnection connection;
    private final List<String> statements = new ArrayList<>();

    PgfastBatch(PgfastConnection connection) {
        this.connection = connection;
    }

    @Override
    public Batch add(String sql) {
        if (sql == null) {
            throw new IllegalArgumentException("sql must not be null");
        }
        statements.add(sql);
        return this;
    }

    @Override
    public Flux<Result> execute() {
        if (statements.isEmpty()) {
            throw new IllegalStateException("the batch is empty");
        }
        return connection.executeSimple(String.join("; ", statements));
    }
}
