package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The hstore extension type (its OID differs per database: found by {@code typname}), as an
 * unmodifiable {@code Map<String, String>} in the server's order, NULL values as {@code null}.
 *
 * <p>Binary (hstore_send in contrib/hstore/hstore_io.c): Int32 count, then per pair Int32 key
 * length, key bytes, Int32 value length (-1 for NULL), value bytes. Text (hstore_out):
 * {@code "k"=>"v", "n"=>NULL}, keys and values double-quoted with {@code "} and {@code \} escaped
 * by a backslash; hstore_in's unquoted keys and values and its whitespace are read too.
 *
 * <p>Encodes any {@code Map} as a text literal with OID 0 (the map's class does not carry the
 * database's hstore OID; the server reads the literal as the hstore the statement needs), or in
 * binary when the parameter is typed hstore. Keys must not be null; values are sent with
 * {@code toString()}.
 */
public final class HstoreCodec implements Codec {

    static final String TYPE_NAME = "hstore";

    private static final byte[] NULL = {'N', 'U', 'L', 'L'};

    private static final Decoder<Map<String, String>> BINARY = HstoreCodec::readBinary;
    private static final Decoder<Map<String, String>> TEXT = HstoreText::read;
    private static final Encoder<Map<?, ?>> TEXT_UNSPECIFIED = new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT, HstoreCodec::writeText);

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.BASE && TYPE_NAME.equals(type.name());
    }

    @Override
    public Set<String> typeNames() {
        return Set.of(TYPE_NAME);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return Map.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        boolean binary = format == Format.BINARY;
        if (target == Map.class) {
            return (Decoder<T>) (binary ? BINARY : TEXT);
        }
        if (target == String.class && binary) {
            return (Decoder<T>) (Decoder<String>) (buf, index, length) -> {
                ByteBuf out = buf.alloc().heapBuffer(length + 8);
                try {
                    writeText(readBinary(buf, index, length), out);
                    return Utf8Strings.read(out, out.readerIndex(), out.readableBytes());
                } finally {
                    out.release();
                }
            };
        }
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return Map.class.isAssignableFrom(valueClass) ? (Encoder<T>) TEXT_UNSPECIFIED : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return Map.class.isAssignableFrom(valueClass)
                ? (Encoder<T>) new SimpleEncoder<Map<?, ?>>(type.oid(), Format.BINARY, HstoreCodec::writeBinary)
                : null;
    }

    static Map<String, String> readBinary(ByteBuf buf, int index, int length) {
        ContainerReader in = new ContainerReader(buf, index, length, TYPE_NAME);
        int count = in.int32();
        // a pair takes at least its two 4-byte lengths
        if (count < 0 || count > in.remaining() / 8) {
            throw in.malformed("pair count " + count + " does not fit in " + in.remaining() + " bytes");
        }
        Map<String, String> map = new LinkedHashMap<>(Math.max(4, count * 4 / 3 + 1));
        for (int i = 0; i < count; i++) {
            int keyLength = in.length("key");
            if (keyLength < 0) {
                throw in.malformed("NULL key");
            }
            String key = Utf8Strings.read(buf, in.position(), keyLength);
            in.skip(keyLength);
            int valueLength = in.length("value");
            String value = null;
            if (valueLength >= 0) {
                value = Utf8Strings.read(buf, in.position(), valueLength);
                in.skip(valueLength);
            }
            map.put(key, value);
        }
        in.expectEnd();
        return Collections.unmodifiableMap(map);
    }

    private static void writeBinary(Map<?, ?> map, ByteBuf out) {
        int mark = out.writerIndex();
        try {
            out.writeInt(map.size()); // pair count
            for (Map.Entry<?, ?> e : map.entrySet()) {
                writeLengthPrefixed(key(e), out); // key
                if (e.getValue() == null) {
                    out.writeInt(-1); // NULL value
                } else {
                    writeLengthPrefixed(e.getValue().toString(), out); // value
                }
            }
        } catch (RuntimeException e) {
            out.writerIndex(mark);
            throw e;
        }
    }

    private static void writeLengthPrefixed(String s, ByteBuf out) {
        int at = out.writerIndex();
        out.writeInt(0);
        int n = ByteBufUtil.writeUtf8(out, s);
        out.setInt(at, n);
    }

    static void writeText(Map<?, ?> map, ByteBuf out) {
        int mark = out.writerIndex();
        try {
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!first) {
                    out.writeByte(',').writeByte(' ');
                }
                first = false;
                writeQuoted(key(e), out);
                out.writeByte('=').writeByte('>');
                if (e.getValue() == null) {
                    out.writeBytes(NULL);
                } else {
                    writeQuoted(e.getValue().toString(), out);
                }
            }
        } catch (RuntimeException e) {
            out.writerIndex(mark);
            throw e;
        }
    }

    private static String key(Map.Entry<?, ?> e) {
        if (e.getKey() == null) {
            throw new CodecException("hstore keys cannot be null");
        }
        return e.getKey().toString();
    }

    private static void writeQuoted(String s, ByteBuf out) {
        out.writeByte('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.writeByte('\\');
            }
            if (c < 0x80) {
                out.writeByte(c);
            } else {
                int start = i;
                while (i + 1 < s.length() && s.charAt(i + 1) >= 0x80) {
                    i++;
                }
                ByteBufUtil.writeUtf8(out, s, start, i + 1);
            }
        }
        out.writeByte('"');
    }
}
