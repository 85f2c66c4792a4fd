package io.pgfast.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.type.PgVector;
import io.pgfast.codec.type.SparseVector;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.LinearRing;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Valid encodings of pgvector's and PostGIS's types (OIDs as discovery would find them in a database): random
 * {@link PgVector}s, {@link SparseVector}s, halfvec floats and JTS geometries (every kind, SRID or none, Z, M,
 * empty, nested collections), encoded in binary by the registry's encoder for the type; the text form is the
 * binary one rendered by the codec's binary-to-String decoder, which prints what the server prints.
 */
final class ExtensionSamples {

    static final PgType VECTOR = PgType.builder(16390, "vector").schema("public").arrayOid(16397).build();
    static final PgType VECTOR_ARRAY = PgType.builder(16397, "_vector").schema("public").category('A').elementOid(16390).build();
    static final PgType HALFVEC = PgType.builder(16710, "halfvec").schema("public").arrayOid(16717).build();
    static final PgType SPARSEVEC = PgType.builder(16793, "sparsevec").schema("public").arrayOid(16800).build();
    static final PgType GEOMETRY = PgType.builder(17436, "geometry").schema("public").arrayOid(17443).build();
    static final PgType GEOMETRY_ARRAY = PgType.builder(17443, "_geometry").schema("public").category('A').elementOid(17436).build();
    static final PgType GEOGRAPHY = PgType.builder(18032, "geography").schema("public").arrayOid(18039).build();
    static final List<PgType> TYPES = List.of(VECTOR, VECTOR_ARRAY, HALFVEC, SPARSEVEC, GEOMETRY, GEOMETRY_ARRAY, GEOGRAPHY);

    private final CodecRegistry registry;
    private final Random random;

    ExtensionSamples(CodecRegistry registry, Random random) {
        this.registry = registry;
        this.random = random;
    }

    /** The built-in registry with {@link #TYPES} discovered. */
    static CodecRegistry registry() {
        return DefaultCodecRegistry.builtins().withTypes(TYPES);
    }

    /** {@code count} valid encodings per format of {@code type}. */
    Map<Format, List<byte[]>> encodings(PgType type, int count) {
        Map<Format, List<byte[]>> out = new EnumMap<>(Format.class);
        out.put(Format.BINARY, new ArrayList<>());
        out.put(Format.TEXT, new ArrayList<>());
        for (int i = 0; i < count; i++) {
            byte[] binary = binary(type);
            out.get(Format.BINARY).add(binary);
            ByteBuf buf = Unpooled.wrappedBuffer(binary);
            String text = registry.decoder(type.oid(), Format.BINARY, String.class).decode(buf, 0, binary.length);
            out.get(Format.TEXT).add(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return out;
    }

    private byte[] binary(PgType type) {
        if (type == VECTOR) {
            return encode(type, PgVector.class, PgVector.of(floats(1 + random.nextInt(12), false)));
        } else if (type == HALFVEC) {
            return encode(type, float[].class, floats(1 + random.nextInt(12), true));
        } else if (type == SPARSEVEC) {
            float[] dense = floats(1 + random.nextInt(12), false);
            for (int i = 0; i < dense.length; i++) {
                dense[i] = random.nextInt(3) == 0 ? dense[i] : 0;
            }
            return encode(type, SparseVector.class, SparseVector.fromDense(dense));
        } else if (type == VECTOR_ARRAY) {
            PgVector[] vectors = new PgVector[random.nextInt(4)];
            for (int i = 0; i < vectors.length; i++) {
                vectors[i] = random.nextInt(5) == 0 ? null : PgVector.of(floats(1 + random.nextInt(5), false));
            }
            return encode(type, PgVector[].class, vectors);
        } else if (type == GEOMETRY_ARRAY) {
            GeometryFactory factory = factory();
            Geometry[] geometries = new Geometry[random.nextInt(4)];
            for (int i = 0; i < geometries.length; i++) {
                geometries[i] = random.nextInt(5) == 0 ? null : geometry(factory, ordinates(), 0);
            }
            return encode(type, Geometry[].class, geometries);
        }
        return encode(type, Geometry.class, geometry(factory(), ordinates(), 0));
    }

    @SuppressWarnings("unchecked")
    private <T> byte[] encode(PgType type, Class<T> javaClass, T value) {
        Encoder<T> encoder = registry.encoder(type.oid(), javaClass);
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.encode(value, out);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    private float[] floats(int n, boolean half) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            // halves: multiples of 1/8 up to 512 are exact
            values[i] = half ? (random.nextInt(8193) - 4096) / 8f : (float) (random.nextGaussian() * Math.pow(10, random.nextInt(20) - 10));
        }
        return values;
    }

    private GeometryFactory factory() {
        return new GeometryFactory(new PrecisionModel(), random.nextBoolean() ? 0 : 4326);
    }

    /** 0 XY, 1 XYZ, 2 XYM, 3 XYZM. */
    private int ordinates() {
        return random.nextInt(4);
    }

    private Coordinate coordinate(int ordinates) {
        double x = random.nextInt(2000) / 10.0 - 100;
        double y = random.nextInt(1800) / 10.0 - 90;
        switch (ordinates) {
            case 1:
                return new Coordinate(x, y, random.nextInt(100));
            case 2:
                return new CoordinateXYM(x, y, random.nextInt(100));
            case 3:
                return new CoordinateXYZM(x, y, random.nextInt(100), random.nextInt(100));
            default:
                return new Coordinate(x, y);
        }
    }

    private Coordinate[] line(int ordinates, int n) {
        Coordinate[] c = new Coordinate[n];
        for (int i = 0; i < n; i++) {
            c[i] = coordinate(ordinates);
        }
        return c;
    }

    private LinearRing ring(GeometryFactory factory, int ordinates) {
        Coordinate[] c = line(ordinates, 3 + random.nextInt(4));
        Coordinate[] closed = java.util.Arrays.copyOf(c, c.length + 1);
        closed[c.length] = c[0].copy();
        return factory.createLinearRing(closed);
    }

    private Geometry geometry(GeometryFactory factory, int ordinates, int depth) {
        boolean empty = random.nextInt(10) == 0;
        switch (random.nextInt(depth > 2 ? 3 : 7)) {
            case 0:
                return empty ? factory.createPoint() : factory.createPoint(coordinate(ordinates));
            case 1:
                return factory.createLineString(empty ? new Coordinate[0] : line(ordinates, 2 + random.nextInt(4)));
            case 2:
                if (empty) {
                    return factory.createPolygon();
                }
                LinearRing[] holes = new LinearRing[random.nextInt(2)];
                for (int i = 0; i < holes.length; i++) {
                    holes[i] = ring(factory, ordinates);
                }
                return factory.createPolygon(ring(factory, ordinates), holes);
            case 3: {
                Point[] points = new Point[random.nextInt(4)];
                for (int i = 0; i < points.length; i++) {
                    points[i] = factory.createPoint(coordinate(ordinates));
                }
                return factory.createMultiPoint(points);
            }
            case 4: {
                LineString[] lines = new LineString[random.nextInt(3)];
                for (int i = 0; i < lines.length; i++) {
                    lines[i] = factory.createLineString(line(ordinates, 2 + random.nextInt(3)));
                }
                return factory.createMultiLineString(lines);
            }
            case 5: {
                Polygon[] polygons = new Polygon[random.nextInt(3)];
                for (int i = 0; i < polygons.length; i++) {
                    polygons[i] = factory.createPolygon(ring(factory, ordinates));
                }
                return factory.createMultiPolygon(polygons);
            }
            default: {
                Geometry[] members = new Geometry[random.nextInt(4)];
                for (int i = 0; i < members.length; i++) {
                    members[i] = geometry(factory, ordinates, depth + 1);
                }
                return factory.createGeometryCollection(members);
            }
        }
    }
}
