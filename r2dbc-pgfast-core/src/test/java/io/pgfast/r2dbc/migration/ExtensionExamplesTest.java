package io.pgfast.r2dbc.migration;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.PgliteServer;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.locationtech.jts.geom.Geometry;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.sql.ResultSet;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The PostGIS and pgvector examples of docs/migrating-from-r2dbc-postgresql.md, on servers that have them. */
class ExtensionExamplesTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private static void run(Connection c, String sql) {
        Flux.from(c.createStatement(sql).execute()).concatMap(r -> r.getRowsUpdated()).blockLast(TIMEOUT);
    }

    @Test
    @Tag("postgis")
    void thePostgisExampleRuns() throws Exception {
        TestServer s = TestPostgres.get();
        try (java.sql.Connection jdbc = s.jdbc();
             ResultSet rs = jdbc.createStatement().executeQuery("SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")) {
            assumeTrue(rs.next(), "PostGIS is not installed for the test server (run with -Dpgfast.test.binaries=local -Dgroups=postgis)");
        }
        s.execute("CREATE EXTENSION IF NOT EXISTS postgis", "DROP TABLE IF EXISTS shop",
                "CREATE TABLE shop (name text, location geometry)", "GRANT ALL ON shop TO PUBLIC",
                "INSERT INTO shop VALUES ('far', 'SRID=4326;POINT(13.4 52.5)'), ('near', 'SRID=4326;POINT(2.34 48.86)')");
        Connection c = Mono.from(new PgfastConnectionFactory(PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database()).username(s.role(AuthMethod.SCRAM).user())
                .password(s.role(AuthMethod.SCRAM).password()).sslMode(SslMode.DISABLE).build()).create()).block(TIMEOUT);
        try {
            Geometry nearest = MigrationExamples.postgis(c).block(TIMEOUT);
            assertThat(nearest.getSRID()).isEqualTo(4326);
            assertThat(nearest.getCoordinate().x).isEqualTo(2.34);
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }

    @Test
    @Tag("pgvector")
    void thePgvectorExampleRuns() {
        PgliteServer server = PgliteServer.get();
        Connection c = Mono.from(new PgfastConnectionFactory(PgfastConnectionConfiguration.builder()
                .host(server.host()).port(server.port()).database(server.database()).username(server.user()).password("any")
                .sslMode(SslMode.DISABLE).preparedStatementCacheQueries(0).build()).create()).block(TIMEOUT);
        try {
            run(c, "DROP TABLE IF EXISTS item");
            run(c, "CREATE TABLE item (id int8, embedding vector(2))");
            run(c, "INSERT INTO item VALUES (1, '[1,0]'), (2, '[0,1]'), (3, '[1,1]')");
            assertThat(MigrationExamples.pgvector(c, new float[] {0.1f, 1}).block(TIMEOUT)).containsExactly(2L, 3L, 1L);
        } finally {
            Mono.from(c.close()).block(TIMEOUT);
        }
    }
}
