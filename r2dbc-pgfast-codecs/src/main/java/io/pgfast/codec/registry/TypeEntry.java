package io.pgfast.codec.registry;

import io.pgfast.codec.Codec;
import io.pgfast.codec.PgType;
import io.pgfast.codec.Format;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.compat.internal.CompatType;
import io.pgfast.codec.compat.internal.CompatTypes;
import io.pgfast.codec.io.Utf8Strings;

import java.util.Arrays;

/**
 * What one registry knows about one type: its owning codec and the decoders and encoders planned
 * for it so far.
 *
 * <p>Plans are made on first request and kept in copy-on-write arrays read without locks. Two
 * threads planning the same (format, class) at once may both plan it and one array may lose the
 * other's entry; that costs a second planning later, never a wrong decoder, because plans are
 * stateless and equivalent. Published through volatile fields, so a reader sees a complete plan.
 */
final class TypeEntry {

    /** The text form of any type, as a String (UTF-8). */
    static final Decoder<String> TEXT_AS_STRING = Utf8Strings::read;

    private static final Plan[] NO_PLANS = new Plan[0];

    /** The type as the server names it. */
    final PgType type;
    /** The type the codec sees: {@link #type} itself, or for a domain without a codec its base type. */
    final PgType codecType;
    /** The owning codec; {@code null} when no codec handles the type (it is read as text only). */
    final Codec codec;

    private volatile Decoder<?> textDefault;
    private volatile Decoder<?> binaryDefault;
    private volatile Class<?> javaType;
    /** 0 not asked yet, 1 binary decodable, 2 text only. */
    private volatile int binaryState;
    private volatile Plan[] textPlans = NO_PLANS;
    private volatile Plan[] binaryPlans = NO_PLANS;
    private volatile Plan[] encoderPlans = NO_PLANS;

    TypeEntry(PgType type, PgType codecType, Codec codec) {
        this.type = type;
        this.codecType = codecType;
        this.codec = codec;
    }

    /** {@code "int4 (oid 23)"}. */
    String describe() {
        return type.name() + " (oid " + Integer.toUnsignedString(type.oid()) + ")";
    }

    Class<?> javaType(DefaultCodecRegistry registry) {
        Class<?> t = javaType;
        if (t == null) {
            t = codec == null ? String.class : codec.javaType(codecType, registry);
            if (t == null) {
                throw new IllegalStateException(codec.getClass().getName() + " names no Java type for " + describe());
            }
            javaType = t;
        }
        return t;
    }

    boolean binary(DefaultCodecRegistry registry) {
        int state = binaryState;
        if (state == 0) {
            state = codec != null && codec.binary(codecType, registry) ? 1 : 2;
            binaryState = state;
        }
        return state == 1;
    }

    Decoder<?> defaultDecoder(Format format, DefaultCodecRegistry registry) {
        Decoder<?> d = format == Format.TEXT ? textDefault : binaryDefault;
        if (d == null) {
            d = planDefault(format, registry);
            if (format == Format.TEXT) {
                textDefault = d;
            } else {
                binaryDefault = d;
            }
        }
        return d;
    }

    private Decoder<?> planDefault(Format format, DefaultCodecRegistry registry) {
        if (format == Format.BINARY && !binary(registry)) {
            String message = "no binary decoder for " + describe() + "; ask the server for text format";
            return (buf, index, length) -> {
                throw new CodecException(message);
            };
        }
        if (codec == null) {
            return TEXT_AS_STRING;
        }
        Class<?> target = javaType(registry);
        Decoder<?> d = codec.decoder(codecType, format, target, registry);
        if (d == null && format == Format.TEXT && target == String.class) {
            d = TEXT_AS_STRING;
        }
        if (d == null) {
            throw new IllegalStateException(codec.getClass().getName() + " has no " + format
                    + " decoder for " + describe() + " to its own Java type " + target.getName());
        }
        return d;
    }

    Decoder<?> decoder(Format format, Class<?> target, DefaultCodecRegistry registry) {
        if (target == Object.class) {
            return defaultDecoder(format, registry);
        }
        Plan[] plans = format == Format.TEXT ? textPlans : binaryPlans;
        for (Plan plan : plans) {
            if (plan.target == target) {
                return (Decoder<?>) plan.value;
            }
        }
        Decoder<?> d = plan(format, target, registry);
        Plan[] grown = append(plans, new Plan(target, d));
        if (format == Format.TEXT) {
            textPlans = grown;
        } else {
            binaryPlans = grown;
        }
        return d;
    }

    private Decoder<?> plan(Format format, Class<?> target, DefaultCodecRegistry registry) {
        if (format == Format.BINARY && !binary(registry)) {
            throw new IllegalArgumentException("cannot decode " + describe() + " in binary format");
        }
        if (target.isAssignableFrom(javaType(registry))) {
            return defaultDecoder(format, registry);
        }
        Decoder<?> d = codec == null ? null : codec.decoder(codecType, format, target, registry);
        if (d == null && format == Format.TEXT && target.isAssignableFrom(String.class)) {
            d = TEXT_AS_STRING;
        }
        if (d == null && codec != null) {
            // r2dbc-postgresql's class of this type: the codec's decoder of the class it converts from
            CompatType compat = CompatTypes.of(target);
            if (compat != null && compat.reads(codecType)) {
                d = compat.decoder(decoder(format, compat.carrier(), registry));
            }
        }
        if (d == null) {
            throw new IllegalArgumentException("cannot decode " + describe() + " as " + target.getName());
        }
        return d;
    }

    Encoder<?> encoder(Class<?> valueClass, DefaultCodecRegistry registry) {
        Plan[] plans = encoderPlans;
        for (Plan plan : plans) {
            if (plan.target == valueClass) {
                return (Encoder<?>) plan.value;
            }
        }
        Encoder<?> e = codec == null ? null : codec.encoder(codecType, valueClass, registry);
        if (e == null && codec != null) {
            CompatType compat = CompatTypes.of(valueClass);
            if (compat != null && compat.reads(codecType)) {
                e = compat.encoder(codecType, registry);
            }
        }
        if (e == null) {
            // the class's own encoder, when it already declares this type
            Encoder<?> byClass = registry.encoderOrNull(valueClass);
            if (byClass != null && byClass.nullOid() == type.oid()) {
                e = byClass;
            }
        }
        if (e == null && valueClass == String.class) {
            e = new TextAsTypeEncoder(type.oid());
        }
        if (e == null) {
            throw new IllegalArgumentException("cannot encode " + valueClass.getName() + " as " + describe());
        }
        encoderPlans = append(plans, new Plan(valueClass, e));
        return e;
    }

    private static Plan[] append(Plan[] plans, Plan plan) {
        Plan[] grown = Arrays.copyOf(plans, plans.length + 1);
        grown[plans.length] = plan;
        return grown;
    }

    /** A planned decoder or encoder for one Java class. */
    private static final class Plan {
        final Class<?> target;
        final Object value;

        Plan(Class<?> target, Object value) {
            this.target = target;
            this.value = value;
        }
    }
}
