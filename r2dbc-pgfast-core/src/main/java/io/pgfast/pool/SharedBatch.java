package io.pgfast.pool;

import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;

/** A batch of a {@link SharedConnection} without a connection of its own: run on one shared connection when executed. */
final class SharedBatch implements Batch {

    private final SharedConnection handle;
    private final List<String> statements = new ArrayList<>();

    SharedBatch(SharedConnection handle) {
        this.handle = handle;
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
        List<String> all = List.copyOf(statements);
        statements.clear();
        return handle.run(String.join(";\n", all), c -> {
            Batch b = c.createBatch();
            for (String sql : all) {
                b.add(sql);
            }
            return Flux.<Result>from(b.execute());
        });
    }
}
