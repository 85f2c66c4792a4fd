package io.pgfast.r2dbc;

import io.pgfast.error.PgfastClientException;
import io.pgfast.codec.CodecException;
import io.pgfast.protocol.backend.DataRow;
import io.r2dbc.spi.Blob;
import io.r2dbc.spi.Clob;
import io.r2dbc.spi.Row;
import reactor.core.publisher.Mono;

import java.nio.ByteBuffer;
import io.r2dbc.spi.RowMetadata;

/**
 * One row: the DataRow's buffer plus its column offsets, decoded column by column only when asked.
 *
 * <p>Lifetime contract (R2DBC 1.0, section 8.2): a row is valid only inside the mapping function it is
 * handed to; its DataRow may be the connection's borrowed view, which the next message overwrites, so the row
 * expires as soon as the function returns, after which every access throws {@link IllegalStateException}
 * instead of reading another row or recycled memory.
 */
final class PgfastRow implements Row {

    private final PgfastRowMetadata metadata;
    private DataRow data;

    PgfastRow(DataRow data, PgfastRowMetadata metadata) {
        this.data = data;
        this.metadata = metadata;
    }

    @Override
    public RowMetadata getMetadata() {
        return metadata;
    }

    @Override
    public Object get(int index) {
        return get(index, Object.class);
    }

    @Override
    public Object get(String name) {
        return get(metadata.indexOf(name), Object.class);
    }

    @Override
    public <T> T get(String name, Class<T> type) {
        return get(metadata.indexOf(name), type);
    }

    @Override
    public <T> T get(int index, Class<T> type) {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        DataRow row = data;
        if (row == null) {
            throw new IllegalStateException("the row was accessed after its mapping function returned; "
                    + "read every value inside Result.map(...)");
        }
        PgfastColumnMetadata column = metadata.column(index);
        if (index >= row.columnCount()) {
            throw new IndexOutOfBoundsException("column index " + index + " out of range: the row has " + row.columnCount() + " values");
        }
        int length = row.length(index);
        if (length < 0) {
            if (type.isPrimitive()) {
                throw new IllegalArgumentException("column " + index + " is NULL and cannot be read as " + type.getName());
            }
            return null;
        }
        try {
            // a LOB over the value, which is already in memory (R2DBC 1.0, 12)
            if (type == Blob.class) {
                ByteBuffer bytes = column.decode(row.buffer(), row.offset(index), length, ByteBuffer.class);
                return type.cast(Blob.from(Mono.just(bytes)));
            }
            if (type == Clob.class) {
                String text = column.decode(row.buffer(), row.offset(index), length, String.class);
                return type.cast(Clob.from(Mono.just(text)));
            }
            return column.decode(row.buffer(), row.offset(index), length, type);
        } catch (CodecException e) {
            throw new PgfastClientException("column " + index + " (\"" + column.getName() + "\"): " + e.getMessage(), e);
        }
    }

    /** Makes the row unusable: its DataRow is not to be read after the mapping function returns. */
    void expire() {
        data = null;
    }

    @Override
    public String toString() {
        return "PgfastRow" + metadata;
    }
}
