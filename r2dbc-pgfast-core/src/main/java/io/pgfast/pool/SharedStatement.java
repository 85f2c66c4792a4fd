package io.pgfast.pool;

import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A statement of a {@link SharedConnection} without a connection of its own: the calls on it are recorded and made on
 * the connection it runs on when executed. So a value that cannot be bound fails the publisher {@link #execute()}
 * returns, not the {@code bind} call.
 */
final class SharedStatement implements Statement {

    private final SharedConnection handle;
    private final String sql;
    /** The calls made since the last execute(), or null for none. */
    private List<Consumer<Statement>> calls;

    SharedStatement(SharedConnection handle, String sql) {
        if (sql == null) {
            throw new IllegalArgumentException("sql must not be null");
        }
        this.handle = handle;
        this.sql = sql;
    }

    private Statement record(Consumer<Statement> call) {
        if (calls == null) {
            calls = new ArrayList<>(4);
        }
        calls.add(call);
        return this;
    }

    @Override
    public Statement add() {
        return record(Statement::add);
    }

    @Override
    public Statement bind(int index, Object value) {
        return record(s -> s.bind(index, value));
    }

    @Override
    public Statement bind(String name, Object value) {
        return record(s -> s.bind(name, value));
    }

    @Override
    public Statement bindNull(int index, Class<?> type) {
        return record(s -> s.bindNull(index, type));
    }

    @Override
    public Statement bindNull(String name, Class<?> type) {
        return record(s -> s.bindNull(name, type));
    }

    @Override
    public Statement fetchSize(int rows) {
        return record(s -> s.fetchSize(rows));
    }

    @Override
    public Statement returnGeneratedValues(String... columns) {
        String[] copy = columns.clone();
        return record(s -> s.returnGeneratedValues(copy));
    }

    /** Runs the statement with the bindings made so far, which it then forgets (as a connection's statement does). */
    @Override
    public Flux<Result> execute() {
        List<Consumer<Statement>> made = calls;
        calls = null;
        return handle.run(sql, c -> {
            Statement s = c.createStatement(sql);
            if (made != null) {
                for (int i = 0; i < made.size(); i++) {
                    made.get(i).accept(s);
                }
            }
            return Flux.<Result>from(s.execute());
        });
    }

    @Override
    public String toString() {
        return "SharedStatement{" + sql + '}';
    }
}
