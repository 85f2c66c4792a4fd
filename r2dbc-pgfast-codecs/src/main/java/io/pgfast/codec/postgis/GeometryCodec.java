package io.pgfast.codec.postgis;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.builtin.SimpleEncoder;
import io.pgfast.codec.oid.Oid;
import org.locationtech.jts.geom.Geometry;

import java.util.Set;

/**
 * PostGIS {@code geometry} and {@code geography} (their OIDs differ per database: found by {@code typname}) as
 * JTS geometries: {@link Geometry} by default, or any JTS subclass asked for ({@code Point}, {@code Polygon},
 * ...; a value of another kind is a {@link CodecException} naming both), with the SRID in the geometry's
 * factory, Z and M ordinates, empty geometries; as the hex EWKB text the server prints ({@code String}), and
 * as the raw EWKB bytes ({@code byte[]}). Binary format is EWKB ({@link EwkbReader}); text is its hex
 * ({@link HexEwkb}).
 *
 * <p>Encodes any JTS geometry, with its SRID, as binary EWKB declared as the database's {@code geometry} once
 * discovery has found it (a geography column takes it through PostGIS's geometry-to-geography cast), or as
 * the declared type of a typed parameter; before discovery, as hex EWKB text with OID 0, which the server
 * reads as whichever of the two the statement needs.
 */
final class GeometryCodec implements Codec {

    static final String GEOMETRY = "geometry";
    static final String GEOGRAPHY = "geography";

    private static final Encoder<Geometry> TEXT_UNSPECIFIED = new SimpleEncoder<>(Oid.UNSPECIFIED, Format.TEXT, GeometryCodec::writeHex);

    @Override
    public boolean handles(PgType type) {
        return type.kind() == PgType.Kind.BASE && (GEOMETRY.equals(type.name()) || GEOGRAPHY.equals(type.name()));
    }

    @Override
    public Set<String> typeNames() {
        return Set.of(GEOMETRY, GEOGRAPHY);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return Geometry.class;
    }

    @Override
    public boolean binary(PgType type, CodecRegistry registry) {
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        String name = type.name();
        boolean binary = format == Format.BINARY;
        if (target == String.class) {
            return binary ? (Decoder<T>) (Decoder<String>) HexEwkb::render : null;
        }
        if (target == byte[].class) {
            return (Decoder<T>) (Decoder<byte[]>) (buf, index, length) -> binary
                    ? ByteBufUtil.getBytes(buf, index, length)
                    : HexEwkb.parse(buf, index, length, name);
        }
        if (!Geometry.class.isAssignableFrom(target)) {
            return null;
        }
        Decoder<Geometry> geometry = binary
                ? (buf, index, length) -> EwkbReader.read(buf, index, length, name)
                : (buf, index, length) -> EwkbReader.read(Unpooled.wrappedBuffer(HexEwkb.parse(buf, index, length, name)), 0, length / 2, name);
        if (target == Geometry.class) {
            return (Decoder<T>) geometry;
        }
        return (buf, index, length) -> {
            Geometry value = geometry.decode(buf, index, length);
            if (!target.isInstance(value)) {
                throw new CodecException("cannot decode a " + name + " holding a " + value.getGeometryType() + " as " + target.getName());
            }
            return target.cast(value);
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (!Geometry.class.isAssignableFrom(valueClass)) {
            return null;
        }
        return (Encoder<T>) registry.typeNamed(GEOMETRY).filter(this::handles)
                .map(type -> binary(type.oid()))
                .orElse(TEXT_UNSPECIFIED);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return Geometry.class.isAssignableFrom(valueClass) ? (Encoder<T>) binary(type.oid()) : null;
    }

    private static Encoder<Geometry> binary(int oid) {
        return new SimpleEncoder<>(oid, Format.BINARY, EwkbWriter::write);
    }

    private static void writeHex(Geometry value, ByteBuf out) {
        ByteBuf ewkb = out.alloc().heapBuffer();
        try {
            EwkbWriter.write(value, ewkb);
            HexEwkb.write(ewkb, out);
        } finally {
            ewkb.release();
        }
    }
}
