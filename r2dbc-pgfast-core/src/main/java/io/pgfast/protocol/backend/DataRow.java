package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;
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
 * <p>No object is made per column: the row is one retained buffer holding the message's bytes (the
 * receive cumulation itself on the hot path, no slice) plus an
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

    private ByteBuf buffer;
    /** offset of column i at [2i], its length (or -1) at [2i + 1]; offsets are indices into buffer. */
    private int[] columns;
    private int count;
    /** A view owned by a BackendMessageReader, re-pointed at each DataRow: see {@link #borrowedView()}. */
    private final boolean borrowed;

    private DataRow(ByteBuf buffer, int[] columns, boolean borrowed) {
        this.buffer = buffer;
        this.columns = columns;
        this.count = columns.length >> 1;
        this.borrowed = borrowed;
    }

    /**
     * A reusable, non-owning row for the receive hot path ({@code BackendMessageReader}): each
     * {@link #decodeInto} re-points it at the next DataRow of the cumulation, so no object, no array and
     * no reference-count update is spent per row.
     *
     * <p>Lifetime contract: a borrowed row is valid only until the framer decodes the next message
     * (the transport hands it to exactly one consumer, synchronously, before that). Its
     * {@link #release()} does nothing and {@link #retain()} is refused: copy what must outlive it.
     */
    public static DataRow borrowedView() {
        return new DataRow(null, new int[32], true);
    }

    public boolean isBorrowed() {
        return borrowed;
    }

    /**
     * Checks the whole body, then consumes it and returns the row as a retained slice: nothing is
     * retained when the body is malformed.
     */
    public static DataRow decode(ByteBuf body) {
        int start = body.readerIndex();
        DataRow row = decodeInPlace(body, start, body.readableBytes());
        body.readerIndex(start + body.readableBytes());
        return row;
    }

    /**
     * The hot path of {@code BackendMessageReader}: decodes the DataRow body at {@code [bodyStart, bodyStart +
     * bodyLength)} of {@code buffer} in place — no slice is made, the row's offsets are absolute indices
     * into {@code buffer} — and retains {@code buffer} once for the row. Nothing is retained when the body
     * is malformed. {@code buffer}'s indices are not changed.
     */
    public static DataRow decodeInPlace(ByteBuf buffer, int bodyStart, int bodyLength) {
        DataRow row = new DataRow(null, new int[0], false);
        row.decodeInto(buffer, bodyStart, bodyLength);
        buffer.retain();
        return row;
    }

    /**
     * Decodes the DataRow body at {@code [bodyStart, bodyStart + bodyLength)} of {@code buffer} into this
     * row, in place: offsets become absolute indices into {@code buffer}, nothing is copied or retained.
     * Used on a {@link #borrowedView()} by the framer, and by {@link #decodeInPlace}.
     *
     * @throws ProtocolException when the body is malformed (the row is then unusable)
     */
    public DataRow decodeInto(ByteBuf buffer, int bodyStart, int bodyLength) {
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
        return this;
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
        return new DataRow(buffer, columns, false);
    }

    /**
     * An owned copy of this row, e.g. to keep a borrowed row: the values and their length fields, which lie
     * contiguous in the message, copied at once into a new unpooled heap buffer (whose memory the garbage
     * collector reclaims even if the copy is never released).
     */
    public DataRow copy() {
        if (count == 0) {
            return new DataRow(Unpooled.EMPTY_BUFFER, new int[0], false);
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
        return new DataRow(copy, offsets, false);
    }

    /** The bytes of the row's values and their length fields (its body without the column count). */
    public int valueBytes() {
        if (count == 0) {
            return 0;
        }
        return columns[2 * count - 2] + Math.max(columns[2 * count - 1], 0) - (columns[0] - 4);
    }

    public int columnCount() {
        return count;
    }

    /** The absolute index in {@link #buffer()} where column {@code i}'s value starts. */
    public int offset(int i) {
        Objects.checkIndex(i, count);
        return columns[i << 1];
    }

    /** The length of column {@code i}'s value in bytes, or {@link #NULL} (-1) for SQL NULL. */
    public int length(int i) {
        Objects.checkIndex(i, count);
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
        return borrowed ? 1 : buffer.refCnt();
    }

    @Override
    public DataRow retain() {
        return retain(1);
    }

    @Override
    public DataRow retain(int increment) {
        if (borrowed) {
            throw new IllegalStateException("a borrowed DataRow is valid only until the next message: copy its values instead of retaining it");
        }
        buffer.retain(increment);
        return this;
    }

    @Override
    public DataRow touch() {
        if (!borrowed) {
            buffer.touch();
        }
        return this;
    }

    @Override
    public DataRow touch(Object hint) {
        if (!borrowed) {
            buffer.touch(hint);
        }
        return this;
    }

    /** Releases the owned buffer; a borrowed view owns nothing and returns false. */
    @Override
    public boolean release() {
        return !borrowed && buffer.release();
    }

    @Override
    public boolean release(int decrement) {
        return !borrowed && buffer.release(decrement);
    }

    /** Shows the column lengths, never the values. */
    @Override
    public String toString() {
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
