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
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Enum types ({@code CREATE TYPE ... AS ENUM}, {@code pg_type.typtype} 'e', discovered per
 * database): the label as a String by default, or, on request, the constant of a Java enum with
 * that {@link Enum#name() name}. Text and binary are the same bytes, the label (enum_send).
 *
 * <p>A Java enum constant bound without a type is sent by {@link JavaEnumCodec} (its name, text,
 * OID 0); a parameter typed as an enum type is sent here, declared as that type and checked
 * against its labels when they were discovered.
 */
public final class EnumCodec implements Codec {

    private static final Decoder<String> LABEL = Utf8Strings::read;

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.ENUM;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return String.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (target == String.class) {
            return (Decoder<T>) LABEL;
        }
        if (!target.isEnum()) {
            return null;
        }
        Map<String, Object> byName = new HashMap<>();
        for (Object constant : target.getEnumConstants()) {
            byName.put(((Enum) constant).name(), constant);
        }
        String typeName = type.name();
        return (buf, index, length) -> {
            String label = Utf8Strings.read(buf, index, length);
            Object constant = byName.get(label);
            if (constant == null) {
                throw new CodecException(typeName + " label \"" + label + "\" has no constant of that name in " + target.getName());
            }
            return (T) constant;
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        if (!isEnum(valueClass)) {
            return null;
        }
        Set<String> labels = new HashSet<>(type.enumLabels());
        String typeName = type.name();
        return (Encoder<T>) new SimpleEncoder<Enum<?>>(type.oid(), Format.TEXT, (value, out) -> {
            if (!labels.isEmpty() && !labels.contains(value.name())) {
                throw new CodecException(value.getDeclaringClass().getName() + "." + value.name() + " is not a label of " + typeName
                        + " " + type.enumLabels());
            }
            writeName(value, out);
        });
    }

    /** Whether the class is an enum, or the body class of an enum constant with its own methods. */
    private static boolean isEnum(Class<?> c) {
        return c.isEnum() || (c.getSuperclass() != null && c.getSuperclass().isEnum());
    }

    private static void writeName(Enum<?> value, ByteBuf out) {
        ByteBufUtil.writeUtf8(out, value.name());
    }
}
