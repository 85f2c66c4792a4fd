package io.pgfast.r2dbc;

import io.pgfast.flow.ResultColumns;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.protocol.backend.RowDescription;
import io.r2dbc.spi.ColumnMetadata;
import io.r2dbc.spi.RowMetadata;

import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The columns of one result. Built once per RowDescription (and kept with a cached prepared statement),
 * shared by all its rows. Name lookup is case-insensitive and the first of duplicate names wins (R2DBC
 * 1.0, section 8.4); the name index is built on first use, since most mappers read by index.
 */
final class PgfastRowMetadata implements RowMetadata, ResultColumns {

    private final PgfastColumnMetadata[] columns;
    private final List<ColumnMetadata> columnList;
    private volatile Map<String, Integer> index;
    /**
     * Non-null while types of these columns are being looked up: rows are decoded only once it completes,
     * when the columns have been planned again with the extended codecs.
     */
    private volatile Mono<Void> pending;
    /** Non-null while the columns' types are not all known: a later result looks them up again. */
    private volatile ColumnTypes lookup;
    /** What the columns are planned from again; written before {@link #lookup}. */
    private RowDescription description;
    private short[] formats;

    private PgfastRowMetadata(PgfastColumnMetadata[] columns) {
        this.columns = columns;
        this.columnList = Collections.unmodifiableList(Arrays.asList(columns));
    }

    /**
     * @param formats the result format of each column as requested in Bind, or null to take each field's
     *                own format code (simple query, Describe Portal)
     */
    static PgfastRowMetadata of(RowDescription description, short[] formats, CodecRegistry codecs) {
        PgfastColumnMetadata[] columns = new PgfastColumnMetadata[description.fields().length];
        plan(columns, description, formats, codecs);
        return new PgfastRowMetadata(columns);
    }

    private static void plan(PgfastColumnMetadata[] columns, RowDescription description, short[] formats, CodecRegistry codecs) {
        RowDescription.Field[] fields = description.fields();
        for (int i = 0; i < fields.length; i++) {
            short code = formats == null ? fields[i].formatCode() : formats.length == 1 ? formats[0] : formats[i];
            columns[i] = new PgfastColumnMetadata(fields[i], Format.of(code), codecs);
        }
    }

    /**
     * Looks up the columns' types the codecs do not know, started now: until the lookup ends {@link #pending()}
     * makes the results wait, then the columns are planned again with the codecs it emits (the formats stay as
     * asked for in Bind). When the lookup could not answer (it never fails, it emits the codecs as they were),
     * the next result of these columns (a cached prepared statement's) tries again.
     */
    void resolveWith(ColumnTypes types, RowDescription description, short[] formats) {
        this.description = description;
        this.formats = formats;
        this.lookup = types;
        start(types);
    }

    private Mono<Void> start(ColumnTypes types) {
        Mono<Void> p = types.resolve()
                .doOnNext(codecs -> {
                    plan(columns, description, formats, codecs);
                    if (types.complete(codecs)) {
                        lookup = null;
                    }
                })
                .doFinally(s -> pending = null)
                .then()
                .cache();
        // before subscribing: a lookup that ends at once clears it again
        pending = p;
        p.subscribe(v -> { }, e -> { });
        return p;
    }

    /** What a result waits for before it decodes a row; null (nearly always) when nothing. */
    Mono<Void> pending() {
        Mono<Void> p = pending;
        if (p == null) {
            ColumnTypes again = lookup;
            if (again != null) {
                p = start(again);
            }
        }
        return p;
    }

    /** How the types of these columns are looked up ({@link PgfastResultFactory}). */
    interface ColumnTypes {

        /** The codecs once the columns' unknown types are looked up; never an error. */
        Mono<CodecRegistry> resolve();

        /** Whether {@code codecs} know every column type there is to know (the catalog may lack some). */
        boolean complete(CodecRegistry codecs);
    }

    @Override
    public int size() {
        return columns.length;
    }

    PgfastColumnMetadata column(int i) {
        if (i < 0 || i >= columns.length) {
            throw new IndexOutOfBoundsException("column index " + i + " out of range: the result has " + columns.length + " columns");
        }
        return columns[i];
    }

    int indexOf(String name) {
        int i = find(name);
        if (i < 0) {
            throw new NoSuchElementException("no column named \"" + name + "\"; the columns are " + columnNames());
        }
        return i;
    }

    private int find(String name) {
        if (name == null) {
            throw new IllegalArgumentException("column name must not be null");
        }
        Map<String, Integer> map = index;
        if (map == null) {
            map = new HashMap<>(columns.length * 2);
            for (int i = 0; i < columns.length; i++) {
                map.putIfAbsent(columns[i].getName().toLowerCase(Locale.ROOT), i);
            }
            index = map;
        }
        Integer i = map.get(name.toLowerCase(Locale.ROOT));
        return i == null ? -1 : i;
    }

    private List<String> columnNames() {
        String[] names = new String[columns.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = columns[i].getName();
        }
        return Arrays.asList(names);
    }

    @Override
    public ColumnMetadata getColumnMetadata(int index) {
        return column(index);
    }

    @Override
    public ColumnMetadata getColumnMetadata(String name) {
        return columns[indexOf(name)];
    }

    @Override
    public List<? extends ColumnMetadata> getColumnMetadatas() {
        return columnList;
    }

    @Override
    public boolean contains(String columnName) {
        return find(columnName) >= 0;
    }

    @Override
    public String toString() {
        return "RowMetadata" + columnNames();
    }
}
