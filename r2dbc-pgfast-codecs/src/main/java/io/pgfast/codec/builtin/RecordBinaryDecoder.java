package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Record;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Decodes the binary form of a composite or anonymous record (record_send in
 * src/backend/utils/adt/rowtypes.c):
 *
 * <pre>
 * Int32 nfields
 * nfields x (Int32 type OID, Int32 length (-1 for NULL), then that many bytes)
 * </pre>
 *
 * <p>For a composite type whose attributes are known, the field decoders are planned with this
 * decoder and used when the field's OID is the planned one; other fields (all of an anonymous
 * record's) get their type's decoder from the registry per value (a cached lookup), or stay raw
 * {@code byte[]} when no decoder knows the type.
 */
public final class RecordBinaryDecoder implements Decoder<Record> {

    private final String typeName;
    private final int[] plannedOids;
    private final Decoder<?>[] planned;
    private final IntFunction<Decoder<?>> lookup;

    /**
     * @param typeName the type's name, for error messages
     * @param plannedOids the attribute type OIDs of a composite type, in order; empty when unknown
     *     (then any field count is accepted)
     * @param planned the decoders for those OIDs
     * @param lookup the decoder for any other field type OID, or {@code null} to keep the raw bytes
     */
    public RecordBinaryDecoder(String typeName, int[] plannedOids, Decoder<?>[] planned, IntFunction<Decoder<?>> lookup) {
        this.typeName = typeName;
        this.plannedOids = plannedOids.clone();
        this.planned = planned.clone();
        this.lookup = lookup;
    }

    @Override
    public Record decode(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, typeName);
        int count = in.int32();
        // a field takes at least its OID and its length
        if (count < 0 || count > in.remaining() / 8) {
            throw in.malformed("field count " + count + " does not fit in " + in.remaining() + " bytes");
        }
        if (plannedOids.length > 0 && count != plannedOids.length) {
            throw in.malformed(count + " fields where the type has " + plannedOids.length);
        }
        List<Record.Field> fields = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int oid = in.int32();
            int len = in.length("field " + (i + 1));
            Object value = null;
            if (len >= 0) {
                Decoder<?> decoder = i < plannedOids.length && plannedOids[i] == oid ? planned[i] : lookup.apply(oid);
                if (decoder == null) {
                    byte[] raw = new byte[len];
                    buf.getBytes(in.position(), raw);
                    value = raw;
                } else {
                    value = decoder.decode(buf, in.position(), len);
                }
                in.skip(len);
            }
            fields.add(new Record.Field(oid, value));
        }
        in.expectEnd();
        return Record.of(Collections.unmodifiableList(fields));
    }

    @Override
    public String toString() {
        return "RecordBinaryDecoder[" + typeName + "]";
    }
}
