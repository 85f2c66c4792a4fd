package io.pgfast.tck;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.io.WKBReader;
import org.locationtech.jts.io.WKTWriter;

import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The PostGIS rows of the conformance table (tag {@code postgis}: a server with PostGIS, e.g.
 * {@code -Dpgfast.test.binaries=local} with Debian's postgresql-15-postgis-3; skipped elsewhere, saying so).
 * Our JTS geometry must be what JTS's own {@code WKBReader} makes of pgjdbc's hex EWKB text: the same WKT with
 * every ordinate (Z, M) and the same SRID; as a String, that text.
 */
@Tag("postgis")
class PostgisConformanceTest {

    private static final BiPredicate<Object, Object> SAME_GEOMETRY = (ours, theirs) -> {
        Geometry a = (Geometry) ours;
        Geometry b = (Geometry) theirs;
        WKTWriter wkt = new WKTWriter(4);
        return a.getSRID() == b.getSRID() && wkt.write(a).equals(wkt.write(b)) && a.getGeometryType().equals(b.getGeometryType());
    };
    private static final ExtensionConformance.Reference EWKB = text -> new WKBReader().read(WKBReader.hexToBytes(text));

    static List<ExtensionConformance.Row> rows() {
        List<ExtensionConformance.Row> rows = new java.util.ArrayList<>();
        for (String literal : List.of("SRID=4326;POINT(1 2)", "POINT(-71.06 42.36)", "POINT Z (1 2 3)", "POINTM(1 2 4)",
                "POINT ZM (1 2 3 4)", "POINT EMPTY", "SRID=3857;LINESTRING(0 0,1 1,2 1)", "LINESTRING EMPTY",
                "POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,2 1,2 2,1 1))", "POLYGON EMPTY", "MULTIPOINT((1 2),(3 4))",
                "MULTILINESTRING((0 0,1 1),(2 2,3 3))", "SRID=4326;MULTIPOLYGON(((0 0,1 0,1 1,0 0)),((5 5,6 5,6 6,5 5)))",
                "GEOMETRYCOLLECTION(POINT(1 2),LINESTRING(0 0,1 1),GEOMETRYCOLLECTION(POINT EMPTY))",
                "GEOMETRYCOLLECTION EMPTY")) {
            rows.add(new ExtensionConformance.Row("geometry", "'" + literal + "'::geometry", Geometry.class, EWKB, SAME_GEOMETRY));
        }
        rows.add(new ExtensionConformance.Row("geometry", "NULL::geometry", Geometry.class, EWKB, SAME_GEOMETRY));
        for (String literal : List.of("POINT(1 2)", "SRID=4326;LINESTRING(0 0,10 10)", "POLYGON((0 0,1 0,1 1,0 0))")) {
            rows.add(new ExtensionConformance.Row("geography", "'" + literal + "'::geography", Geometry.class, EWKB, SAME_GEOMETRY));
        }
        rows.add(new ExtensionConformance.Row("geography", "NULL::geography", Geometry.class, EWKB, SAME_GEOMETRY));
        rows.add(new ExtensionConformance.Row("geometry[]", "ARRAY['SRID=4326;POINT(1 2)'::geometry, NULL, 'LINESTRING(0 0,1 1)']",
                Geometry[].class, text -> {
                    List<String> elements = ExtensionConformance.arrayElements(text, ':'); // geometry's typdelim
                    Geometry[] out = new Geometry[elements.size()];
                    for (int i = 0; i < out.length; i++) {
                        out[i] = elements.get(i) == null ? null : (Geometry) EWKB.parse(elements.get(i));
                    }
                    return out;
                }, (ours, theirs) -> {
                    Object[] a = (Object[]) ours;
                    Object[] b = (Object[]) theirs;
                    if (a.length != b.length) {
                        return false;
                    }
                    for (int i = 0; i < a.length; i++) {
                        if (a[i] == null ? b[i] != null : b[i] == null || !SAME_GEOMETRY.test(a[i], b[i])) {
                            return false;
                        }
                    }
                    return true;
                }));
        return rows;
    }

    @Test
    void geometryAndGeography() throws Exception {
        TestDatabase db = TestDatabase.get();
        boolean available;
        try (java.sql.Connection c = db.newJdbcConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")) {
            available = rs.next();
        }
        String missing = "PostGIS is not installed for the test server; run with -Dpgfast.test.binaries=local -Dgroups=postgis"
                + " where Debian's postgresql-15-postgis-3 is installed";
        // CI's PostGIS run sets it: there a missing PostGIS is a failure, not a skip
        assertThat(available || !Boolean.getBoolean("pgfast.test.requirePostgis")).as(missing).isTrue();
        assumeTrue(available, missing);
        db.executeAsSuperuser(List.of("CREATE EXTENSION IF NOT EXISTS postgis"));
        List<ExtensionConformance.Row> rows = rows();
        Map<ExtensionConformance.Row, Optional<String>> texts;
        try (java.sql.Connection pgjdbc = db.newJdbcConnection()) {
            texts = ExtensionConformance.pgjdbcTexts(pgjdbc, rows);
        }
        assertThat(ExtensionConformance.check(db.connectionFactory(), texts)).isEqualTo(rows.size() * 4);
    }
}
