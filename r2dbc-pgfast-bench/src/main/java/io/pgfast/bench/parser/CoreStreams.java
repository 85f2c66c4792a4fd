package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.codec.oid.Oid;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * {@link DataRowStreams}' datasets as the server sends a result to the driver's extended query: one
 * RowDescription, then the 500 DataRows (PostgreSQL protocol, "Message Formats"). Integer columns are int4,
 * the others text; each column is in the format the driver asks for (binary for every type with a binary
 * decoder, as {@code ExtendedQueryFlow} does), so int4 values are 4 big-endian bytes and text values UTF-8.
 */
final class CoreStreams {

    private CoreStreams() {
    }

    /** The type of a column of this kind. */
    static int oid(DataRowStreams.Kind kind) {
        return kind == DataRowStreams.Kind.INT ? Oid.INT4 : Oid.TEXT;
    }

    /** The format the driver asks for: binary when {@code codecs} decodes the type's binary format. */
    static Format format(CodecRegistry codecs, int oid) {
        return codecs.binaryDecodable(oid) ? Format.BINARY : Format.TEXT;
    }

    /** The RowDescription and the dataset's 500 DataRows, concatenated in one buffer, from the same seed. */
    static ByteBuf build(DataRowStreams.Dataset dataset, CodecRegistry codecs, ByteBufAllocator allocator) {
        DataRowStreams.Kind[] kinds = dataset.kinds;
        Format[] formats = new Format[kinds.length];
        for (int c = 0; c < kinds.length; c++) {
            formats[c] = format(codecs, oid(kinds[c]));
        }
        ByteBuf out = allocator.buffer();
        writeRowDescription(out, kinds, formats);
        Random random = new Random(42);
        for (int r = 0; r < DataRowStreams.ROWS; r++) {
            int start = out.writerIndex();
            out.writeByte('D');                         // DataRow
            out.writeInt(0);                            // message length, set below
            out.writeShort(kinds.length);               // column count
            for (int c = 0; c < kinds.length; c++) {
                String value = dataset.value(r, c, random);
                if (kinds[c] == DataRowStreams.Kind.INT && formats[c] == Format.BINARY) {
                    out.writeInt(4);                    // column length
                    out.writeInt(Integer.parseInt(value)); // int4, binary: big-endian
                } else {
                    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
                    out.writeInt(bytes.length);         // column length
                    out.writeBytes(bytes);              // text (either format): UTF-8
                }
            }
            out.setInt(start + 1, out.writerIndex() - start - 1);
        }
        return out;
    }

    private static void writeRowDescription(ByteBuf out, DataRowStreams.Kind[] kinds, Format[] formats) {
        int start = out.writerIndex();
        out.writeByte('T');                             // RowDescription
        out.writeInt(0);                                // message length, set below
        out.writeShort(kinds.length);                   // field count
        for (int c = 0; c < kinds.length; c++) {
            out.writeBytes(("c" + c).getBytes(StandardCharsets.US_ASCII));
            out.writeByte(0);                           // field name, NUL-terminated
            out.writeInt(0);                            // table OID: not a table column
            out.writeShort(0);                          // column attribute number
            out.writeInt(oid(kinds[c]));                // type OID
            out.writeShort(kinds[c] == DataRowStreams.Kind.INT ? 4 : -1); // typlen
            out.writeInt(-1);                           // type modifier: none
            out.writeShort(formats[c].code());          // format code
        }
        out.setInt(start + 1, out.writerIndex() - start - 1);
    }
}
