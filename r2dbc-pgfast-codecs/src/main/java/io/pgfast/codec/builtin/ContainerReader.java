package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.codec.CodecException;

/**
 * Reads the binary form of one container value (array, range, record, hstore, geometric value)
 * field by field, checking every read against the value's length, so malformed input ends in a
 * {@link CodecException} naming the type rather than an out-of-bounds read into the next column.
 *
 * <p>Reads use absolute getters only; the buffer's indexes are never changed (see
 * {@link io.pgfast.codec.Decoder}'s buffer contract). Short-lived: one per decoded value.
 */
final class ContainerReader {

    private final ByteBuf buf;
    private final int start;
    private final int end;
    private final String typeName;
    private int pos;

    ContainerReader(ByteBuf buf, int index, int length, String typeName) {
        this.buf = buf;
        this.start = index;
        this.pos = index;
        this.end = index + length;
        this.typeName = typeName;
    }

    ByteBuf buffer() {
        return buf;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return end - pos;
    }

    byte int8() {
        need(1, "a byte");
        return buf.getByte(pos++);
    }

    int int32() {
        need(4, "an int32");
        int v = UnsignedInts.int32(buf, pos);
        pos += 4;
        return v;
    }

    long int64() {
        need(8, "an int64");
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    double float8() {
        return Double.longBitsToDouble(int64());
    }

    /**
     * Reads an Int32 length (-1 for NULL) and checks that that many bytes follow; returns the
     * length and leaves the position at the first byte of the value.
     */
    int length(String what) {
        int len = int32();
        if (len < -1) {
            throw malformed("negative length " + len + " of " + what);
        }
        if (len > end - pos) {
            throw malformed(what + " of " + len + " bytes exceeds the " + (end - pos) + " bytes left");
        }
        return len;
    }

    /** Moves past {@code n} bytes already checked by {@link #length}. */
    void skip(int n) {
        pos += n;
    }

    /** Fails unless every byte of the value has been read. */
    void expectEnd() {
        if (pos != end) {
            throw malformed((end - pos) + " unexpected trailing byte(s)");
        }
    }

    CodecException malformed(String detail) {
        return new CodecException("malformed binary " + typeName + " value: " + detail);
    }

    private void need(int n, String what) {
        if (end - pos < n) {
            throw malformed("expected " + what + " at byte " + (pos - start) + " but the value ends");
        }
    }
}
