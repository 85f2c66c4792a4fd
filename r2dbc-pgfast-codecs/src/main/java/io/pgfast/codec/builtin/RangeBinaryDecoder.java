package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Range;

/**
 * Decodes the binary form of a range (range_send in src/backend/utils/adt/rangetypes.c):
 *
 * <pre>
 * Byte1 flags           0x01 empty, 0x02 lower inclusive, 0x04 upper inclusive,
 *                       0x08 lower unbounded, 0x10 upper unbounded (other bits ignored, as range_recv does)
 * unless empty or lower unbounded: Int32 length, then the lower bound's bytes
 * unless empty or upper unbounded: Int32 length, then the upper bound's bytes
 * </pre>
 *
 * Bound values are decoded in place by the subtype's binary decoder.
 */
public final class RangeBinaryDecoder implements Decoder<Range<Object>> {

    static final int EMPTY = 0x01;
    static final int LOWER_INCLUSIVE = 0x02;
    static final int UPPER_INCLUSIVE = 0x04;
    static final int LOWER_UNBOUNDED = 0x08;
    static final int UPPER_UNBOUNDED = 0x10;

    private final String typeName;
    private final Decoder<?> bound;

    /**
     * @param typeName the range type's name, for error messages
     * @param bound the subtype's binary decoder
     */
    public RangeBinaryDecoder(String typeName, Decoder<?> bound) {
        this.typeName = typeName;
        this.bound = bound;
    }

    @Override
    public Range<Object> decode(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, typeName);
        Range<Object> range = read(in);
        in.expectEnd();
        return range;
    }

    /** Reads one range at the reader's position (also used inside multiranges). */
    Range<Object> read(ContainerReader in) {
        int flags = in.int8() & 0xff;
        if ((flags & EMPTY) != 0) {
            return Range.empty();
        }
        Object lower = (flags & LOWER_UNBOUNDED) != 0 ? null : readBound(in, "lower bound");
        Object upper = (flags & UPPER_UNBOUNDED) != 0 ? null : readBound(in, "upper bound");
        return Range.of(lower, (flags & LOWER_INCLUSIVE) != 0, upper, (flags & UPPER_INCLUSIVE) != 0);
    }

    private Object readBound(ContainerReader in, String what) {
        int len = in.length(what);
        if (len < 0) {
            throw in.malformed("NULL " + what);
        }
        Object value = bound.decode(in.buffer(), in.position(), len);
        in.skip(len);
        return value;
    }

    @Override
    public String toString() {
        return "RangeBinaryDecoder[" + typeName + "]";
    }
}
