package io.pgfast.codec.compat;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;

import java.lang.invoke.MethodHandle;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code Json}: read from json and jsonb as {@code Json.of(byte[])} of a copy of the document, so the value holds
 * no buffer of the connection. Written as the driver writes its own Json: jsonb in binary (the version byte 1,
 * then the document), which the server assigns to json columns as well; as json when the parameter's type is
 * stated as json. The document's bytes are taken through {@code mapByteBuf}, and the buffer it hands over is
 * released once written: for a value made from a ByteBuf that is the value's own buffer, as r2dbc-postgresql
 * documents ("released after encoding"); for the other forms a fresh wrapper. A value made from an InputStream
 * is read through the same call; r2dbc-postgresql's own such value does not close its stream there, the
 * compat artifact's does.
 */
final class JsonType extends CompatType {

    /** The jsonb binary format version (jsonb_send). */
    private static final int JSONB_VERSION = 1;

    private final MethodHandle of;
    private final MethodHandle mapByteBuf;
    private final Encoder<Object> jsonb;
    private final Encoder<Object> json;

    JsonType(Class<?> type) {
        super(type, Set.of("json", "jsonb"));
        this.of = Handles.factory(type, "of", byte[].class);
        this.mapByteBuf = Handles.method(type, "mapByteBuf", Object.class, Function.class);
        this.jsonb = new Writer(Oid.JSONB, true);
        this.json = new Writer(Oid.JSON, false);
    }

    @Override
    public Class<?> carrier() {
        return byte[].class;
    }

    @Override
    public Decoder<?> decoder(Decoder<?> carrier) {
        return (buf, index, length) -> Handles.call(of, carrier.decode(buf, index, length));
    }

    @Override
    public Encoder<?> encoder(CodecRegistry registry) {
        return jsonb;
    }

    @Override
    public Encoder<?> encoder(PgType type, CodecRegistry registry) {
        return type.oid() == Oid.JSON ? json : jsonb;
    }

    /** Writes the document, after jsonb's version byte when {@code versioned}. */
    private final class Writer implements Encoder<Object> {

        private final int oid;
        private final boolean versioned;

        Writer(int oid, boolean versioned) {
            this.oid = oid;
            this.versioned = versioned;
        }

        @Override
        public int oid(Object value) {
            return oid;
        }

        @Override
        public int nullOid() {
            return oid;
        }

        @Override
        public Format format() {
            return Format.BINARY;
        }

        @Override
        public void encode(Object value, ByteBuf out) {
            if (versioned) {
                out.writeByte(JSONB_VERSION); // jsonb format version
            }
            Function<ByteBuf, Object> write = document -> {
                if (document.refCnt() == 0) {
                    throw new CodecException("the " + type.getName() + " was made from a ByteBuf that is released by now:"
                            + " such a value is sent once, and its buffer released then");
                }
                try {
                    out.writeBytes(document, document.readerIndex(), document.readableBytes()); // the document
                } finally {
                    document.release();
                }
                return null;
            };
            Handles.call(mapByteBuf, value, write);
        }

        @Override
        public String toString() {
            return type.getName() + " as " + (versioned ? "jsonb" : "json");
        }
    }
}
