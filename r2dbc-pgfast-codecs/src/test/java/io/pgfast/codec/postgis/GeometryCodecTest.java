package io.pgfast.codec.postgis;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.testing.Buffers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Golden bytes and literals from PostgreSQL 15 with PostGIS 3.3 (geometry_send, geometry_out). */
class GeometryCodecTest {

    static final PgType GEOMETRY = PgType.builder(17436, "geometry").schema("public").arrayOid(17443).build();
    static final PgType GEOMETRY_ARRAY = PgType.builder(17443, "_geometry").schema("public").category('A').elementOid(17436).build();
    static final PgType GEOGRAPHY = PgType.builder(18032, "geography").schema("public").arrayOid(18039).build();
    static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins().withTypes(List.of(GEOMETRY, GEOMETRY_ARRAY, GEOGRAPHY));

    private static final GeometryFactory WGS84 = new GeometryFactory(new PrecisionModel(), 4326);
    private static final GeometryFactory PLAIN = new GeometryFactory();

    /** 'SRID=4326;POINT(1 2)'::geometry */
    private static final String POINT_4326 = "0101000020E6100000000000000000F03F0000000000000040";

    private static byte[] hex(String... fields) {
        return ByteBufUtil.decodeHexDump(String.join("", fields).replace(" ", ""));
    }

    /** Decodes from every buffer shape (1-byte fragments among them); all results must be equal. */
    private static Object decode(Decoder<?> decoder, byte[] bytes) {
        List<Object> results = new ArrayList<>();
        for (Buffers shape : Buffers.values()) {
            ByteBuf buf = shape.withPrefix(bytes);
            try {
                results.add(decoder.decode(buf, Buffers.PREFIX.length, bytes.length));
            } finally {
                buf.release();
            }
        }
        for (Object r : results) {
            assertThat(r instanceof Geometry ? ((Geometry) r).equalsExact((Geometry) results.get(0)) : Objects.deepEquals(r, results.get(0)))
                    .as("same result from every buffer shape: %s", results).isTrue();
        }
        return results.get(0);
    }

    private static byte[] encode(Encoder<Object> encoder, Object value) {
        ByteBuf out = Unpooled.buffer();
        try {
            encoder.encode(value, out);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    @SuppressWarnings("unchecked")
    private static Encoder<Object> encoderOf(CodecRegistry registry, Object value) {
        return (Encoder<Object>) registry.encoder(value.getClass());
    }

    @Test
    void foundByName() {
        assertThat(DefaultCodecRegistry.builtins().extensionTypeNames()).contains("geometry", "geography");
        assertThat(REGISTRY.javaType(GEOMETRY.oid())).isEqualTo(Geometry.class);
        assertThat(REGISTRY.javaType(GEOGRAPHY.oid())).isEqualTo(Geometry.class);
        assertThat(REGISTRY.binaryDecodable(GEOMETRY.oid())).isTrue();
    }

    @Test
    void pointWithSrid() {
        byte[] golden = hex(
                "01", // little-endian
                "01000020", // Point, SRID flag
                "E6100000", // SRID 4326
                "000000000000F03F", // x = 1
                "0000000000000040"); // y = 2
        Point point = (Point) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), golden);
        assertThat(point.getSRID()).isEqualTo(4326);
        assertThat(point.getFactory().getSRID()).isEqualTo(4326);
        assertThat(point.getX()).isEqualTo(1.0);
        assertThat(point.getY()).isEqualTo(2.0);
        assertThat(decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, Point.class), golden)).isInstanceOf(Point.class);
        assertThat(decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, String.class), golden)).isEqualTo(POINT_4326);
        assertThat(decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, byte[].class), golden)).isEqualTo(golden);
        Point text = (Point) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.TEXT), POINT_4326.getBytes(StandardCharsets.US_ASCII));
        assertThat(text.equalsExact(point)).isTrue();
        assertThat(text.getSRID()).isEqualTo(4326);
        assertThat(decode(REGISTRY.decoder(GEOGRAPHY.oid(), Format.BINARY, Geometry.class), golden)).isInstanceOf(Point.class);

        Point jts = WGS84.createPoint(new Coordinate(1, 2));
        Encoder<Object> encoder = encoderOf(REGISTRY, jts);
        assertThat(encoder.oid(jts)).isEqualTo(GEOMETRY.oid());
        assertThat(encoder.format()).isEqualTo(Format.BINARY);
        assertThat(encode(encoder, jts)).isEqualTo(golden);
        assertThat(REGISTRY.encoder(GEOGRAPHY.oid(), Point.class).oid(null)).isEqualTo(GEOGRAPHY.oid());
    }

    @Test
    void beforeDiscoveryAGeometryIsSentAsHexTextForTheServerToType() {
        Point jts = WGS84.createPoint(new Coordinate(1, 2));
        Encoder<Object> encoder = encoderOf(DefaultCodecRegistry.builtins(), jts);
        assertThat(encoder.oid(jts)).isZero();
        assertThat(encoder.format()).isEqualTo(Format.TEXT);
        assertThat(new String(encode(encoder, jts), StandardCharsets.US_ASCII)).isEqualTo(POINT_4326);
    }

    @Test
    void zAndMOrdinates() {
        // 'POINT Z (1 2 3)'::geometry, then 'LINESTRING M (1 2 3, 4 5 6)', 'POINT ZM (1 2 3 4)'
        byte[] z = hex("01", "01000080", "000000000000F03F", "0000000000000040", "0000000000000840");
        Point point = (Point) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), z);
        assertThat(point.getCoordinate().getZ()).isEqualTo(3.0);
        assertThat(encode(encoderOf(REGISTRY, point), point)).isEqualTo(z);

        byte[] m = hex("01", "02000040", "02000000", // LineString with M, 2 points
                "000000000000F03F", "0000000000000040", "0000000000000840", // 1 2 m=3
                "0000000000001040", "0000000000001440", "0000000000001840"); // 4 5 m=6
        LineString line = (LineString) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), m);
        assertThat(line.getCoordinateSequence().getM(1)).isEqualTo(6.0);
        assertThat(Double.isNaN(line.getCoordinateSequence().getZ(1))).isTrue();
        assertThat(encode(encoderOf(REGISTRY, line), line)).isEqualTo(m);

        byte[] zm = hex("01", "010000C0", "000000000000F03F", "0000000000000040", "0000000000000840", "0000000000001040");
        Point pointZm = (Point) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), zm);
        assertThat(pointZm.getCoordinateSequence().getZ(0)).isEqualTo(3.0);
        assertThat(pointZm.getCoordinateSequence().getM(0)).isEqualTo(4.0);
        assertThat(encode(encoderOf(REGISTRY, pointZm), pointZm)).isEqualTo(zm);

        // the same in ISO WKB codes (3001 = Point ZM), big-endian
        byte[] iso = hex("00", "00000BB9", "3FF0000000000000", "4000000000000000", "4008000000000000", "4010000000000000");
        assertThat(((Geometry) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), iso)).equalsExact(pointZm)).isTrue();
        Point xym = PLAIN.createPoint(new CoordinateXYM(1, 2, 3));
        assertThat(ByteBufUtil.hexDump(encode(encoderOf(REGISTRY, xym), xym)).toUpperCase())
                .isEqualTo("0101000040000000000000F03F00000000000000400000000000000840");
    }

    @Test
    void emptyGeometries() {
        byte[] emptyPoint = hex("01", "01000000", "000000000000F87F", "000000000000F87F"); // 'POINT EMPTY': NaN NaN
        Point point = (Point) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), emptyPoint);
        assertThat(point.isEmpty()).isTrue();
        assertThat(encode(encoderOf(REGISTRY, point), point)).isEqualTo(emptyPoint);
        byte[] emptyPolygon = hex("01", "03000000", "00000000"); // 'POLYGON EMPTY'
        Polygon polygon = (Polygon) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), emptyPolygon);
        assertThat(polygon.isEmpty()).isTrue();
        assertThat(encode(encoderOf(REGISTRY, polygon), polygon)).isEqualTo(emptyPolygon);
    }

    @Test
    void polygonAndCollections() {
        // 'POLYGON((0 0,1 0,1 1,0 0))'
        byte[] polygon = hex("01", "03000000", "01000000", "04000000",
                "0000000000000000", "0000000000000000", "000000000000F03F", "0000000000000000",
                "000000000000F03F", "000000000000F03F", "0000000000000000", "0000000000000000");
        Polygon p = (Polygon) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, Polygon.class), polygon);
        assertThat(p.getExteriorRing().getNumPoints()).isEqualTo(4);
        assertThat(encode(encoderOf(REGISTRY, p), p)).isEqualTo(polygon);
        // 'SRID=3857;MULTIPOINT(1 2, 3 4)'
        byte[] multiPoint = hex("01", "04000020", "110F0000", "02000000",
                "01", "01000000", "000000000000F03F", "0000000000000040",
                "01", "01000000", "0000000000000840", "0000000000001040");
        MultiPoint mp = (MultiPoint) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), multiPoint);
        assertThat(mp.getSRID()).isEqualTo(3857);
        assertThat(mp.getGeometryN(1).getSRID()).isEqualTo(3857);
        assertThat(encode(encoderOf(REGISTRY, mp), mp)).isEqualTo(multiPoint);
        // 'GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1))'
        byte[] collection = hex("01", "07000000", "02000000",
                "01", "01000000", "000000000000F03F", "0000000000000040",
                "01", "02000000", "02000000", "0000000000000000", "0000000000000000", "000000000000F03F", "000000000000F03F");
        GeometryCollection gc = (GeometryCollection) decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, GeometryCollection.class), collection);
        assertThat(gc.getGeometryN(1)).isInstanceOf(LineString.class);
        assertThat(encode(encoderOf(REGISTRY, gc), gc)).isEqualTo(collection);
    }

    @Test
    void anotherKindThanAskedIsRefused() {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, Polygon.class), hex(POINT_4326)))
                .isInstanceOf(CodecException.class).hasMessageContaining("holding a Point as org.locationtech.jts.geom.Polygon");
    }

    @Test
    void arraysOfGeometry() {
        byte[] point = hex(POINT_4326);
        byte[] golden = hex("00000001", "00000000", "0000441C", // 1 dimension, no NULLs, element geometry (17436)
                "00000001", "00000001", // 1 element, lower bound 1
                String.format("%08x", point.length), POINT_4326);
        Object[] decoded = (Object[]) decode(REGISTRY.decoder(GEOMETRY_ARRAY.oid(), Format.BINARY), golden);
        assertThat(decoded).hasSize(1);
        assertThat(((Point) decoded[0]).getSRID()).isEqualTo(4326);
        Point[] points = {WGS84.createPoint(new Coordinate(1, 2))};
        assertThat(encode(encoderOf(REGISTRY, points), points)).isEqualTo(golden);
        Object[] text = (Object[]) decode(REGISTRY.decoder(GEOMETRY_ARRAY.oid(), Format.TEXT),
                ("{" + POINT_4326 + ":" + POINT_4326 + "}").replace(':', ',').getBytes(StandardCharsets.US_ASCII));
        assertThat(text).hasSize(2);
    }

    @Test
    void curvesHaveNoJtsClass() {
        // 'CIRCULARSTRING(0 0,1 1,2 0)'
        byte[] circular = hex("01", "08000000", "03000000", "0000000000000000", "0000000000000000",
                "000000000000F03F", "000000000000F03F", "0000000000000040", "0000000000000000");
        assertThatThrownBy(() -> decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), circular))
                .isInstanceOf(CodecException.class).hasMessageContaining("read the column as String");
        assertThat(decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY, String.class), circular))
                .isEqualTo("01080000000300000000000000000000000000000000000000000000000000F03F000000000000F03F00000000000000400000000000000000");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", // nothing
        "02 01000000 000000000000F03F 0000000000000040", // byte order 2
        "01 01000000 000000000000F03F", // a point without y
        "01 01000000 000000000000F03F 0000000000000040 00", // a trailing byte
        "01 02000000 FFFFFF7F", // 2^31-1 points in 0 bytes
        "01 03000000 01000000 02000000 0000000000000000 0000000000000000 000000000000F03F 0000000000000000", // an open ring of 2
        "01 04000000 01000000 01 02000000 00000000", // a line string in a multipoint
        "01 63000000", // type 99
        "01 01000020 E6100000"}) // SRID then nothing
    void malformedEwkbIsRefused(String bytes) {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), hex(bytes)))
                .isInstanceOf(CodecException.class).hasMessageContaining("malformed EWKB in a geometry value");
    }

    @Test
    void deepNestingIsRefused() {
        StringBuilder nested = new StringBuilder();
        for (int i = 0; i <= EwkbReader.MAX_DEPTH + 1; i++) {
            nested.append("01 07000000 01000000 ");
        }
        assertThatThrownBy(() -> decode(REGISTRY.decoder(GEOMETRY.oid(), Format.BINARY), hex(nested.toString())))
                .isInstanceOf(CodecException.class).hasMessageContaining("nested deeper than 64");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0101000020E6100000000000000000F03F000000000000004G", "0101000020"})
    void malformedHexIsRefused(String text) {
        assertThatThrownBy(() -> decode(REGISTRY.decoder(GEOMETRY.oid(), Format.TEXT), text.getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(CodecException.class).hasMessageContaining("geometry");
    }
}
