package io.pgfast.codec.builtin;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import java.util.Collection;
import java.util.List;

/**
 * Arrays of every element type the registry knows: built-in, extension (hstore[]), enum,
 * composite, domain and range arrays, in 1 to 6 dimensions, with NULL elements and any lower
 * bounds.
 *
 * <p>Decoding: by default to a Java array of the element type's default class with as many
 * dimensions as the value ({@code Integer[]}, {@code Integer[][]}, ...), so the declared Java type
 * is {@code Object[]}; on request to a fixed array class ({@code Integer[][]}, {@code int[]},
 * {@code Long[]} when the element codec converts), to nested {@code List}s, and (binary format)
 * to the String array_out would print. Each element is decoded by the element type's decoder,
 * planned once when the array decoder is planned.
 *
 * <p>Encoding: any Java array class whose element class the registry encodes. Primitive arrays of
 * boolean/short/int/long/float/double go out in binary without boxing. Elements with a binary
 * encoder make a binary array declared as their array type; elements sent as text (String, whose
 * OID is 0) make a text literal declared with OID 0, so {@code String[]} binds to text[], uuid[],
 * an enum array, ... as the statement needs. {@code byte[]} is bytea, not an array; {@code List}s
 * are not encoded (their element type is unknown until a value is seen).
 *
 * <p>{@code int2vector} and {@code oidvector} (catalog types with their own text form) are not
 * handled here; they read as text.
 */
public final class ArrayCodec implements Codec {

    @Override
    public boolean handles(PgType type) {
        return (type.isArray() && type.oid() != Oid.INT2VECTOR && type.oid() != Oid.OIDVECTOR) || type.oid() == Oid.RECORD_ARRAY;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return Object[].class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return registry.binaryDecodable(type.elementOid());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        int element = type.elementOid();
        String name = registry.typeName(element) + "[]";
        char delimiter = delimiter(element, registry);
        if (target == String.class) {
            return format == Format.BINARY
                    ? (Decoder<T>) new ArrayBinaryToTextDecoder(name, element, registry.decoder(element, Format.BINARY, String.class), delimiter)
                    : null;
        }
        ArrayTarget shape;
        Decoder<?> elementDecoder;
        if (target == Object[].class) {
            shape = ArrayTarget.natural(registry.javaType(element));
            elementDecoder = registry.decoder(element, format);
        } else if (target.isArray()) {
            shape = ArrayTarget.of(target);
            elementDecoder = registry.decoder(element, format, shape.elementClass());
        } else if (target == List.class || target == Collection.class || target == Iterable.class) {
            shape = ArrayTarget.list(registry.javaType(element));
            elementDecoder = registry.decoder(element, format);
        } else {
            return null;
        }
        return (Decoder<T>) (format == Format.TEXT
                ? new ArrayTextDecoder(name, elementDecoder, delimiter, shape)
                : new ArrayBinaryDecoder(name, element, elementDecoder, shape));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        int depth = JavaArrayShape.depth(valueClass);
        if (depth == 0 || depth > ArrayTarget.MAX_DIMENSIONS) {
            return null;
        }
        Class<?> leaf = JavaArrayShape.leafClass(valueClass);
        if (leaf.isPrimitive()) {
            return leaf == byte.class || leaf == char.class ? null : (Encoder<T>) ArrayBinaryEncoder.forPrimitive(valueClass);
        }
        Encoder<?> elementEncoder;
        try {
            elementEncoder = registry.encoder(leaf);
        } catch (IllegalArgumentException noEncoder) {
            return null;
        }
        int elementOid = elementEncoder.nullOid();
        int arrayOid = elementOid == 0 ? 0 : registry.type(elementOid).map(PgType::arrayOid).orElse(0);
        String name = elementOid == 0 ? leaf.getSimpleName() + "[]" : registry.typeName(elementOid) + "[]";
        if (elementEncoder.format() == Format.BINARY) {
            return arrayOid == 0 ? null : (Encoder<T>) ArrayBinaryEncoder.of(name, valueClass, arrayOid, elementOid, elementEncoder);
        }
        return (Encoder<T>) new ArrayTextEncoder(name, valueClass, arrayOid, elementEncoder, delimiter(elementOid, registry));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        int depth = JavaArrayShape.depth(valueClass);
        if (depth == 0 || depth > ArrayTarget.MAX_DIMENSIONS) {
            return null;
        }
        int element = type.elementOid();
        Class<?> leaf = JavaArrayShape.leafClass(valueClass);
        if (leaf.isPrimitive()) {
            if (leaf == byte.class || leaf == char.class) {
                return null;
            }
            ArrayBinaryEncoder direct = ArrayBinaryEncoder.forPrimitive(valueClass);
            if (direct.oid(null) == type.oid()) {
                return (Encoder<T>) direct;
            }
        }
        Encoder<?> elementEncoder;
        try {
            elementEncoder = registry.encoder(element, ArrayTarget.boxed(leaf));
        } catch (IllegalArgumentException noEncoder) {
            return null;
        }
        String name = registry.typeName(element) + "[]";
        return (Encoder<T>) (elementEncoder.format() == Format.BINARY
                ? ArrayBinaryEncoder.of(name, valueClass, type.oid(), element, elementEncoder)
                : new ArrayTextEncoder(name, valueClass, type.oid(), elementEncoder, delimiter(element, registry)));
    }

    private static char delimiter(int elementOid, CodecRegistry registry) {
        return registry.type(elementOid).map(PgType::delimiter).orElse(',');
    }
}
