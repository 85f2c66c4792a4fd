package io.pgfast.codec.compat.internal;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;

import java.util.Set;
import java.util.function.Function;

/**
 * How the driver reads and writes one of r2dbc-postgresql's value classes, as found in one class loader.
 * Made once per class (see {@link CompatTypes#of}); its decoders and encoders are planned once per column and
 * per bound class, like every other.
 */
public abstract class CompatType {

    /** The r2dbc-postgresql class. */
    final Class<?> type;
    private final Set<String> typeNames;

    CompatType(Class<?> type, Set<String> typeNames) {
        this.type = type;
        this.typeNames = typeNames;
    }

    /** Whether values of this class are read from, and written as, {@code type} (by its name: json, point, ...). */
    public boolean reads(PgType type) {
        return typeNames.contains(type.name());
    }

    /** The class the column's codec decodes to, which {@link #decoder} converts to this class. */
    public abstract Class<?> carrier();

    /** A decoder of this class from {@code carrier}, the column's decoder of {@link #carrier()}. */
    public abstract Decoder<?> decoder(Decoder<?> carrier);

    /** The encoder of values of this class (and its subclasses) bound without a stated type. */
    public abstract Encoder<?> encoder(CodecRegistry registry);

    /** The encoder of values of this class bound as {@code type}, one that {@link #reads}. */
    public abstract Encoder<?> encoder(PgType type, CodecRegistry registry);

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + type.getName() + " as " + typeNames + "]";
    }

    /** A class converted to and from one of the driver's own types, whose codec does the rest. */
    static final class Converted extends CompatType {

        private final Class<?> carrier;
        private final Function<Object, Object> toCarrier;
        private final Function<Object, Object> fromCarrier;

        Converted(Class<?> type, Class<?> carrier, Function<Object, Object> toCarrier, Function<Object, Object> fromCarrier,
                  String... typeNames) {
            super(type, Set.of(typeNames));
            this.carrier = carrier;
            this.toCarrier = toCarrier;
            this.fromCarrier = fromCarrier;
        }

        @Override
        public Class<?> carrier() {
            return carrier;
        }

        @Override
        public Decoder<?> decoder(Decoder<?> carrier) {
            return (buf, index, length) -> {
                Object value = carrier.decode(buf, index, length);
                try {
                    return fromCarrier.apply(value);
                } catch (ArithmeticException | IllegalArgumentException e) {
                    throw new CodecException("cannot read " + value + " as " + type.getName() + ": " + e.getMessage(), e);
                }
            };
        }

        @Override
        @SuppressWarnings("unchecked")
        public Encoder<?> encoder(CodecRegistry registry) {
            return new Converting((Encoder<Object>) registry.encoder(carrier));
        }

        @Override
        @SuppressWarnings("unchecked")
        public Encoder<?> encoder(PgType type, CodecRegistry registry) {
            return new Converting((Encoder<Object>) registry.encoder(type.oid(), carrier));
        }

        /** Converts each value and hands it to the carrier's encoder. */
        private final class Converting implements Encoder<Object> {

            private final Encoder<Object> carrierEncoder;

            Converting(Encoder<Object> carrierEncoder) {
                this.carrierEncoder = carrierEncoder;
            }

            private Object convert(Object value) {
                try {
                    return toCarrier.apply(value);
                } catch (ArithmeticException | IllegalArgumentException e) {
                    throw new CodecException("cannot send " + value + " (" + type.getName() + "): " + e.getMessage(), e);
                }
            }

            /** The carrier encoder's OID for the converted value: encoders' OIDs depend on the class only. */
            @Override
            public int oid(Object value) {
                return carrierEncoder.oid(convert(value));
            }

            @Override
            public int nullOid() {
                return carrierEncoder.nullOid();
            }

            @Override
            public Format format() {
                return carrierEncoder.format();
            }

            @Override
            public void encode(Object value, ByteBuf out) {
                carrierEncoder.encode(convert(value), out);
            }

            @Override
            public String toString() {
                return type.getName() + " via " + carrierEncoder;
            }
        }
    }
}
