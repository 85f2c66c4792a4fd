package io.pgfast.replication;

import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.error.PgfastClientException;

import java.util.List;

/**
 * One row of a command or simple query run on a replication connection: the values in text format (the
 * simple query protocol's), copied, decoded when read by the connection's codecs.
 */
public final class SqlRow {

    private final List<String> names;
    private final int[] typeOids;
    private final byte[][] values;
    private final CodecRegistry codecs;

    SqlRow(List<String> names, int[] typeOids, byte[][] values, CodecRegistry codecs) {
        this.names = names;
        this.typeOids = typeOids;
        this.values = values;
        this.codecs = codecs;
    }

    /** The column names, in order. */
    public List<String> columnNames() {
        return names;
    }

    /** The value of column {@code index} as its type's default Java type; null for NULL. */
    public Object get(int index) {
        return decode(checkIndex(index), null);
    }

    public Object get(String column) {
        return decode(indexOf(column), null);
    }

    /**
     * The value as {@code type} ({@code String} always works); null for NULL.
     *
     * @throws IllegalArgumentException when the column's type cannot be decoded as {@code type}
     */
    public <T> T get(int index, Class<T> type) {
        return decode(checkIndex(index), requireType(type));
    }

    public <T> T get(String column, Class<T> type) {
        return decode(indexOf(column), requireType(type));
    }

    private static <T> Class<T> requireType(Class<T> type) {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        return type;
    }

    @SuppressWarnings("unchecked")
    private <T> T decode(int index, Class<T> type) {
        byte[] value = values[index];
        if (value == null) {
            if (type != null && type.isPrimitive()) {
                throw new IllegalArgumentException("column " + names.get(index) + " is NULL and cannot be read as " + type.getName());
            }
            return null;
        }
        try {
            return (T) (type == null ? codecs.decoder(typeOids[index], Format.TEXT) : codecs.decoder(typeOids[index], Format.TEXT, type))
                    .decode(Unpooled.wrappedBuffer(value), 0, value.length);
        } catch (CodecException e) {
            throw new PgfastClientException("column " + names.get(index) + ": " + e.getMessage(), e);
        }
    }

    private int checkIndex(int index) {
        if (index < 0 || index >= values.length) {
            throw new IndexOutOfBoundsException("column index " + index + " out of range: the row has " + values.length + " columns");
        }
        return index;
    }

    private int indexOf(String column) {
        int i = names.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException("no column \"" + column + "\" (columns: " + names + ")");
        }
        return i;
    }

    @Override
    public String toString() {
        return "SqlRow" + names;
    }
}
