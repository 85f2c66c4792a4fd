package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Record;

/**
 * Decodes the text form of a composite or anonymous record (rules in {@link RecordText}). For a
 * composite type whose attributes are known, each field is decoded by its attribute type's text
 * decoder, planned with this decoder, and carries that type's OID; otherwise fields are Strings
 * with type OID 0, since the text form does not name field types.
 */
public final class RecordTextDecoder implements Decoder<Record> {

    private final String typeName;
    private final int[] oids;
    private final Decoder<?>[] decoders;
    private final Decoder<?> fallback;

    /**
     * @param typeName the type's name, for error messages
     * @param oids the attribute type OIDs, empty when unknown (then any field count is accepted)
     * @param decoders their text decoders
     * @param fallback the decoder of fields past the known ones (a UTF-8 String decoder)
     */
    public RecordTextDecoder(String typeName, int[] oids, Decoder<?>[] decoders, Decoder<?> fallback) {
        this.typeName = typeName;
        this.oids = oids.clone();
        this.decoders = decoders.clone();
        this.fallback = fallback;
    }

    @Override
    public Record decode(ByteBuf buf, int index, int length) {
        return RecordText.parse(typeName, oids, decoders, fallback, buf, index, length);
    }

    @Override
    public String toString() {
        return "RecordTextDecoder[" + typeName + "]";
    }
}
