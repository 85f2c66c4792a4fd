package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;

/**
 * Base of codecs whose values are one Java class, read from both formats (bool, date, uuid, pg_lsn, bit strings):
 * that class from text or from binary, String from binary (rendered as the server's output function prints it;
 * String from text is the registry's), and one binary encoder of the class. The decoders and the encoder are the
 * subclass's constants, handed out as they are: nothing is built per column, nor per value.
 */
public abstract class ValueCodec<V> extends OidSetCodec {

    private final Class<V> javaType;
    private final Decoder<V> text;
    private final Decoder<V> binary;
    private final Decoder<String> binaryAsString;
    private final Encoder<V> encoder;

    protected ValueCodec(Class<V> javaType, Decoder<V> text, Decoder<V> binary, Decoder<String> binaryAsString,
                         Encoder<V> encoder, int... oids) {
        super(oids);
        this.javaType = javaType;
        this.text = text;
        this.binary = binary;
        this.binaryAsString = binaryAsString;
        this.encoder = encoder;
    }

    @Override
    public final Class<?> javaType(PgType type, CodecRegistry registry) {
        return javaType;
    }

    @Override
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        return pick(format, target, javaType, text, binary, binaryAsString);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return valueClass == javaType ? (Encoder<T>) encoder : null;
    }

    /**
     * The decoder of a value read as one class from both formats, also for codecs of several types, per type:
     * {@code text} or {@code binary} for {@code javaType}, {@code binaryAsString} for String from binary, else null.
     */
    @SuppressWarnings("unchecked")
    static <T> Decoder<T> pick(Format format, Class<T> target, Class<?> javaType, Decoder<?> text, Decoder<?> binary,
                               Decoder<String> binaryAsString) {
        if (target == javaType) {
            return (Decoder<T>) (format == Format.TEXT ? text : binary);
        }
        if (target == String.class && format == Format.BINARY) {
            return (Decoder<T>) binaryAsString;
        }
        return null;
    }
}
