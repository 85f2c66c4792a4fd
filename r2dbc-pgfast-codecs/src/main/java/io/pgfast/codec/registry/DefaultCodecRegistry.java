package io.pgfast.codec.registry;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.PgType;
import io.pgfast.codec.Format;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.CodecException;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.collection.IntObjectMap;
import io.pgfast.codec.builtin.BuiltinCodecs;
import io.pgfast.codec.compat.internal.CompatType;
import io.pgfast.codec.compat.internal.CompatTypes;
import io.pgfast.codec.postgis.PostgisCodecs;
import io.pgfast.codec.oid.Oid;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The {@link CodecRegistry}: finds the decoder for a column and the encoder for a parameter. Immutable and
 * thread-safe. {@link #builtins()} is the shared registry of the built-in codecs; {@link #builder()} adds
 * an application's codecs on top of them.
 *
 * <p>Lookup by OID is an array index for built-in OIDs (below {@link Oid#BUILTIN_BOUND}) and an
 * open-addressing int map for the rest, so no key is boxed. Each type's decoders are planned once
 * per (format, Java class) and cached in that type's entry; encoders are cached per Java class in a
 * {@link ClassValue}. Nothing on these paths is synchronized. The core is expected to call
 * {@link #decoder} once per column per RowDescription and keep the result, not to call it per value.
 *
 * <p>Which codec owns a type: the first, in precedence order, whose {@link Codec#handles} accepts
 * it; codecs given to {@link Builder#register} (later calls first) come before the built-ins.
 *
 * <p>r2dbc-postgresql's value classes ({@code io.r2dbc.postgresql.codec.Json}, {@code Interval}, the geometric
 * types, {@code Vector}, from r2dbc-postgresql or r2dbc-pgfast-postgresql-compat) are read and written when no
 * codec takes them: a class that no codec encodes, or a requested class that the column's codec does not
 * decode to, is looked up by name in {@link CompatTypes} while planning (see {@code io.pgfast.codec.compat.internal}).
 */
public final class DefaultCodecRegistry implements CodecRegistry {

    private static final Object UNSUPPORTED = new Object();

    /** The codecs of {@link #builtins()}, in precedence order: the optional ones (PostGIS, when JTS is present) first. */
    private static final List<Codec> BUILTIN_CODECS = builtinCodecs();

    private static final DefaultCodecRegistry BUILTINS = new DefaultCodecRegistry(BUILTIN_CODECS, List.of());

    /** Precedence order: highest first. */
    private final List<Codec> codecs;
    private final List<PgType> discovered;
    private final TypeEntry[] builtin = new TypeEntry[Oid.BUILTIN_BOUND];
    private final IntObjectMap<TypeEntry> others = new IntObjectHashMap<>();
    private final Set<String> extensionTypeNames;
    private final Map<String, PgType> byName = new HashMap<>();
    private final ClassValue<Object> encoders = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> valueClass) {
            for (Codec codec : codecs) {
                Encoder<?> encoder = codec.encoder(valueClass, DefaultCodecRegistry.this);
                if (encoder != null) {
                    return encoder;
                }
            }
            // r2dbc-postgresql's value classes, looked for by name only once no codec took the class
            CompatType compat = CompatTypes.of(valueClass);
            return compat != null ? compat.encoder(DefaultCodecRegistry.this) : UNSUPPORTED;
        }
    };

    private DefaultCodecRegistry(List<Codec> codecs, List<PgType> discovered) {
        this.codecs = List.copyOf(codecs);
        this.discovered = List.copyOf(discovered);
        Map<Integer, PgType> types = new LinkedHashMap<>();
        for (PgType type : Oid.builtinTypes()) {
            types.put(type.oid(), type);
        }
        for (PgType type : discovered) {
            types.put(type.oid(), type);
        }
        for (PgType type : types.values()) {
            PgType named = byName.putIfAbsent(type.name(), type);
            if (named != null && Integer.compareUnsigned(type.oid(), named.oid()) < 0) {
                byName.put(type.name(), type);
            }
            TypeEntry entry = entryFor(type, types);
            if (type.oid() >= 0 && type.oid() < Oid.BUILTIN_BOUND) {
                builtin[type.oid()] = entry;
            } else {
                others.put(type.oid(), entry);
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (Codec codec : this.codecs) {
            names.addAll(codec.typeNames());
        }
        this.extensionTypeNames = Collections.unmodifiableSet(names);
    }

    /** The owner of {@code type}; a domain without one is decoded by its base type's codec. */
    private TypeEntry entryFor(PgType type, Map<Integer, PgType> types) {
        PgType seen = type;
        // a domain chain is finite in a real catalog; the bound only guards against a bad row set
        for (int depth = 0; depth < 32; depth++) {
            for (Codec codec : codecs) {
                if (codec.handles(seen)) {
                    return new TypeEntry(type, seen, codec);
                }
            }
            if (seen.kind() != PgType.Kind.DOMAIN || !types.containsKey(seen.baseOid())) {
                break;
            }
            seen = types.get(seen.baseOid());
        }
        return new TypeEntry(type, type, null);
    }

    private static List<Codec> builtinCodecs() {
        List<Codec> all = new ArrayList<>(PostgisCodecs.available());
        all.addAll(BuiltinCodecs.all());
        return List.copyOf(all);
    }

    /** The shared registry of the built-in codecs and types. */
    public static DefaultCodecRegistry builtins() {
        return BUILTINS;
    }

    /** A builder that starts from the built-in codecs. */
    public static Builder builder() {
        return new Builder();
    }

    private TypeEntry entry(int oid) {
        if (oid >= 0 && oid < Oid.BUILTIN_BOUND) {
            return builtin[oid];
        }
        return others.get(oid);
    }

    @Override
    public Decoder<?> decoder(int oid, Format format) {
        TypeEntry entry = entry(oid);
        if (entry != null) {
            return entry.defaultDecoder(format, this);
        }
        if (format == Format.TEXT) {
            return TypeEntry.TEXT_AS_STRING;
        }
        String message = "no binary decoder for " + describe(oid) + "; ask the server for text format";
        return (buf, index, length) -> {
            throw new CodecException(message);
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(int oid, Format format, Class<T> type) {
        Objects.requireNonNull(format, "format");
        Class<?> target = Primitives.box(Objects.requireNonNull(type, "type"));
        TypeEntry entry = entry(oid);
        if (entry != null) {
            return (Decoder<T>) entry.decoder(format, target, this);
        }
        if (format == Format.TEXT && target.isAssignableFrom(String.class)) {
            return (Decoder<T>) TypeEntry.TEXT_AS_STRING;
        }
        throw new IllegalArgumentException("cannot decode " + describe(oid)
                + (format == Format.BINARY ? " in binary format" : "") + " as " + type.getName());
    }

    @Override
    public boolean binaryDecodable(int oid) {
        TypeEntry entry = entry(oid);
        return entry != null && entry.binary(this);
    }

    @Override
    public Class<?> javaType(int oid) {
        TypeEntry entry = entry(oid);
        return entry == null ? String.class : entry.javaType(this);
    }

    @Override
    public String typeName(int oid) {
        TypeEntry entry = entry(oid);
        return entry == null ? "unknown (oid " + Integer.toUnsignedString(oid) + ")" : entry.type.name();
    }

    @Override
    public Optional<PgType> type(int oid) {
        TypeEntry entry = entry(oid);
        return entry == null ? Optional.empty() : Optional.of(entry.type);
    }

    @Override
    public Optional<PgType> typeNamed(String typname) {
        return Optional.ofNullable(byName.get(typname));
    }

    @Override
    public Set<String> extensionTypeNames() {
        return extensionTypeNames;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass) {
        Object encoder = encoders.get(Primitives.box(Objects.requireNonNull(valueClass, "valueClass")));
        if (encoder == UNSUPPORTED) {
            throw new IllegalArgumentException("cannot encode values of " + valueClass.getName()
                    + "; register a Codec that encodes it, or bind a String and cast in SQL");
        }
        return (Encoder<T>) encoder;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(int oid, Class<T> valueClass) {
        Class<?> boxed = Primitives.box(Objects.requireNonNull(valueClass, "valueClass"));
        TypeEntry entry = entry(oid);
        if (entry != null) {
            return (Encoder<T>) entry.encoder(boxed, this);
        }
        if (boxed == String.class) {
            return (Encoder<T>) new TextAsTypeEncoder(oid);
        }
        throw new IllegalArgumentException("cannot encode " + valueClass.getName() + " as " + describe(oid));
    }

    /** The encoder of {@code valueClass} (boxed), or null when no codec encodes it. */
    Encoder<?> encoderOrNull(Class<?> valueClass) {
        Object encoder = encoders.get(valueClass);
        return encoder == UNSUPPORTED ? null : (Encoder<?>) encoder;
    }

    @Override
    public int nullOid(Class<?> type) {
        Object encoder = encoders.get(Primitives.box(Objects.requireNonNull(type, "type")));
        return encoder == UNSUPPORTED ? 0 : ((Encoder<?>) encoder).nullOid();
    }

    @Override
    public DefaultCodecRegistry withTypes(List<PgType> discoveredTypes) {
        List<PgType> all = new ArrayList<>(discovered);
        all.addAll(Objects.requireNonNull(discoveredTypes, "discoveredTypes"));
        return new DefaultCodecRegistry(codecs, all);
    }

    private String describe(int oid) {
        TypeEntry entry = entry(oid);
        return entry == null ? "unknown (oid " + Integer.toUnsignedString(oid) + ")" : entry.describe();
    }

    /** Collects codecs on top of the built-ins. */
    public static final class Builder {

        private final List<Codec> registered = new ArrayList<>();

        private Builder() {
        }

        /** Adds codecs; each call's codecs take precedence over earlier calls' and over the built-ins. */
        public Builder register(Codec... codecs) {
            List<Codec> batch = new ArrayList<>();
            for (Codec codec : codecs) {
                batch.add(Objects.requireNonNull(codec, "codec"));
            }
            registered.addAll(0, batch);
            return this;
        }

        /** Registers every {@code io.pgfast.codec.Codec} service that {@link ServiceLoader} finds in {@code loader}. */
        public Builder loadServiceCodecs(ClassLoader loader) {
            List<Codec> found = new ArrayList<>();
            for (Codec codec : ServiceLoader.load(Codec.class, loader)) {
                found.add(codec);
            }
            return register(found.toArray(new Codec[0]));
        }

        public DefaultCodecRegistry build() {
            List<Codec> all = new ArrayList<>(registered);
            all.addAll(BUILTIN_CODECS);
            return new DefaultCodecRegistry(all, List.of());
        }
    }
}
