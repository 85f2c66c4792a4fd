package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Objects;

/**
 * DataRow (B): Byte1('D'), Int32 length, Int16 column count, then per column Int32 value length
 * (-1 for NULL) and that many bytes. One row of a result.
 *
 * <p>No object is made per column: the row is one buffer holding the message's bytes (the receive cumulation
 * itself on the hot path, no slice) plus an {@code int[]} of the offset and length of every value, computed and
 * checked against the body's length when the message is decoded. Column {@code i}'s value is the
 * {@link #length(int)} bytes of {@link #buffer()} starting at the absolute index {@link #offset(int)}. Read the
 * buffer with absolute getters only; do not change its indices.
 *
 * <p>Buffer-lifetime contract: a row comes in one of two kinds, and its kind says how long its bytes live.
 * A {@link BorrowedDataRow} (what the connection's reader hands out) is valid only until the next message is
 * decoded. An {@link OwnedDataRow} (decoded on its own, {@link #of made}, or {@link #copy() copied}) is
 * reference-counted and valid until released. Code that is handed a {@code DataRow} without knowing its kind
 * reads it during the call and copies what must outlive it; whoever made the row releases it.
 */
public abstract sealed class DataRow implements BackendMessage permits BorrowedDataRow, OwnedDataRow {

    /** The length of a NULL value. */
    public static final int NULL = -1;

    ByteBuf buffer;
    /** offset of column i at [2i], its length (or -1) at [2i + 1]; offsets are indices into buffer. */
    int[] columns;
    int count;

    DataRow(ByteBuf buffer, int[] columns) {
        this.buffer = buffer;
        this.columns = columns;
        this.count = columns.length >> 1;
    }

    /**
     * Checks the whole body, then consumes it and returns the row, holding a reference to {@code body}'s buffer:
     * nothing is retained when the body is malformed.
     */
    public static OwnedDataRow decode(ByteBuf body) {
        int start = body.readerIndex();
        OwnedDataRow row = decodeInPlace(body, start, body.readableBytes());
        body.readerIndex(start + body.readableBytes());
        return row;
    }

    /**
     * Decodes the DataRow body at {@code [bodyStart, bodyStart + bodyLength)} of {@code buffer} in place — no
     * slice is made, the row's offsets are absolute indices into {@code buffer} — and retains {@code buffer} once
     * for the row. Nothing is retained when the body is malformed. {@code buffer}'s indices are not changed.
     */
    public static OwnedDataRow decodeInPlace(ByteBuf buffer, int bodyStart, int bodyLength) {
        OwnedDataRow row = new OwnedDataRow(null, new int[0]);
        row.pointAt(buffer, bodyStart, bodyLength);
        buffer.retain();
        return row;
    }

    /**
     * A row holding copies of {@code values} (a null element is SQL NULL) in a new heap buffer, for
     * tests and scripted servers.
     */
    public static OwnedDataRow of(byte[]... values) {
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
        return new OwnedDataRow(buffer, columns);
    }

    /**
     * Points this row at the DataRow body at {@code [bodyStart, bodyStart + bodyLength)} of {@code buffer}, in
     * place: offsets become absolute indices into {@code buffer}, nothing is copied or retained.
     *
     * @throws ProtocolException when the body is malformed (the row is then unusable)
     */
    final void pointAt(ByteBuf buffer, int bodyStart, int bodyLength) {
        int end = bodyStart + bodyLength;
        if (bodyLength < 2) {
            throw new ProtocolException("DataRow: truncated, column count missing");
        }
        int count = UnsignedInts.u16(buffer, bodyStart);
        int position = bodyStart + 2;
        // Each column takes at least its 4-byte length: refuse an absurd count before allocating.
        if ((long) count * 4 > end - position) {
            throw new ProtocolException("DataRow: " + count + " columns cannot fit in the " + (end - position)
                + " bytes left in the message");
        }
        int[] columns = this.columns;
        if (columns.length < count * 2) {
            columns = new int[count * 2];
            this.columns = columns;
        }
        this.buffer = null;
        this.count = 0;
        for (int i = 0; i < count; i++) {
            if (end - position < 4) {
                throw new ProtocolException("DataRow: truncated, column " + i + " of " + count + " has no length field");
            }
            int length = UnsignedInts.int32(buffer, position);
            position += 4;
            columns[2 * i] = position;
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
        this.buffer = buffer;
        this.count = count;
    }

    /**
     * An owned copy of this row, e.g. to keep a borrowed row: the values and their length fields, which lie
     * contiguous in the message, copied at once into a new unpooled heap buffer (whose memory the garbage
     * collector reclaims even if the copy is never released).
     */
    public final OwnedDataRow copy() {
        if (count == 0) {
            return new OwnedDataRow(Unpooled.EMPTY_BUFFER, new int[0]);
        }
        int start = columns[0] - 4;
        int lastLength = columns[2 * count - 1];
        int end = columns[2 * count - 2] + Math.max(lastLength, 0);
        ByteBuf copy = Unpooled.buffer(end - start);
        copy.writeBytes(buffer, start, end - start);
        int[] offsets = new int[count * 2];
        for (int i = 0; i < count; i++) {
            offsets[2 * i] = columns[2 * i] - start;
            offsets[2 * i + 1] = columns[2 * i + 1];
        }
        return new OwnedDataRow(copy, offsets);
    }

    /** The bytes of the row's values and their length fields (its body without the column count). */
    public final int valueBytes() {
        if (count == 0) {
            return 0;
        }
        return columns[2 * count - 2] + Math.max(columns[2 * count - 1], 0) - (columns[0] - 4);
    }

    public final int columnCount() {
        return count;
    }

    /** The absolute index in {@link #buffer()} where column {@code i}'s value starts. */
    public final int offset(int i) {
        Objects.checkIndex(i, count);
        return columns[i << 1];
    }

    /** The length of column {@code i}'s value in bytes, or {@link #NULL} (-1) for SQL NULL. */
    public final int length(int i) {
        Objects.checkIndex(i, count);
        return columns[(i << 1) + 1];
    }

    public final boolean isNull(int i) {
        return length(i) == NULL;
    }

    /** The row's bytes, for as long as its kind says (see the class doc). */
    public final ByteBuf buffer() {
        return buffer;
    }

    /** Shows the column lengths, never the values. */
    @Override
    public final String toString() {
        StringBuilder text = new StringBuilder("DataRow[");
        for (int i = 1; i < count * 2; i += 2) {
            if (i > 1) {
                text.append(", ");
            }
            text.append(columns[i] == NULL ? "NULL" : columns[i] + " bytes");
        }
        return text.append(']').toString();
    }
}
