package io.pgfast.codec.compat.internal;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.builtin.FixedTypeEncoder;
import io.pgfast.codec.oid.Oid;

import java.lang.invoke.MethodHandle;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code Json}: read from json and jsonb as {@code Json.of(byte[])} of a copy of the document, so the value holds
 * no buffer of the connection. Bound without a stated type it is sent as text of unspecified type, so the server
 * takes it as what the statement needs: a json column keeps the document's text as written (a jsonb parameter
 * would lose its spacing and key order on the way), and a jsonb column or operator ({@code @>}) gets jsonb. A
 * parameter stated as json or jsonb is sent in that type's binary format. The document's bytes are taken through
 * {@code mapByteBuf}, and the buffer it hands over is released once written: for a value made from a ByteBuf that
 * is the value's own buffer, as r2dbc-postgresql documents ("released after encoding"); for the other forms a
 * fresh wrapper. A value made from an InputStream is read through the same call; r2dbc-postgresql's own such
 * value does not close its stream there, the compat artifact's does.
 */
final class JsonType extends CompatType {

    /** The jsonb binary format version (jsonb_send). */
    private static final int JSONB_VERSION = 1;

    private final MethodHandle of;
    private final MethodHandle mapByteBuf;
    private final Encoder<Object> unspecified;
    private final Encoder<Object> jsonb;
    private final Encoder<Object> json;

    JsonType(Class<?> type) {
        super(type, Set.of("json", "jsonb"));
        this.of = Handles.factory(type, "of", byte[].class);
        this.mapByteBuf = Handles.method(type, "mapByteBuf", Object.class, Function.class);
        this.unspecified = new Writer(Oid.UNSPECIFIED, Format.TEXT, false);
        this.jsonb = new Writer(Oid.JSONB, Format.BINARY, true);
        this.json = new Writer(Oid.JSON, Format.BINARY, false);
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
        return unspecified;
    }

    @Override
    public Encoder<?> encoder(PgType type, CodecRegistry registry) {
        return type.oid() == Oid.JSON ? json : jsonb;
    }

    /** Writes the document, after jsonb's version byte when {@code versioned}. */
    private final class Writer extends FixedTypeEncoder<Object> {

        private final boolean versioned;

        Writer(int oid, Format format, boolean versioned) {
            super(oid, format);
            this.versioned = versioned;
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
            return type.getName() + " as " + (nullOid() == Oid.UNSPECIFIED ? "text of unspecified type" : versioned ? "jsonb" : "json");
        }
    }
}
