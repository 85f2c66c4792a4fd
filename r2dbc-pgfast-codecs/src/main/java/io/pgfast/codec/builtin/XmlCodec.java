package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

/**
 * xml. Both formats carry the document as text in the client encoding (xml_send converts it like
 * text; the docs, "XML Type", note that binary output does not add an encoding declaration).
 * Decodes to String. Binds as a String (text of unspecified type, or typed as xml).
 */
public final class XmlCodec extends OidSetCodec {

    private static final Decoder<String> STRING = Utf8Strings::read;

    public XmlCodec() {
        super(Oid.XML);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return String.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        return target == String.class ? (Decoder<T>) STRING : null;
    }
}
