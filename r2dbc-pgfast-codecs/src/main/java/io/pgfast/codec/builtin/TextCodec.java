package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;

import java.util.Set;

/**
 * The character types: text, varchar, bpchar (char(n)), name, unknown, refcursor and the extension
 * type citext (matched by name, its OID differs per database). Text and binary formats are the
 * same bytes for these types (the string in the client encoding, UTF-8 here; "Binary data" in the
 * protocol docs: text's send function emits the characters as they are). A bpchar keeps its
 * padding blanks, as the server sends them.
 *
 * <p>Decodes to String (default) and, when asked, to Character if the value is exactly one
 * character. Encodes String and Character as text with OID 0 (unspecified), so the server infers
 * the parameter's type from the statement as it does for a quoted literal: a String bound where a
 * uuid, a date or an enum is expected works.
 */
public final class TextCodec extends OidSetCodec {

    /** Extension types with text semantics, matched by {@code typname}. */
    private static final Set<String> NAMES = Set.of("citext");

    private static final Decoder<String> STRING = Utf8Strings::read;
    private static final Decoder<Character> CHARACTER = TextCodec::character;
    private static final Encoder<String> UNSPECIFIED_STRING =
            new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT, (String v, ByteBuf out) -> ByteBufUtil.writeUtf8(out, v),
                    // UTF-8 takes at least one byte per UTF-16 unit (a surrogate pair takes four)
                    String::length);
    private static final Encoder<Character> UNSPECIFIED_CHARACTER =
            new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT, (Character v, ByteBuf out) -> writeCharacter(v, out));

    public TextCodec() {
        super(Oid.TEXT, Oid.VARCHAR, Oid.BPCHAR, Oid.NAME, Oid.UNKNOWN, Oid.REFCURSOR);
    }

    @Override
    public boolean handles(PgType type) {
        return super.handles(type) || (type.kind() == PgType.Kind.BASE && NAMES.contains(type.name()));
    }

    @Override
    public Set<String> typeNames() {
        return NAMES;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return String.class;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (target == String.class) {
            return (Decoder<T>) STRING;
        }
        if (target == Character.class) {
            return (Decoder<T>) CHARACTER;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == String.class) {
            return (Encoder<T>) UNSPECIFIED_STRING;
        }
        if (valueClass == Character.class) {
            return (Encoder<T>) UNSPECIFIED_CHARACTER;
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == Character.class) {
            return (Encoder<T>) new SimpleEncoder<>(type.oid(), Format.TEXT, (Character v, ByteBuf out) -> writeCharacter(v, out));
        }
        return null;
    }

    private static Character character(ByteBuf buf, int index, int length) {
        String value = Utf8Strings.read(buf, index, length);
        if (value.length() != 1) {
            throw new CodecException("text value of " + value.length()
                    + " characters cannot be read as java.lang.Character");
        }
        return value.charAt(0);
    }

    private static void writeCharacter(Character value, ByteBuf out) {
        ByteBufUtil.writeUtf8(out, String.valueOf(value.charValue()));
    }
}
