package io.pgfast.r2dbc;

import io.pgfast.flow.SqlScanner;
import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL statements without parameters sent as one simple query: one round trip, one Result each. The texts are
 * joined with ';': one ending in a {@code --} comment gets a line break first (or the comment would swallow
 * the statements after it), and one ending inside an unterminated literal, quoted identifier, dollar quote or
 * block comment is refused by {@link #add}, since it would swallow them whatever the separator.
 */
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
        SqlScanner.Tail tail = SqlScanner.tail(sql);
        if (tail.open()) {
            throw new IllegalArgumentException("the statement ends inside an unterminated string literal, quoted identifier,"
                    + " dollar quote or block comment, which would swallow the statements added after it");
        }
        statements.add(tail.endsInLineComment() ? sql + '\n' : sql);
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
