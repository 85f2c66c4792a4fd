package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Box;
import io.pgfast.codec.type.Circle;
import io.pgfast.codec.type.Line;
import io.pgfast.codec.type.LineSegment;
import io.pgfast.codec.type.Path;
import io.pgfast.codec.type.Point;
import io.pgfast.codec.type.Polygon;

/**
 * The geometric types point, line, lseg, box, path, polygon and circle, as {@link Point},
 * {@link Line}, {@link LineSegment}, {@link Box}, {@link Path}, {@link Polygon} and {@link Circle}
 * (formats in {@link GeometricBinary} and {@link GeometricText}). Binary also decodes to the
 * String the output function prints, numbers rendered by the float8 codec. Each class encodes in
 * binary as its type.
 */
public final class GeometricCodec extends OidSetCodec {

    private static final Encoder<Point> POINT = new SimpleEncoder<>(Oid.POINT, Format.BINARY, GeometricBinary::writePoint);
    private static final Encoder<Line> LINE = new SimpleEncoder<>(Oid.LINE, Format.BINARY, GeometricBinary::writeLine);
    private static final Encoder<LineSegment> LSEG = new SimpleEncoder<>(Oid.LSEG, Format.BINARY, GeometricBinary::writeLineSegment);
    private static final Encoder<Box> BOX = new SimpleEncoder<>(Oid.BOX, Format.BINARY, GeometricBinary::writeBox);
    private static final Encoder<Path> PATH = new SimpleEncoder<>(Oid.PATH, Format.BINARY, GeometricBinary::writePath);
    private static final Encoder<Polygon> POLYGON = new SimpleEncoder<>(Oid.POLYGON, Format.BINARY, GeometricBinary::writePolygon);
    private static final Encoder<Circle> CIRCLE = new SimpleEncoder<>(Oid.CIRCLE, Format.BINARY, GeometricBinary::writeCircle);

    public GeometricCodec() {
        super(Oid.POINT, Oid.LINE, Oid.LSEG, Oid.BOX, Oid.PATH, Oid.POLYGON, Oid.CIRCLE);
    }

    @Override
    public Class<?> javaType(PgType type, CodecRegistry registry) {
        return javaType(type.oid());
    }

    private static Class<?> javaType(int oid) {
        switch (oid) {
            case Oid.POINT:
                return Point.class;
            case Oid.LINE:
                return Line.class;
            case Oid.LSEG:
                return LineSegment.class;
            case Oid.BOX:
                return Box.class;
            case Oid.PATH:
                return Path.class;
            case Oid.POLYGON:
                return Polygon.class;
            case Oid.CIRCLE:
                return Circle.class;
            default:
                return null;
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Decoder<T> decoder(PgType type, Format format, Class<T> target, CodecRegistry registry) {
        if (target == String.class) {
            return format == Format.BINARY
                    ? (Decoder<T>) new GeometricBinary.ToText(type.oid(), type.name(), registry.decoder(Oid.FLOAT8, Format.BINARY, String.class))
                    : null;
        }
        if (target != javaType(type.oid())) {
            return null;
        }
        boolean binary = format == Format.BINARY;
        switch (type.oid()) {
            case Oid.POINT:
                return (Decoder<T>) (binary ? (Decoder<Point>) GeometricBinary::point : (Decoder<Point>) GeometricText::point);
            case Oid.LINE:
                return (Decoder<T>) (binary ? (Decoder<Line>) GeometricBinary::line : (Decoder<Line>) GeometricText::line);
            case Oid.LSEG:
                return (Decoder<T>) (binary ? (Decoder<LineSegment>) GeometricBinary::lineSegment : (Decoder<LineSegment>) GeometricText::lineSegment);
            case Oid.BOX:
                return (Decoder<T>) (binary ? (Decoder<Box>) GeometricBinary::box : (Decoder<Box>) GeometricText::box);
            case Oid.PATH:
                return (Decoder<T>) (binary ? (Decoder<Path>) GeometricBinary::path : (Decoder<Path>) GeometricText::path);
            case Oid.POLYGON:
                return (Decoder<T>) (binary ? (Decoder<Polygon>) GeometricBinary::polygon : (Decoder<Polygon>) GeometricText::polygon);
            default:
                return (Decoder<T>) (binary ? (Decoder<Circle>) GeometricBinary::circle : (Decoder<Circle>) GeometricText::circle);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Encoder<T> encoder(Class<T> valueClass, CodecRegistry registry) {
        if (valueClass == Point.class) {
            return (Encoder<T>) POINT;
        } else if (valueClass == Line.class) {
            return (Encoder<T>) LINE;
        } else if (valueClass == LineSegment.class) {
            return (Encoder<T>) LSEG;
        } else if (valueClass == Box.class) {
            return (Encoder<T>) BOX;
        } else if (valueClass == Path.class) {
            return (Encoder<T>) PATH;
        } else if (valueClass == Polygon.class) {
            return (Encoder<T>) POLYGON;
        } else if (valueClass == Circle.class) {
            return (Encoder<T>) CIRCLE;
        }
        return null;
    }

    @Override
    public <T> Encoder<T> encoder(PgType type, Class<T> valueClass, CodecRegistry registry) {
        return valueClass == javaType(type.oid()) ? encoder(valueClass, registry) : null;
    }
}
