package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.type.Multirange;
import io.pgfast.codec.type.Range;
import java.util.List;

/**
 * Encodes a {@link Range} or {@link Multirange} as a text literal ({@code [1,5)}, {@code empty},
 * {@code {[1,3),[5,7)}}), each bound in its type's text form (see {@link ValueText}).
 *
 * <p>A {@code Range} does not say which range type it is (int4range and int8range values can
 * hold the same Java bounds, and the empty range holds none), so by default it is declared with
 * OID 0 and the server takes the type the statement needs; an explicitly typed parameter declares
 * that type. The server canonicalizes and validates the literal.
 */
public final class RangeTextEncoder extends FixedTypeEncoder<Object> {

    private final CodecRegistry registry;

    /**
     * @param oid the OID to declare: 0 (infer), or the range or multirange type's OID
     * @param registry the registry whose encoders render the bound values
     */
    public RangeTextEncoder(int oid, CodecRegistry registry) {
        super(oid, Format.TEXT);
        this.registry = registry;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
        int mark = out.writerIndex();
        try {
            if (value instanceof Multirange) {
                List<? extends Range<?>> ranges = ((Multirange<?>) value).ranges();
                out.writeByte('{');
                for (int i = 0; i < ranges.size(); i++) {
                    if (i > 0) {
                        out.writeByte(',');
                    }
                    RangeText.write(ranges.get(i), out, this::writeBound);
                }
                out.writeByte('}');
            } else {
                RangeText.write((Range<?>) value, out, this::writeBound);
            }
        } catch (RuntimeException e) {
            out.writerIndex(mark);
            throw e;
        }
    }

    private void writeBound(Object bound, ByteBuf out) {
        ValueText.write(bound, out, registry);
    }

    @Override
    public String toString() {
        return "RangeTextEncoder[oid " + Integer.toUnsignedString(nullOid()) + "]";
    }
}
