package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCounted;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Objects;

/**
 * DataRow (B): Byte1('D'), Int32 length, Int16 column count, then per column Int32 value length
 * (-1 for NULL) and that many bytes. One row of a result.
 *
 * <p>No object is made per column: the row is one retained slice of the message's bytes plus an
 * {@code int[]} of the offset and length of every value, computed and checked against the body's
 * length when the message is decoded. Column {@code i}'s value is the {@link #length(int)} bytes of
 * {@link #buffer()} starting at the absolute index {@link #offset(int)}.
 *
 * <p>Buffer contract: the receiver owns one reference and must {@link #release()} the row; its
 * buffer is valid until then. Read it with absolute getters only; do not change its indices.
 */
public final class DataRow implements BackendMessage, ReferenceCounted {

    public static final byte TYPE = 'D';

    /** The length of a NULL value. */
    public static final int NULL = -1;

    private final ByteBuf buffer;
    /** offset of column i at [2i], its length (or -1) at [2i + 1]; offsets are indices into buffer. */
    private final int[] columns;

    private DataRow(ByteBuf buffer, int[] columns) {
        this.buffer = buffer;
        this.columns = columns;
    }

    /**
     * Checks the whole body, then consumes it and returns the row as a retained slice: nothing is
     * retained when the body is malformed.
     */
    public static DataRow decode(ByteBuf body) {
        int count = WireFormat.readCount16(body, "DataRow", "column count");
        int start = body.readerIndex();
        int end = body.writerIndex();
        // Each column takes at least its 4-byte length: refuse an absurd count before allocating.
        if ((long) count * 4 > end - start) {
            throw new ProtocolException("DataRow: " + count + " columns cannot fit in the " + (end - start)
                + " bytes left in the message");
        }
        int[] columns = new int[count * 2];
        int position = start;
        for (int i = 0; i < count; i++) {
            if (end - position < 4) {
                throw new ProtocolException("DataRow: truncated, column " + i + " of " + count + " has no length field");
            }
            int length = body.getInt(position);
            position += 4;
            columns[2 * i] = position - start;
            columns[2 * i + 1] = length;
            if (length == NULL) {
                continue;
            }
            if (length < 0) {
                throw new ProtocolException("DataRow: column " + i + " has negative length " + length);
            }
            if (length > end - position) {
                throw new ProtocolException("DataRow: column " + i + " length " + length + " runs past the end of the message ("
                    + (end - position) + " bytes left)");
            }
            position += length;
        }
        if (position != end) {
            throw new ProtocolException("DataRow: " + (end - position) + " unexpected trailing bytes after " + count + " columns");
        }
        ByteBuf slice = body.retainedSlice(start, end - start);
        body.readerIndex(end);
        return new DataRow(slice, columns);
    }

    /**
     * A row holding copies of {@code values} (a null element is SQL NULL) in a new heap buffer, for
     * tests and scripted servers.
     */
    public static DataRow of(byte[]... values) {
        WireFormat.checkCount16(values.length, "DataRow column count");
        int size = 0;
        for (byte[] value : values) {
            size += 4 + (value == null ? 0 : value.length);
        }
        ByteBuf buffer = Unpooled.buffer(size);
        int[] columns = new int[values.length * 2];
        for (int i = 0; i < values.length; i++) {
            byte[] value = values[i];
            buffer.writeInt(value == null ? NULL : value.length);
            columns[2 * i] = buffer.writerIndex();
            columns[2 * i + 1] = value == null ? NULL : value.length;
            if (value != null) {
                buffer.writeBytes(value);
            }
        }
        return new DataRow(buffer, columns);
    }

    public int columnCount() {
        return columns.length >> 1;
    }

    /** The absolute index in {@link #buffer()} where column {@code i}'s value starts. */
    public int offset(int i) {
        Objects.checkIndex(i, columns.length >> 1);
        return columns[i << 1];
    }

    /** The length of column {@code i}'s value in bytes, or {@link #NULL} (-1) for SQL NULL. */
    public int length(int i) {
        Objects.checkIndex(i, columns.length >> 1);
        return columns[(i << 1) + 1];
    }

    public boolean isNull(int i) {
        return length(i) == NULL;
    }

    /** The row's bytes; valid until the row is released. */
    public ByteBuf buffer() {
        return buffer;
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        int count = columnCount();
        out.writeShort(count);
        for (int i = 0; i < count; i++) {
            int valueLength = columns[2 * i + 1];
            out.writeInt(valueLength);
            if (valueLength > 0) {
                out.writeBytes(buffer, columns[2 * i], valueLength);
            }
        }
        WireFormat.endMessage(out, length);
    }

    @Override
    public int refCnt() {
        return buffer.refCnt();
    }

    @Override
    public DataRow retain() {
        buffer.retain();
        return this;
    }

    @Override
    public DataRow retain(int increment) {
        buffer.retain(increment);
        return this;
    }

    @Override
    public DataRow touch() {
        buffer.touch();
        return this;
    }

    @Override
    public DataRow touch(Object hint) {
        buffer.touch(hint);
        return this;
    }

    @Override
    public boolean release() {
        return buffer.release();
    }

    @Override
    public boolean release(int decrement) {
        return buffer.release(decrement);
    }

    /** Shows the column lengths, never the values. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("DataRow[");
        for (int i = 1; i < columns.length; i += 2) {
            if (i > 1) {
                text.append(", ");
            }
            text.append(columns[i] == NULL ? "NULL" : columns[i] + " bytes");
        }
        return text.append(']').toString();
    }
}
