package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.type.Record;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The text form of a composite value, as record_out writes it and record_in reads it ("Composite
 * Type Input and Output Syntax", section 8.16.6): {@code (f1,f2,...)}; an empty field is NULL; a
 * field may be double-quoted, {@code ""} inside quotes is a quote and a backslash takes the next
 * byte literally, so {@code ""} is the empty string. Whitespace inside the parentheses belongs to
 * the fields; around them it is ignored.
 *
 * <p>{@code ()} is read as a record without fields when the field count is unknown (record_out
 * writes a one-field record holding NULL the same way).
 */
final class RecordText {

    private RecordText() {
    }

    /**
     * Parses a record; field {@code i} is decoded by {@code decoders[i]} and gets type OID
     * {@code oids[i]}, or, past the planned fields (anonymous records), by {@code fallback} with
     * type OID 0.
     */
    static Record parse(String typeName, int[] oids, Decoder<?>[] decoders, Decoder<?> fallback, ByteBuf buf, int index, int length) {
        int from = index;
        int to = index + length;
        while (from < to && ArrayTextDecoder.isSpace(buf.getByte(from))) {
            from++;
        }
        while (to > from && ArrayTextDecoder.isSpace(buf.getByte(to - 1))) {
            to--;
        }
        if (to - from < 2 || buf.getByte(from) != '(' || buf.getByte(to - 1) != ')') {
            throw malformed(typeName, "expected '(' ... ')'");
        }
        List<Record.Field> fields = new ArrayList<>(Math.max(oids.length, 4));
        if (to - from == 2 && oids.length != 1) {
            return checkCount(typeName, oids, Record.of(List.of()));
        }
        int pos = from + 1;
        int close = to - 1;
        while (true) {
            int fieldEnd = fieldEnd(typeName, buf, pos, close);
            int i = fields.size();
            boolean planned = i < oids.length;
            Object value = fieldEnd == pos ? null
                    : QuotedElement.decode(planned ? decoders[i] : fallback, buf, pos, fieldEnd, true);
            fields.add(new Record.Field(planned ? oids[i] : 0, value));
            if (fieldEnd == close) {
                break;
            }
            pos = fieldEnd + 1;
        }
        return checkCount(typeName, oids, Record.of(Collections.unmodifiableList(fields)));
    }

    private static Record checkCount(String typeName, int[] oids, Record record) {
        if (oids.length > 0 && record.size() != oids.length) {
            throw malformed(typeName, record.size() + " fields where the type has " + oids.length);
        }
        return record;
    }

    /** The end of the field starting at {@code from}: the first ',' outside quotes, or {@code close}. */
    private static int fieldEnd(String typeName, ByteBuf buf, int from, int close) {
        boolean quoted = false;
        int i = from;
        while (i < close) {
            byte b = buf.getByte(i);
            if (b == '\\') {
                if (i + 1 >= close) {
                    throw malformed(typeName, "backslash at the end of a field");
                }
                i += 2;
                continue;
            }
            if (b == '"') {
                quoted = !quoted;
            } else if (!quoted && b == ',') {
                return i;
            } else if (!quoted && b == ')') {
                throw malformed(typeName, "unexpected ')' before the end");
            }
            i++;
        }
        if (quoted) {
            throw malformed(typeName, "unterminated quoted field");
        }
        return i;
    }

    /** Writes {@code (f1,f2,...)} as record_out does; a field's text comes from {@code fieldText}. */
    static void write(Record record, ByteBuf out, QuotedElement.ValueWriter fieldText) {
        out.writeByte('(');
        ByteBuf scratch = out.alloc().heapBuffer();
        try {
            List<Record.Field> fields = record.fields();
            for (int i = 0; i < fields.size(); i++) {
                if (i > 0) {
                    out.writeByte(',');
                }
                Object value = fields.get(i).value();
                if (value == null) {
                    continue;
                }
                scratch.clear();
                fieldText.write(value, scratch);
                QuotedElement.writeQuoted(scratch, out, false);
            }
        } finally {
            scratch.release();
        }
        out.writeByte(')');
    }

    /** Writes a record whose field values are Strings (from binary-to-String field decoders). */
    static void writeStrings(Record record, ByteBuf out) {
        write(record, out, (value, scratch) -> ByteBufUtil.writeUtf8(scratch, (String) value));
    }

    /** Writes a record for sending: String fields as they are, others in their type's text form. */
    static void writeValues(Record record, ByteBuf out, CodecRegistry registry) {
        write(record, out, (value, scratch) -> {
            if (value instanceof byte[]) {
                throw new CodecException("a record field of raw bytes (type not decodable) cannot be sent; replace it by its text");
            }
            ValueText.write(value, scratch, registry);
        });
    }

    private static CodecException malformed(String typeName, String detail) {
        return new CodecException("malformed " + typeName + " literal: " + detail);
    }
}
