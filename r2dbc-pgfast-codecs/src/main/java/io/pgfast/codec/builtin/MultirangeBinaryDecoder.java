package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes the binary form of a multirange (multirange_send in
 * src/backend/utils/adt/multirangetypes.c, PostgreSQL 14+):
 *
 * <pre>
 * Int32 count
 * count x (Int32 length, then one range in range_send's form, see {@link RangeBinaryDecoder})
 * </pre>
 */
public final class MultirangeBinaryDecoder implements Decoder<Multirange<Object>> {

    private final String typeName;
    private final RangeBinaryDecoder range;

    /**
     * @param typeName the multirange type's name, for error messages
     * @param range the decoder of its range type
     */
    public MultirangeBinaryDecoder(String typeName, RangeBinaryDecoder range) {
        this.typeName = typeName;
        this.range = range;
    }

    @Override
    public Multirange<Object> decode(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, typeName);
        int count = in.int32();
        // every range takes at least its 4-byte length and 1 flags byte
        if (count < 0 || count > in.remaining() / 5) {
            throw in.malformed("range count " + count + " does not fit in " + in.remaining() + " bytes");
        }
        List<Range<Object>> ranges = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int len = in.length("range " + (i + 1));
            if (len < 0) {
                throw in.malformed("NULL range " + (i + 1));
            }
            ranges.add(range.decode(buf, in.position(), len));
            in.skip(len);
        }
        in.expectEnd();
        return Multirange.of(ranges);
    }

    @Override
    public String toString() {
        return "MultirangeBinaryDecoder[" + typeName + "]";
    }
}
