package io.pgfast.r2dbc;

import io.pgfast.flow.BatchedInsert;
import io.pgfast.flow.Binding;
import io.pgfast.flow.SqlScanner;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.r2dbc.spi.Blob;
import io.r2dbc.spi.Clob;
import io.r2dbc.spi.Parameter;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A statement with {@code $1 … $n} bind markers. Without parameters it runs as a simple query (several
 * statements allowed, text results); with parameters, or with a fetch size, through the extended
 * protocol with a cached prepared statement and binary results.
 *
 * <p>Bind indexes are 0-based ({@code bind(0, v)} binds {@code $1}); names are the markers themselves
 * ({@code bind("$1", v)}). Values are checked at bind time: an unsupported Java type fails here, not
 * when the statement runs.
 */
final class PgfastStatement implements Statement {

    private enum Kind { PLAIN, PARAMETER, LOB }

    /**
     * What a bound value's class is, looked up once per class: an {@code instanceof} against an interface
     * a class does not implement scans its list of interfaces every time (JDK 17 caches only hits), and three
     * such checks per bound value cost more than all the rest of {@code bind} (measured:
     * docs/bench/notes/tried-and-reverted.md).
     */
    private static final ClassValue<Kind> KIND = new ClassValue<>() {
        @Override
        protected Kind computeValue(Class<?> type) {
            if (Parameter.class.isAssignableFrom(type)) {
                return Kind.PARAMETER;
            }
            return Blob.class.isAssignableFrom(type) || Clob.class.isAssignableFrom(type) ? Kind.LOB : Kind.PLAIN;
        }
    };

    private final PgfastConnection connection;
    private final CodecRegistry codecs;
    private final String sql;
    private final int parameterCount;
    /** The sets of bindings before the current one (a batch); null until the first {@code add()}. */
    private List<Binding> bindings;
    private Binding current;
    private int fetchSize;
    private String[] generatedColumns;
    /** add() was the last binding call: a new, empty set of bindings is open (R2DBC 1.0, 7.2.1). */
    private boolean openAfterAdd;

    PgfastStatement(PgfastConnection connection, CodecRegistry codecs, String sql, int fetchSize) {
        this.connection = connection;
        this.codecs = codecs;
        this.sql = sql;
        this.parameterCount = SqlScanner.parameterCount(sql);
        this.fetchSize = fetchSize;
    }

    @Override
    public Statement add() {
        Binding b = current;
        if (b == null) {
            if (parameterCount == 0) {
                throw new IllegalStateException("add() on a statement without parameters");
            }
            throw new IllegalStateException("add() before anything was bound");
        }
        int missing = b.firstUnbound();
        if (missing >= 0) {
            throw new IllegalStateException("parameter $" + (missing + 1) + " is not bound; bind every parameter before add()");
        }
        if (bindings == null) {
            bindings = new ArrayList<>();
        }
        bindings.add(b);
        current = null;
        openAfterAdd = true;
        return this;
    }

    @Override
    public Statement bind(int index, Object value) {
        if (value == null) {
            throw new IllegalArgumentException("value must not be null; use bindNull(" + index + ", type)");
        }
        checkIndex(index);
        Class<?> type = value.getClass();
        int n = bindings == null ? 0 : bindings.size();
        if (n > 0) {
            // in a batch: a value of the class the previous binding had here takes its encoder (that class was
            // neither a Parameter nor a LOB, which have no encoder of their own)
            Encoder<Object> previous = bindings.get(n - 1).encoderIfSameClass(index, type);
            if (previous != null) {
                binding().set(index, value, previous);
                return this;
            }
        }
        switch (KIND.get(type)) {
            case PARAMETER:
                bindParameter(index, (Parameter) value);
                return this;
            case LOB:
                binding().setDeferred(index, value);
                return this;
            default:
                binding().set(index, value, encoder(value));
                return this;
        }
    }

    @SuppressWarnings("unchecked")
    private Encoder<Object> encoder(Object value) {
        return (Encoder<Object>) codecs.encoder(value.getClass());
    }

    private void bindParameter(int index, Parameter parameter) {
        if (parameter instanceof Parameter.Out) {
            throw new IllegalArgumentException("OUT parameters are not supported by PostgreSQL statements; use RETURNING or a function's result columns");
        }
        Object value = parameter.getValue();
        int oid = ParameterTypes.oid(parameter.getType());
        if (value == null) {
            binding().setNull(index, oid != 0 ? oid : codecs.nullOid(parameter.getType().getJavaType()));
            return;
        }
        @SuppressWarnings("unchecked")
        Encoder<Object> encoder = oid == 0 ? encoder(value) : (Encoder<Object>) codecs.encoder(oid, value.getClass());
        binding().setTyped(index, value, encoder);
    }

    @Override
    public Statement bind(String name, Object value) {
        return bind(indexOf(name), value);
    }

    @Override
    public Statement bindNull(int index, Class<?> type) {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        checkIndex(index);
        binding().setNull(index, codecs.nullOid(type));
        return this;
    }

    @Override
    public Statement bindNull(String name, Class<?> type) {
        return bindNull(indexOf(name), type);
    }

    private int indexOf(String name) {
        if (name == null) {
            throw new IllegalArgumentException("name must not be null");
        }
        if (name.length() > 1 && name.charAt(0) == '$') {
            try {
                int n = Integer.parseInt(name.substring(1));
                if (n >= 1 && n <= parameterCount) {
                    return n - 1;
                }
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
        }
        throw new NoSuchElementException("no parameter named \"" + name + "\": the statement has "
                + (parameterCount == 0 ? "no parameters" : "$1 to $" + parameterCount));
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= parameterCount) {
            throw new IndexOutOfBoundsException("bind index " + index + " out of range: the statement has "
                    + parameterCount + " parameter(s), indexes 0 to " + (parameterCount - 1));
        }
    }

    private Binding binding() {
        openAfterAdd = false;
        if (current == null) {
            current = new Binding(parameterCount);
        }
        return current;
    }

    @Override
    public Statement fetchSize(int rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("fetch size must not be negative, was " + rows);
        }
        this.fetchSize = rows;
        return this;
    }

    /**
     * Adds {@code RETURNING} with these columns (all when none) to an INSERT, UPDATE, DELETE or MERGE that has
     * none. Each name is the column's exact name, written as a quoted identifier ({@link ReturningClause}).
     */
    @Override
    public Statement returnGeneratedValues(String... columns) {
        if (columns == null) {
            throw new IllegalArgumentException("columns must not be null");
        }
        for (String c : columns) {
            if (c == null || c.isEmpty() || c.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("column names must not be null, empty or hold NUL (each is quoted as an identifier)");
            }
        }
        this.generatedColumns = columns.clone();
        return this;
    }

    @Override
    public Flux<Result> execute() {
        boolean batch = bindings != null && !bindings.isEmpty();
        if (current == null && parameterCount > 0 && !batch) {
            throw new IllegalStateException("the statement has " + parameterCount + " parameter(s) and none is bound");
        }
        if (current == null && openAfterAdd) {
            throw new IllegalStateException("add() opened a new set of bindings that is still empty: bind every parameter again, or do not call add() last");
        }
        if (current != null) {
            int missing = current.firstUnbound();
            if (missing >= 0) {
                throw new IllegalStateException("parameter $" + (missing + 1) + " is not bound");
            }
        }
        String text = generatedColumns == null ? sql : withReturning(sql, generatedColumns);
        Binding last = current;
        current = null;
        if (!batch) {
            // one set of bindings or none, the usual case: no list
            if (last == null) {
                return fetchSize == 0 ? connection.executeSimple(text) : connection.executeExtended(text, Binding.NONE, fetchSize);
            }
            if (!last.hasDeferred()) {
                return connection.executeExtended(text, last, fetchSize);
            }
        }
        List<Binding> all = new ArrayList<>(batch ? bindings.size() + 1 : 1);
        if (batch) {
            all.addAll(bindings);
            bindings.clear();
        }
        if (last != null) {
            all.add(last);
        }
        int size = fetchSize;
        if (anyDeferred(all)) {
            return Flux.fromIterable(all)
                    .concatMap(b -> b.resolveDeferred(codecs))
                    .thenMany(Flux.defer(() -> connection.executeExtended(text, rewritten(all), size)));
        }
        return connection.executeExtended(text, rewritten(all), size);
    }

    private static boolean anyDeferred(List<Binding> all) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).hasDeferred()) {
                return true;
            }
        }
        return false;
    }

    /**
     * With {@code rewriteBatchedInserts}, a batch of a plain {@code INSERT … VALUES (…)} as a few multi-row
     * inserts ({@link BatchedInsert}); every other statement's bindings unchanged.
     */
    private List<Binding> rewritten(List<Binding> all) {
        if (all.size() < 2 || generatedColumns != null || !connection.rewritesBatchedInserts()) {
            return all;
        }
        BatchedInsert insert = BatchedInsert.of(sql, parameterCount);
        return insert == null ? all : insert.rewrite(all);
    }

    /** {@link ReturningClause#append}: the names quoted as identifiers, never spliced. */
    static String withReturning(String sql, String[] columns) {
        return ReturningClause.append(sql, columns);
    }

    @Override
    public String toString() {
        return "PgfastStatement{" + sql + '}';
    }
}
