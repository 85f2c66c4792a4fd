package io.pgfast.replication.pgoutput;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.Format;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;
import io.pgfast.error.PgfastClientException;

import java.util.Arrays;

/**
 * The values of one row in a pgoutput message (TupleData: Int16 column count, then per column Byte1 'n'
 * NULL, 'u' unchanged TOASTed value, 't' text or 'b' binary, the last two followed by Int32 length and the
 * bytes), decoded only when read, by the same codecs as query results.
 *
 * <p>One copy of the message's bytes plus the offset and length of every value: no object per column
 * until a value is asked for. The copy is a heap array owned by this object, so a tuple stays readable
 * after its message was handed on, on any thread, without being released.
 *
 * <p>An unchanged TOASTed value ('u') is a value the server did not send: an UPDATE left a large value
 * alone and the table's REPLICA IDENTITY does not include it. {@link #isUnchangedToast} tells it apart
 * from NULL; reading it is an {@link IllegalStateException}.
 */
public final class TupleData {

    /** What the server sent for a column. */
    public enum Kind {
        /** 'n': SQL NULL. */
        NULL,
        /** 'u': an unchanged TOASTed value, not sent. */
        UNCHANGED_TOAST,
        /** 't': the value in text format. */
        TEXT,
        /** 'b': the value in binary format (the stream's {@code binary} option, PostgreSQL 14+). */
        BINARY
    }

    private final Relation relation;
    private final ColumnPlans plans;
    private final ByteBuf values;
    private final Kind[] kinds;
    private final int[] offsets;
    private final int[] lengths;

    private TupleData(Relation relation, ColumnPlans plans, ByteBuf values, Kind[] kinds, int[] offsets, int[] lengths) {
        this.relation = relation;
        this.plans = plans;
        this.values = values;
        this.kinds = kinds;
        this.offsets = offsets;
        this.lengths = lengths;
    }

    /**
     * Reads one TupleData from {@code body}, which it must describe completely as {@code relation} has
     * columns; copies its bytes.
     *
     * @throws ProtocolException for a column count other than the relation's, an unknown kind byte, a
     *                           negative length or a value running past the end of the message
     */
    static TupleData decode(ByteBuf body, Relation relation, ColumnPlans plans, String message) {
        int count = WireFormat.readCount16(body, message, "column count");
        if (count != relation.columns().size()) {
            throw new ProtocolException(message + ": " + count + " values for " + relation.qualifiedName() + ", whose Relation message has "
                    + relation.columns().size() + " columns");
        }
        int start = body.readerIndex();
        Kind[] kinds = new Kind[count];
        int[] offsets = new int[count];
        int[] lengths = new int[count];
        for (int i = 0; i < count; i++) {
            byte kind = WireFormat.readByte(body, message, "kind of column " + i);
            switch (kind) {
                case 'n':
                    kinds[i] = Kind.NULL;
                    break;
                case 'u':
                    kinds[i] = Kind.UNCHANGED_TOAST;
                    break;
                case 't':
                case 'b':
                    kinds[i] = kind == 't' ? Kind.TEXT : Kind.BINARY;
                    int length = WireFormat.readInt32(body, message, "length of column " + i);
                    if (length < 0) {
                        throw new ProtocolException(message + ": column " + i + " has negative length " + length);
                    }
                    WireFormat.need(body, length, message, "value of column " + i);
                    offsets[i] = body.readerIndex() - start;
                    lengths[i] = length;
                    body.skipBytes(length);
                    break;
                default:
                    throw new ProtocolException(message + ": column " + i + " has unknown kind 0x" + Integer.toHexString(kind & 0xFF)
                            + " (expected 'n', 'u', 't' or 'b')");
            }
        }
        byte[] copy = new byte[body.readerIndex() - start];
        body.getBytes(start, copy);
        return new TupleData(relation, plans, Unpooled.wrappedBuffer(copy), kinds, offsets, lengths);
    }

    /** The table the row belongs to. */
    public Relation relation() {
        return relation;
    }

    /** The number of values: the relation's published columns. */
    public int size() {
        return kinds.length;
    }

    /** What the server sent for column {@code index}. */
    public Kind kind(int index) {
        return kinds[checkIndex(index)];
    }

    public boolean isNull(int index) {
        return kind(index) == Kind.NULL;
    }

    /** Whether column {@code index} is an unchanged TOASTed value, which the server did not send. */
    public boolean isUnchangedToast(int index) {
        return kind(index) == Kind.UNCHANGED_TOAST;
    }

    /** The value of column {@code index} as its type's default Java type (as {@code Row.get(int)}); null for NULL. */
    public Object get(int index) {
        return decode(index, null);
    }

    public Object get(String column) {
        return decode(relation.columnIndex(column), null);
    }

    /**
     * The value of column {@code index} as {@code type} (the conversions of {@code Row.get(int, Class)});
     * null for NULL.
     *
     * @throws IllegalArgumentException      when the column's type cannot be decoded as {@code type}, or is
     *                                       NULL and {@code type} is primitive
     * @throws IllegalStateException         when the value is an unchanged TOASTed value
     * @throws IndexOutOfBoundsException     for a column index outside 0..size()-1
     * @throws PgfastClientException         when the bytes are not a valid value of the type
     */
    public <T> T get(int index, Class<T> type) {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        return decode(index, type);
    }

    public <T> T get(String column, Class<T> type) {
        if (type == null) {
            throw new IllegalArgumentException("type must not be null");
        }
        return decode(relation.columnIndex(column), type);
    }

    /** A copy of the value's bytes as sent (text or binary format); null for NULL and unchanged TOASTed values. */
    public byte[] bytes(int index) {
        Kind kind = kind(index);
        if (kind == Kind.NULL || kind == Kind.UNCHANGED_TOAST) {
            return null;
        }
        byte[] copy = new byte[lengths[index]];
        values.getBytes(offsets[index], copy);
        return copy;
    }

    @SuppressWarnings("unchecked")
    private <T> T decode(int index, Class<T> type) {
        switch (kind(index)) {
            case NULL:
                if (type != null && type.isPrimitive()) {
                    throw new IllegalArgumentException(describe(index) + " is NULL and cannot be read as " + type.getName());
                }
                return null;
            case UNCHANGED_TOAST:
                throw new IllegalStateException(describe(index) + " is an unchanged TOASTed value, which the server does not send"
                        + " (REPLICA IDENTITY FULL would include it); check isUnchangedToast(" + index + ") before reading it");
            default:
                Format format = kinds[index] == Kind.TEXT ? Format.TEXT : Format.BINARY;
                try {
                    return (T) plans.decoder(index, format, type).decode(values, offsets[index], lengths[index]);
                } catch (CodecException e) {
                    throw new PgfastClientException(describe(index) + ": " + e.getMessage(), e);
                }
        }
    }

    private String describe(int index) {
        return "column " + index + " (\"" + relation.columns().get(index).name() + "\", " + plans.typeName(index) + ") of "
                + relation.qualifiedName();
    }

    private int checkIndex(int index) {
        if (index < 0 || index >= kinds.length) {
            throw new IndexOutOfBoundsException("column index " + index + " out of range: " + relation.qualifiedName()
                    + " has " + kinds.length + " published columns");
        }
        return index;
    }

    @Override
    public String toString() {
        return "TupleData[" + relation.qualifiedName() + ", " + Arrays.toString(kinds) + "]";
    }
}
