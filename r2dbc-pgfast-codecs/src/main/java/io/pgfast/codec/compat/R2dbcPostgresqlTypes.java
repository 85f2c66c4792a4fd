package io.pgfast.codec.compat;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.builtin.GeometricCodec;
import io.pgfast.codec.builtin.IntervalCodec;
import io.pgfast.codec.builtin.JsonCodec;
import io.pgfast.codec.builtin.VectorCodec;
import io.pgfast.codec.compat.internal.CompatType;
import io.pgfast.codec.compat.internal.CompatTypes;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Makes r2dbc-postgresql's value classes the default Java types of their columns, as r2dbc-postgresql has them:
 * {@code row.get(column)} (and whatever reads through it, such as Spring Data R2DBC's entity mapping) gives
 * {@code io.r2dbc.postgresql.codec.Json} for json and jsonb, {@code Interval} for interval, {@code Point},
 * {@code Box}, {@code Circle}, {@code Line}, {@code Lseg}, {@code Path} and {@code Polygon} for the geometric types
 * and {@code Vector} for pgvector's vector. Every other class these columns can be read as (String, the driver's
 * own {@code io.pgfast.codec.type} classes, {@code Duration}, {@code float[]}, ...) is still served on request,
 * by the built-in codecs this one hands them to; what binds as what does not change.
 *
 * <p>r2dbc-pgfast-postgresql-compat registers it as a {@link java.util.ServiceLoader} codec (taken while the
 * option {@code autodetectExtensions} is true, the default), so that swapping r2dbc-postgresql for it keeps the
 * types code written for r2dbc-postgresql reads. With r2dbc-postgresql itself on the class path, register it
 * with {@code PgfastConnectionConfiguration.builder().codecs(new R2dbcPostgresqlTypes())}.
 */
public final class R2dbcPostgresqlTypes implements Codec {

    private static final String PACKAGE = "io.r2dbc.postgresql.codec.";

    private final List<Codec> builtins = List.of(new JsonCodec(), new IntervalCodec(), new GeometricCodec(), new VectorCodec());
    /** typname to r2dbc-postgresql's class, for the classes the class loader has. */
    private final Map<String, Class<?>> classes = new HashMap<>();

    /** With the classes of the class loader that loaded this class. */
    public R2dbcPostgresqlTypes() {
        this(R2dbcPostgresqlTypes.class.getClassLoader());
    }

    /**
     * With the classes of {@code loader}.
     *
     * @throws IllegalStateException if {@code loader} has none of them (neither r2dbc-postgresql nor
     *                               r2dbc-pgfast-postgresql-compat is on its class path)
     */
    public R2dbcPostgresqlTypes(ClassLoader loader) {
        String[][] mapping = {{"json", "Json"}, {"jsonb", "Json"}, {"interval", "Interval"}, {"point", "Point"},
                {"box", "Box"}, {"circle", "Circle"}, {"line", "Line"}, {"lseg", "Lseg"}, {"path", "Path"},
                {"polygon", "Polygon"}, {"vector", "Vector"}};
        for (String[] m : mapping) {
            try {
                classes.put(m[0], Class.forName(PACKAGE + m[1], false, loader));
            } catch (ClassNotFoundException | LinkageError absent) {
                // an older r2dbc-postgresql has no Vector: that column keeps the driver's default
            }
        }
        if (classes.isEmpty()) {
            throw new IllegalStateException("neither r2dbc-postgresql nor r2dbc-pgfast-postgresql-compat is on the class path of "
                    + loader + ": no " + PACKAGE + "Json");
        }
    }

    private Codec builtin(PgType type) {
        for (Codec codec : builtins) {
            if (codec.handles(type)) {
                return codec;
            }
        }
        return null;
    }

    @Override
    public boolean handles(PgType type) {
        return classes.containsKey(type.name()) && builtin(type) != null;
    }

    /** pgvector's vector, whose OID the core looks up (the other types are built in). */
    @Override
    public Set<String> typeNames() {
        return classes.containsKey("vector") ? Set.of("vector") : Set.of();
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return classes.get(type.name());
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return builtin(type).binary(type, registry);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        Codec builtin = builtin(type);
        if (target == classes.get(type.name())) {
            CompatType compat = CompatTypes.of(target);
            Decoder<?> carrier = builtin.decoder(type, format, compat.carrier(), registry);
            return carrier == null ? null : (Decoder<T>) compat.decoder(carrier);
        }
        return builtin.decoder(type, format, target, registry);
    }

    /** The built-in codec's: binding does not depend on this codec (r2dbc-postgresql's classes bind without it). */
    @Override
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return builtin(type).encoder(type, valueClass, registry);
    }

    @Override
    public String toString() {
        return "R2dbcPostgresqlTypes" + classes.keySet();
    }
}
