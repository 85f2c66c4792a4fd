package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;

/**
 * Java enum values as parameters: sent as their {@link Enum#name()} in text format with OID 0
 * (unspecified), so the server resolves the type from the statement, a PostgreSQL enum column
 * included. Decoding PostgreSQL enums is the job of the enum codec (types are matched there), so
 * this codec handles no type.
 */
public final class JavaEnumCodec implements Codec {

    private static final Encoder<Enum<?>> UNSPECIFIED = new SimpleEncoder<>(0, Format.TEXT, JavaEnumCodec::write);

    @Override
    public boolean handles(PgType type) {
        return false;
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        throw new IllegalStateException("JavaEnumCodec handles no type");
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return false;
    }

    @Override
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        return null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        // an enum constant with a body is an anonymous subclass of its enum
        return Enum.class.isAssignableFrom(valueClass) ? (Encoder<T>) UNSPECIFIED : null;
    }

    private static void write(Enum<?> value, ByteBuf out) {
        ByteBufUtil.writeUtf8(out, value.name());
    }
}
