package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.io.Utf8Strings;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Record;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Composite types ({@code pg_type.typtype} 'c': table row types and {@code CREATE TYPE ... AS}
 * types, discovered per database with their attributes) and the anonymous {@code record} type
 * ({@code ROW(...)}, functions returning record), as {@link Record}; binary also as the String
 * record_out prints.
 *
 * <p>Field values are decoded by their types' decoders: planned once for a composite type whose
 * attributes were discovered, found per value (a cached lookup) for the field OIDs of an anonymous
 * record in binary. Text-format fields of an anonymous record are Strings with type OID 0.
 *
 * <p>Encodes {@code Record} as a text literal {@code (1,"a b",)} with OID 0, so the server reads
 * it as the composite type the statement needs (it cannot read an anonymous record parameter); a
 * parameter typed as a composite declares that type. String fields are sent as they are, other
 * values in their type's text form.
 */
public final class RecordCodec implements Codec {

    private static final Decoder<String> STRING = Utf8Strings::read;

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.COMPOSITE || type.oid() == Oid.RECORD;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return Record.class;
    }

    /** Binary when every attribute type decodes binary (always for an anonymous record: see the class doc). */
    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        for (PgType.Attribute attribute : type.attributes()) {
            if (!registry.binaryDecodable(attribute.typeOid())) {
                return false;
            }
        }
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        List<PgType.Attribute> attributes = type.attributes();
        int[] oids = new int[attributes.size()];
        Decoder<?>[] decoders = new Decoder<?>[oids.length];
        boolean asString = target == String.class;
        if (asString && format == Format.TEXT) {
            return null;
        }
        if (target.isRecord() && !attributes.isEmpty()) {
            return javaRecord(type, format, target, registry);
        }
        if (!asString && target != Record.class) {
            return null;
        }
        for (int i = 0; i < oids.length; i++) {
            oids[i] = attributes.get(i).typeOid();
            decoders[i] = asString ? registry.decoder(oids[i], Format.BINARY, String.class) : registry.decoder(oids[i], format);
        }
        String name = type.name();
        if (format == Format.TEXT) {
            return (Decoder<T>) new RecordTextDecoder(name, oids, decoders, STRING);
        }
        IntFunction<Decoder<?>> lookup = asString
                ? oid -> {
                    if (!registry.binaryDecodable(oid)) {
                        throw new CodecException(name + " field of type " + registry.typeName(oid) + " cannot be rendered as text from binary");
                    }
                    return registry.decoder(oid, Format.BINARY, String.class);
                }
                : oid -> registry.binaryDecodable(oid) ? registry.decoder(oid, Format.BINARY) : null;
        RecordBinaryDecoder records = new RecordBinaryDecoder(name, oids, decoders, lookup);
        return (Decoder<T>) (asString ? new RenderedDecoder<>(records, RecordText::writeStrings) : records);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return valueClass == Record.class ? (Encoder<T>) textEncoder(Oid.UNSPECIFIED, registry) : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return valueClass == Record.class && type.oid() != Oid.RECORD ? (Encoder<T>) textEncoder(type.oid(), registry) : null;
    }

    private static Encoder<Record> textEncoder(int oid, CodecRegistry registry) {
        return new SimpleEncoder<>(oid, Format.TEXT, (Record value, ByteBuf out) -> {
            int mark = out.writerIndex();
            try {
                RecordText.writeValues(value, out, registry);
            } catch (RuntimeException e) {
                out.writerIndex(mark);
                throw e;
            }
        });
    }

    /**
     * A declared composite type read as a Java record class: attribute i is decoded as component i's
     * type; the attribute and component counts must agree.
     */
    @SuppressWarnings("unchecked")
    private <T> Decoder<T> javaRecord(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        List<PgType.Attribute> attributes = type.attributes();
        Class<?>[] components = JavaRecordMapping.componentTypes(target);
        if (components.length != attributes.size()) {
            throw new IllegalArgumentException("cannot map " + type.name() + " (" + attributes.size() + " attributes) to "
                    + target.getName() + " (" + components.length + " components)");
        }
        int[] oids = new int[components.length];
        Decoder<?>[] decoders = new Decoder<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            oids[i] = attributes.get(i).typeOid();
            decoders[i] = registry.decoder(oids[i], format, components[i]);
        }
        Decoder<Record> fields = format == Format.TEXT
                ? (Decoder<Record>) (Decoder<?>) new RecordTextDecoder(type.name(), oids, decoders, STRING)
                : (Decoder<Record>) (Decoder<?>) new RecordBinaryDecoder(type.name(), oids, decoders, oid -> null);
        return JavaRecordMapping.of(target, fields, type.name());
    }
}
