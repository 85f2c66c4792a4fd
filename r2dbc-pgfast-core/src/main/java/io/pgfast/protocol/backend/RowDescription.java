package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * RowDescription (B): Byte1('T'), Int32 length, Int16 field count, then per field: String name,
 * Int32 table OID, Int16 column attribute number, Int32 type OID, Int16 type size, Int32 type
 * modifier, Int16 format code. Describes the rows that follow (or that a statement would return).
 *
 * @param fields one per column, in order; the array is this message's own, do not modify it
 */
public record RowDescription(Field[] fields) implements BackendMessage {

    /** The smallest encoded field: an empty name (its NUL) plus 18 bytes of fixed-width fields. */
    private static final int MIN_FIELD_LENGTH = 1 + 4 + 2 + 4 + 2 + 4 + 2;

    /**
     * One column.
     *
     * @param name            the column name (or alias)
     * @param tableOid        the table's OID when the column is a plain table column, else 0
     * @param columnAttribute the column's attribute number in that table, else 0
     * @param typeOid         the data type's OID
     * @param typeSize        the type's pg_type.typlen: negative for variable-width types
     * @param typeModifier    the type modifier (pg_attribute.atttypmod), type-specific; -1 for none
     * @param formatCode      0 = text, 1 = binary; always 0 in a RowDescription answering the
     *                        statement variant of Describe, where the format is not yet known
     */
    public record Field(String name, int tableOid, short columnAttribute, int typeOid, short typeSize,
                        int typeModifier, short formatCode) {

        public Field {
            WireFormat.checkCString(name, "field name");
            if (formatCode != 0 && formatCode != 1) {
                throw new IllegalArgumentException("format code must be 0 (text) or 1 (binary)");
            }
        }
    }

    public RowDescription {
        if (fields == null) {
            throw new IllegalArgumentException("fields must not be null");
        }
        WireFormat.checkCount16(fields.length, "field count");
        for (Field field : fields) {
            if (field == null) {
                throw new IllegalArgumentException("fields must not contain null");
            }
        }
    }

    public static RowDescription decode(ByteBuf body) {
        int count = WireFormat.readCount16(body, "RowDescription", "field count");
        if ((long) count * MIN_FIELD_LENGTH > body.readableBytes()) {
            throw new ProtocolException("RowDescription: " + count + " fields cannot fit in the "
                + body.readableBytes() + " bytes left in the message");
        }
        Field[] fields = new Field[count];
        for (int i = 0; i < count; i++) {
            String name = WireFormat.readCString(body, "RowDescription", "field name");
            WireFormat.need(body, MIN_FIELD_LENGTH - 1, "RowDescription", "field '" + name + "'");
            // checked above: the 18 fixed bytes are there
            int p = body.readerIndex();
            int tableOid = UnsignedInts.oid(body, p);
            short columnAttribute = UnsignedInts.int16(body, p + 4);
            int typeOid = UnsignedInts.oid(body, p + 6);
            short typeSize = UnsignedInts.int16(body, p + 10);
            int typeModifier = UnsignedInts.int32(body, p + 12);
            short formatCode = UnsignedInts.int16(body, p + 16);
            body.skipBytes(18);
            if (formatCode != 0 && formatCode != 1) {
                throw new ProtocolException("RowDescription: field '" + name + "' has format code " + formatCode
                    + ", neither 0 (text) nor 1 (binary)");
            }
            fields[i] = new Field(name, tableOid, columnAttribute, typeOid, typeSize, typeModifier, formatCode);
        }
        WireFormat.expectEnd(body, "RowDescription");
        return new RowDescription(fields);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowDescription other && Arrays.equals(fields, other.fields);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(fields);
    }

    @Override
    public String toString() {
        return "RowDescription" + Arrays.toString(fields);
    }
}
