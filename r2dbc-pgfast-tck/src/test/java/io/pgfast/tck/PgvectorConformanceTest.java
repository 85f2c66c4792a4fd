package io.pgfast.tck;

import io.pgfast.codec.type.PgVector;
import io.pgfast.codec.type.SparseVector;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.PgliteServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.postgresql.Driver;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pgvector rows of the conformance table (tag {@code pgvector}), against {@link PgliteServer}: our
 * {@code PgVector}, halfvec {@code float[]} and {@code SparseVector} must be what pgjdbc's text of the same
 * expression says, parsed here with the JDK's float parser; as a String, that text.
 */
@Tag("pgvector")
class PgvectorConformanceTest {

    private static float[] floats(String bracketed) {
        String inner = bracketed.substring(1, bracketed.length() - 1);
        String[] parts = inner.split(",");
        float[] out = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Float.parseFloat(parts[i]);
        }
        return out;
    }

    private static SparseVector sparse(String text) {
        int slash = text.lastIndexOf('/');
        String inner = text.substring(1, slash - 1);
        List<int[]> indices = new ArrayList<>();
        List<Float> values = new ArrayList<>();
        if (!inner.isEmpty()) {
            for (String pair : inner.split(",")) {
                int colon = pair.indexOf(':');
                indices.add(new int[] {Integer.parseInt(pair.substring(0, colon)) - 1});
                values.add(Float.parseFloat(pair.substring(colon + 1)));
            }
        }
        int[] idx = new int[indices.size()];
        float[] vals = new float[values.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = indices.get(i)[0];
            vals[i] = values.get(i);
        }
        return SparseVector.of(Integer.parseInt(text.substring(slash + 1)), idx, vals);
    }

    static List<ExtensionConformance.Row> rows() {
        List<ExtensionConformance.Row> rows = new ArrayList<>();
        for (String literal : List.of("[1,2.5,-3]", "[0.1]", "[1e-30,3.4028235e38,-0]", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]")) {
            rows.add(new ExtensionConformance.Row("vector", "'" + literal + "'::vector", PgVector.class, t -> PgVector.of(floats(t)),
                    ExtensionConformance.equal()));
        }
        rows.add(new ExtensionConformance.Row("vector", "NULL::vector", PgVector.class, t -> PgVector.of(floats(t)), ExtensionConformance.equal()));
        for (String literal : List.of("[1,2.5,65504]", "[0.1,-0.333]", "[6e-08]")) {
            rows.add(new ExtensionConformance.Row("halfvec", "'" + literal + "'::halfvec", float[].class, PgvectorConformanceTest::floats,
                    (a, b) -> Arrays.equals((float[]) a, (float[]) b)));
        }
        for (String literal : List.of("{1:1.5,4:-2}/5", "{}/3", "{1000000:0.1}/1000000")) {
            rows.add(new ExtensionConformance.Row("sparsevec", "'" + literal + "'::sparsevec", SparseVector.class,
                    PgvectorConformanceTest::sparse, ExtensionConformance.equal()));
        }
        rows.add(new ExtensionConformance.Row("vector[]", "ARRAY['[1,2]'::vector, NULL, '[3,4.5]']", Object[].class, t -> {
            List<String> elements = ExtensionConformance.arrayElements(t, ',');
            PgVector[] out = new PgVector[elements.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = elements.get(i) == null ? null : PgVector.of(floats(elements.get(i)));
            }
            return out;
        }, (a, b) -> Arrays.equals((Object[]) a, (Object[]) b)));
        return rows;
    }

    @Test
    void vectorHalfvecSparsevec() throws Exception {
        PgliteServer server = PgliteServer.get();
        List<ExtensionConformance.Row> rows = rows();
        Properties properties = new Properties();
        properties.setProperty("user", server.user());
        properties.setProperty("password", "any");
        Map<ExtensionConformance.Row, Optional<String>> texts;
        // one session serves every connection: no named statements, no TLS or GSS encryption
        try (java.sql.Connection pgjdbc = new Driver().connect("jdbc:postgresql://" + server.host() + ":" + server.port() + "/"
                + server.database() + "?sslmode=disable&gssEncMode=disable&prepareThreshold=0", properties)) {
            texts = ExtensionConformance.pgjdbcTexts(pgjdbc, rows);
        }
        PgfastConnectionFactory ours = new PgfastConnectionFactory(PgfastConnectionConfiguration.builder()
                .host(server.host()).port(server.port()).database(server.database())
                .username(server.user()).password("any")
                .sslMode(SslMode.DISABLE).preparedStatementCacheQueries(0).build());
        assertThat(ExtensionConformance.check(ours, texts)).isEqualTo(rows.size() * 4);
    }
}
