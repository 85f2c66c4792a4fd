package io.pgfast.compat;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.compat.R2dbcPostgresqlTypes;
import io.r2dbc.postgresql.codec.Json;

import java.util.Set;

/**
 * This artifact's {@code io.pgfast.codec.Codec} service: {@link R2dbcPostgresqlTypes} with this artifact's
 * classes, so that with it in place of r2dbc-postgresql the columns read by default as r2dbc-postgresql reads
 * them (json as {@code Json}, interval as {@code Interval}, ...). A class of this jar, not the codec itself,
 * because a jar may only name its own classes as services when it runs as a module. The driver takes it while
 * its option {@code autodetectExtensions} is true (the default).
 */
public final class DefaultTypes implements Codec {

    private final Codec types = new R2dbcPostgresqlTypes(Json.class.getClassLoader());

    @Override
    public boolean handles(PgType type) {
        return types.handles(type);
    }

    @Override
    public Set<String> typeNames() {
        return types.typeNames();
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return types.javaType(type, registry);
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return types.binary(type, registry);
    }

    @Override
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        return types.decoder(type, format, target, registry);
    }

    @Override
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        return types.encoder(valueClass, registry);
    }

    @Override
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return types.encoder(type, valueClass, registry);
    }

    @Override
    public String toString() {
        return types.toString();
    }
}
