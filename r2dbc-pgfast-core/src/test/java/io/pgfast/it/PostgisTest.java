package io.pgfast.it;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.locationtech.jts.geom.Coordinate;
import org.locationtech.jts.geom.CoordinateXYM;
import org.locationtech.jts.geom.CoordinateXYZM;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.GeometryFactory;
import org.locationtech.jts.geom.LineString;
import org.locationtech.jts.geom.MultiLineString;
import org.locationtech.jts.geom.MultiPoint;
import org.locationtech.jts.geom.MultiPolygon;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.locationtech.jts.geom.PrecisionModel;
import org.locationtech.jts.io.WKTReader;
import reactor.core.publisher.Flux;

import java.sql.ResultSet;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * PostGIS {@code geometry} and {@code geography} through the R2DBC SPI, as JTS geometries, against a server
 * with PostGIS (Debian's {@code postgresql-15-postgis-3}: run with {@code -Dpgfast.test.binaries=local
 * -Dgroups=postgis}); skipped, saying so, on a server without it. Every read is checked in text (simple
 * query) and binary (extended query) results, against what PostGIS itself says of the value.
 */
@Tag(PostgisTest.TAG)
class PostgisTest {

    /** The JUnit tag of the tests that need PostGIS. */
    static final String TAG = "postgis";
    /** With this system property true, a server without PostGIS fails the tests instead of skipping them. */
    static final String REQUIRED = "pgfast.test.requirePostgis";

    private static final GeometryFactory WGS84 = new GeometryFactory(new PrecisionModel(), 4326);

    private PgfastConnection c;

    @BeforeAll
    static void createExtension() throws Exception {
        Optional<String> version;
        try (java.sql.Connection jdbc = TestDb.server().jdbc();
             ResultSet rs = jdbc.createStatement().executeQuery(
                     "SELECT default_version FROM pg_available_extensions WHERE name = 'postgis'")) {
            version = rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
        }
        String missing = "PostGIS is not installed for the test server (PostgreSQL " + TestDb.server().serverVersion()
                + "); run these tests with -Dpgfast.test.binaries=local -Dgroups=" + TAG
                + " where Debian's postgresql-15-postgis-3 is installed";
        // CI's PostGIS run sets it: there a missing PostGIS is a failure, not a skip
        if (version.isEmpty() && Boolean.getBoolean(REQUIRED)) {
            throw new AssertionError(missing + " (-D" + REQUIRED + " is set)");
        }
        assumeTrue(version.isPresent(), missing);
        TestDb.server().execute(
                "CREATE EXTENSION IF NOT EXISTS postgis",
                "DROP SCHEMA IF EXISTS gis CASCADE",
                "CREATE SCHEMA gis",
                "GRANT ALL ON SCHEMA gis TO PUBLIC",
                "CREATE TABLE gis.place (id int PRIMARY KEY, g geometry, geog geography, gs geometry[])",
                "GRANT ALL ON gis.place TO PUBLIC");
    }

    @BeforeEach
    void connect() {
        c = Pg.connect();
        TestDb.run(c, "DELETE FROM gis.place");
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    /** One value: text format without a parameter (simple query), binary with one (extended query). */
    private <T> T read(String sql, boolean binary, Class<T> type) {
        Statement s = binary ? c.createStatement(sql + " WHERE $1 = 1").bind(0, 1) : c.createStatement(sql);
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> Optional.ofNullable(row.get(0, type))))
                .single().block(TestDb.TIMEOUT).orElse(null);
    }

    private static Geometry wkt(String text, int srid) throws Exception {
        Geometry g = new WKTReader(new GeometryFactory(new PrecisionModel(), srid)).read(text);
        return g;
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void aGeometryReadsAsJtsWithItsSrid(boolean binary) {
        Object point = read("SELECT 'SRID=4326;POINT(1 2)'::geometry", binary, Object.class);
        assertThat(point).isInstanceOf(Point.class);
        assertThat(((Point) point).getSRID()).isEqualTo(4326);
        assertThat(((Point) point).getX()).isEqualTo(1.0);
        assertThat(read("SELECT 'SRID=4326;POINT(1 2)'::geometry", binary, Point.class).getY()).isEqualTo(2.0);
        assertThat(read("SELECT 'POINT(1 2)'::geography", binary, Geometry.class).getSRID()).isEqualTo(4326);
        assertThat(read("SELECT NULL::geometry", binary, Geometry.class)).isNull();
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void everyKindAsItsJtsClass(boolean binary) throws Exception {
        String[][] cases = {
            {"LINESTRING(0 0,1 1,2 1)", "LineString"},
            {"POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,2 1,2 2,1 1))", "Polygon"},
            {"MULTIPOINT((1 2),(3 4))", "MultiPoint"},
            {"MULTILINESTRING((0 0,1 1),(2 2,3 3))", "MultiLineString"},
            {"MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))", "MultiPolygon"},
            {"GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1),GEOMETRYCOLLECTION(POINT(3 4)))", "GeometryCollection"}};
        Class<?>[] classes = {LineString.class, Polygon.class, MultiPoint.class, MultiLineString.class, MultiPolygon.class,
            GeometryCollection.class};
        for (int i = 0; i < cases.length; i++) {
            String sql = "SELECT 'SRID=3857;" + cases[i][0] + "'::geometry";
            Object value = read(sql, binary, classes[i]);
            assertThat(value).as(cases[i][0]).isInstanceOf(classes[i]);
            assertThat(((Geometry) value).getGeometryType()).isEqualTo(cases[i][1]);
            assertThat(((Geometry) value).equalsExact(wkt(cases[i][0], 3857))).as(cases[i][0]).isTrue();
            assertThat(((Geometry) value).getSRID()).isEqualTo(3857);
        }
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void zAndMOrdinatesAndEmptyGeometries(boolean binary) {
        Point z = read("SELECT 'POINT Z (1 2 3)'::geometry", binary, Point.class);
        assertThat(z.getCoordinate().getZ()).isEqualTo(3.0);
        LineString m = read("SELECT 'LINESTRING M (1 2 3, 4 5 6)'::geometry", binary, LineString.class);
        assertThat(m.getCoordinateSequence().getM(1)).isEqualTo(6.0);
        Point zm = read("SELECT 'POINT ZM (1 2 3 4)'::geometry", binary, Point.class);
        assertThat(zm.getCoordinateSequence().getZ(0)).isEqualTo(3.0);
        assertThat(zm.getCoordinateSequence().getM(0)).isEqualTo(4.0);
        assertThat(read("SELECT 'POINT EMPTY'::geometry", binary, Point.class).isEmpty()).isTrue();
        assertThat(read("SELECT 'POLYGON EMPTY'::geometry", binary, Polygon.class).isEmpty()).isTrue();
        assertThat(read("SELECT 'GEOMETRYCOLLECTION EMPTY'::geometry", binary, GeometryCollection.class).isEmpty()).isTrue();
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void asStringItIsTheServersHexEwkb(boolean binary) {
        for (String literal : List.of("SRID=4326;POINT(1 2)", "POINT ZM (1 2 3 4)", "CIRCULARSTRING(0 0,1 1,2 0)",
                "SRID=3857;GEOMETRYCOLLECTION(POINT(1 2),POLYGON EMPTY)")) {
            String text = TestDb.one(c, "SELECT '" + literal + "'::geometry::text", String.class);
            assertThat(read("SELECT '" + literal + "'::geometry", binary, String.class)).as(literal).isEqualTo(text);
        }
        String geography = TestDb.one(c, "SELECT 'POINT(1 2)'::geography::text", String.class);
        assertThat(read("SELECT 'POINT(1 2)'::geography", binary, String.class)).isEqualTo(geography)
                .isEqualTo("0101000020E6100000000000000000F03F0000000000000040");
    }

    @Test
    void boundGeometriesKeepTheirSridAndOrdinates() throws Exception {
        Geometry polygon = wkt("POLYGON((0 0,4 0,4 4,0 4,0 0))", 3857);
        Point xyzm = new GeometryFactory(new PrecisionModel(), 4326).createPoint(new CoordinateXYZM(1, 2, 3, 4));
        Point xym = WGS84.createPoint(new CoordinateXYM(1, 2, 5));
        Point plain = WGS84.createPoint(new Coordinate(10, 20));
        Flux.from(c.createStatement("INSERT INTO gis.place (id, g, geog) VALUES ($1, $2, $3)")
                        .bind(0, 1).bind(1, polygon).bind(2, plain).add()
                        .bind(0, 2).bind(1, xyzm).bindNull(2, Point.class).add()
                        .bind(0, 3).bind(1, xym).bind(2, plain)
                        .execute())
                .concatMap(r -> r.getRowsUpdated()).blockLast(TestDb.TIMEOUT);
        assertThat(TestDb.column(c, "SELECT ST_AsEWKT(g) || ' ' || coalesce(ST_AsEWKT(geog), '-') FROM gis.place ORDER BY id", String.class))
                .containsExactly("SRID=3857;POLYGON((0 0,4 0,4 4,0 4,0 0)) SRID=4326;POINT(10 20)",
                        "SRID=4326;POINT(1 2 3 4) -",
                        "SRID=4326;POINTM(1 2 5) SRID=4326;POINT(10 20)");
        for (boolean binary : new boolean[] {false, true}) {
            Geometry back = read("SELECT (SELECT g FROM gis.place WHERE id = 1)", binary, Geometry.class);
            assertThat(back.equalsExact(polygon)).isTrue();
            assertThat(back.getSRID()).isEqualTo(3857);
        }
        // a geometry parameter where a function takes either type, and in an expression the server types
        assertThat(Flux.from(c.createStatement("SELECT ST_SRID($1), ST_Distance($1, $2)").bind(0, plain).bind(1, WGS84.createPoint(new Coordinate(13, 24))).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class) + " " + row.get(1, Double.class))).blockLast(TestDb.TIMEOUT))
                .isEqualTo("4326 5.0");
    }

    @Test
    void arraysOfGeometryBothWays() {
        Point[] points = {WGS84.createPoint(new Coordinate(1, 2)), WGS84.createPoint(new Coordinate(3, 4))};
        Flux.from(c.createStatement("INSERT INTO gis.place (id, gs) VALUES (1, $1)").bind(0, points).execute())
                .concatMap(r -> r.getRowsUpdated()).blockLast(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT array_to_string(ARRAY(SELECT ST_AsEWKT(x) FROM unnest(gs) x), ';') FROM gis.place", String.class))
                .isEqualTo("SRID=4326;POINT(1 2);SRID=4326;POINT(3 4)");
        for (boolean binary : new boolean[] {false, true}) {
            Object value = read("SELECT gs FROM gis.place", binary, Object.class);
            assertThat(value).isInstanceOf(Geometry[].class);
            Geometry[] read = (Geometry[]) value;
            assertThat(read).hasSize(2);
            assertThat(read[1].equalsExact(points[1])).isTrue();
            assertThat(read[1].getSRID()).isEqualTo(4326);
            assertThat(read("SELECT gs FROM gis.place", binary, Point[].class)).hasSize(2);
        }
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void aValueJtsCannotHoldIsAClearErrorAndTheConnectionGoesOn(boolean binary) {
        assertThatThrownBy(() -> read("SELECT 'CIRCULARSTRING(0 0,1 1,2 0)'::geometry", binary, Geometry.class))
                .isInstanceOf(R2dbcException.class).hasMessageContaining("read the column as String");
        assertThatThrownBy(() -> read("SELECT 'POINT(1 2)'::geometry", binary, Polygon.class))
                .isInstanceOf(R2dbcException.class).hasMessageContaining("holding a Point as org.locationtech.jts.geom.Polygon");
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }
}
