package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Range;

/** Decodes the text form of a range (rules in {@link RangeText}); bounds by the subtype's text decoder. */
public final class RangeTextDecoder implements Decoder<Range<Object>> {

    private final String typeName;
    private final Decoder<?> bound;

    /**
     * @param typeName the range type's name, for error messages
     * @param bound the subtype's text decoder
     */
    public RangeTextDecoder(String typeName, Decoder<?> bound) {
        this.typeName = typeName;
        this.bound = bound;
    }

    @Override
    public Range<Object> decode(ByteBuf buf, int index, int length) {
        return RangeText.parse(typeName, bound, buf, index, index + length);
    }

    @Override
    public String toString() {
        return "RangeTextDecoder[" + typeName + "]";
    }
}
