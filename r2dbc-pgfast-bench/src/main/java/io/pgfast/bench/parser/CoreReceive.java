package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Format;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.RowDescription;

import java.util.function.Consumer;

/**
 * The driver core's receive path over a whole stream, as a connection runs it: {@link BackendMessageReader#next} cuts
 * each message (a DataRow as the framer's borrowed view into the stream), the decoders are resolved once per
 * column when the RowDescription arrives ({@link CodecRegistry#decoder(int, Format)}, as the driver's column
 * metadata does), and every value of every DataRow is decoded through its column's decoder; every message is
 * released. Uses only API that exists on both sides of the UnsignedInts switch (4130d08^ and later), so that
 * one compiled benchmark runs against either core.
 */
final class CoreReceive {

    private CoreReceive() {
    }

    /**
     * Reads {@code stream} from its reader index to its writer index, hands every value (null for SQL NULL) to
     * {@code sink}, and returns the number of DataRows; the stream's reader index ends at its writer index.
     *
     * @throws IllegalStateException if a DataRow comes before any RowDescription, or the stream ends inside a
     *                               message
     */
    static int drain(ByteBuf stream, BackendMessageReader framer, CodecRegistry codecs, Consumer<Object> sink) {
        Decoder<?>[] decoders = null;
        int rows = 0;
        while (stream.isReadable()) {
            BackendMessage message = framer.next(stream);
            if (message == null) {
                throw new IllegalStateException("the stream ends inside a message at index " + stream.readerIndex());
            }
            try {
                if (message instanceof DataRow) {
                    if (decoders == null) {
                        throw new IllegalStateException("a DataRow before any RowDescription");
                    }
                    DataRow row = (DataRow) message;
                    ByteBuf buf = row.buffer();
                    int count = row.columnCount();
                    for (int c = 0; c < count; c++) {
                        int length = row.length(c);
                        sink.accept(length < 0 ? null : decoders[c].decode(buf, row.offset(c), length));
                    }
                    rows++;
                } else if (message instanceof RowDescription) {
                    decoders = plan((RowDescription) message, codecs);
                }
            } finally {
                ReferenceCountUtil.release(message);
            }
        }
        return rows;
    }

    private static Decoder<?>[] plan(RowDescription description, CodecRegistry codecs) {
        RowDescription.Field[] fields = description.fields();
        Decoder<?>[] decoders = new Decoder<?>[fields.length];
        for (int i = 0; i < fields.length; i++) {
            decoders[i] = codecs.decoder(fields[i].typeOid(), Format.of(fields[i].formatCode()));
        }
        return decoders;
    }
}
