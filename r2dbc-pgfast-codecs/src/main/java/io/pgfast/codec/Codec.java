package io.pgfast.codec;

import java.util.Set;

/**
 * Decoding and encoding of one family of PostgreSQL types: the extension point of
 * {@link CodecRegistry}. Built-in families live in {@code io.pgfast.codec.builtin}; applications add
 * their own with {@code DefaultCodecRegistry.Builder.register(...)} or as a {@link java.util.ServiceLoader}
 * service ({@code META-INF/services/io.pgfast.codec.Codec}, loaded by
 * {@code DefaultCodecRegistry.Builder.loadServiceCodecs(...)}).
 *
 * <h2>When the methods are called</h2>
 * Never per value. {@link #handles(PgType)} is asked once per type when a registry is built (and
 * again by {@link CodecRegistry#withTypes}); the first codec that answers {@code true} owns the
 * type, codecs registered later winning over earlier ones and every registered codec winning over
 * the built-ins. The registry then asks the owner for a decoder once per (type, format, class) and
 * caches the answer; it asks for an encoder once per Java class and caches it too. Every method
 * may be called from any thread, concurrently; implementations are stateless or immutable.
 *
 * <h2>What the registry does for a codec</h2>
 * <ul>
 * <li>Primitive targets arrive boxed ({@code int.class} as {@code Integer.class}).</li>
 * <li>{@code Object.class} and any supertype of {@link #javaType} (e.g. {@code Number.class} for
 *     int4) are served with the default decoder: a codec only sees targets it must convert to.</li>
 * <li>Domains: a type of kind {@link PgType.Kind#DOMAIN} that no codec handles is decoded by the
 *     codec of its {@link PgType#baseOid() base type}, which then sees the base type.</li>
 * <li>A text-format {@code String} target that the owner declines is served by decoding the text
 *     as UTF-8, so every type can be read as its text form.</li>
 * <li>Typed parameters: when {@link #encoder(PgType, Class, CodecRegistry)} declines, the class's
 *     own encoder is used if it already declares that type (an Integer as int4), and a String is
 *     sent as text declared as the type; anything else is refused with IllegalArgumentException.</li>
 * <li>Element types: a codec of containers (arrays, ranges, composites) finds the decoders and
 *     encoders of its elements through the {@code registry} argument, which is the registry asking.</li>
 * </ul>
 *
 * <h2>Binary and String</h2>
 * The core chooses the result format at Bind, before it knows which class the application will ask
 * for. A codec that returns {@code true} from {@link #binary} must therefore also decode the binary
 * format as {@code String}, rendering what the server's output function would print.
 */
public interface Codec {

    /** Whether this codec decodes (and can encode) values of {@code type}. Called once per type. */
    boolean handles(PgType type);

    /**
     * The {@code typname}s of the non-built-in types this codec handles (e.g. {@code "citext"},
     * {@code "hstore"}): the core looks their OIDs up at connect time. Empty for a codec of
     * built-in types (fixed OIDs) or of types recognised by kind (enums, composites).
     */
    default Set<String> typeNames() {
        return Set.of();
    }

    /** The Java type that {@code Row.get(i)} returns for a handled type. */
    Class<?> javaType(PgType type, CodecRegistry registry);

    /** Whether this codec decodes a handled type in {@link Format#BINARY}; the core asks binary results only then. */
    boolean binary(PgType type, CodecRegistry registry);

    /**
     * A decoder of a handled type in {@code format} producing {@code target} (boxed, never
     * {@code Object.class}), or {@code null} if this codec cannot produce that class. Narrowing
     * targets (int8 as {@code Integer}) get a decoder that range-checks each value and throws
     * {@link CodecException}.
     *
     * @param target {@code javaType(type)} for the default decoder, or the class the application asked for
     */
    <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry);

    /**
     * The encoder this codec chooses for values of {@code valueClass} (an exact runtime class, e.g.
     * a particular enum class), or {@code null} if it does not encode that class by default. The
     * registry asks codecs in precedence order and caches the first answer per class.
     */
    default <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return null;
    }

    /**
     * An encoder that sends values of {@code valueClass} as the handled {@code type} (for an explicitly
     * typed parameter), or {@code null} if this codec cannot represent such values as that type. When
     * it declines and {@code valueClass} is {@code String}, the registry sends the string as text
     * declared as {@code type}, so the server's input function parses it.
     */
    default <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return null;
    }
}
