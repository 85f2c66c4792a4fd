package io.pgfast.codec;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the decoder for a column and the encoder for a parameter: what the core asks once per column and
 * per bound class, and what a codec asks for its elements' or fields' codecs. Immutable and thread-safe.
 *
 * <p>The implementation with the built-in codecs is {@code io.pgfast.codec.registry.DefaultCodecRegistry};
 * this interface is what codecs are handed, so that the SPI does not depend on it.
 */
public interface CodecRegistry {

    /**
     * The decoder of a column's default Java type; never null. For an OID no codec knows, text is
     * decoded as String and binary by a decoder that throws {@link CodecException} naming the OID.
     */
    Decoder<?> decoder(int oid, Format format);

    /**
     * The decoder of a column as {@code type}. {@code Object.class} (or any supertype of the default
     * Java type) means the default; primitives mean their boxes; other classes are the codec's
     * conversions, for example int2 as Integer or Long (widening), int8 as Integer (range-checked per
     * value), any type in text format as String.
     *
     * @throws IllegalArgumentException if the type cannot be decoded as {@code type}, e.g.
     *                                  "cannot decode int4 (oid 23) as java.util.UUID"
     */
    <T> Decoder<T> decoder(int oid, Format format, Class<T> type);

    /** Whether a codec decodes this type's binary format: the core asks binary results only for these. */
    boolean binaryDecodable(int oid);

    /** The default Java type of a column; String for types no codec knows. */
    Class<?> javaType(int oid);

    /** {@code "int4"}; {@code "unknown (oid 16390)"} for an OID this registry does not know. */
    String typeName(int oid);

    /** The type with this OID, if built in or discovered. */
    Optional<PgType> type(int oid);

    /**
     * The type named {@code typname}, if built in or discovered; the one with the lowest OID when several
     * schemas have one. What a codec of an extension type (whose OID differs per database) declares its
     * bound values as, once the type has been discovered.
     */
    default Optional<PgType> typeNamed(String typname) {
        return Optional.empty();
    }

    /**
     * The {@code typname}s the registered codecs handle that are not built in (e.g. citext, hstore):
     * the core discovers their OIDs (and their arrays') at connect time and calls {@link #withTypes}.
     */
    Set<String> extensionTypeNames();

    /**
     * The encoder the codecs choose for values of {@code valueClass} (the value's runtime class),
     * cached per class.
     *
     * @throws IllegalArgumentException if no codec encodes that class
     */
    <T> Encoder<T> encoder(Class<T> valueClass);

    /**
     * An encoder sending values of {@code valueClass} as the type {@code oid} (for a parameter whose
     * type the application states). A String can always be sent as any type: in text format, for
     * the server's input function to parse.
     *
     * @throws IllegalArgumentException if the value cannot be sent as that type
     */
    <T> Encoder<T> encoder(int oid, Class<T> valueClass);

    /** The OID to declare for {@code bindNull(i, type)}: that of the class's encoder; 0 when none or unknown. */
    int nullOid(Class<?> type);

    /**
     * This registry plus types discovered in a database (see {@link PgType} for the query). Types
     * given again replace earlier ones with the same OID; the codecs stay the same.
     */
    CodecRegistry withTypes(List<PgType> discoveredTypes);
}
