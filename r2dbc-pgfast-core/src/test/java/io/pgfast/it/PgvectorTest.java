package io.pgfast.it;

import io.pgfast.codec.type.PgVector;
import io.pgfast.codec.type.SparseVector;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.SslMode;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.PgliteServer;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * pgvector's vector, halfvec and sparsevec through the R2DBC SPI against a real pgvector
 * ({@link PgliteServer}: PGlite, PostgreSQL 17.5 in WebAssembly, with pgvector bundled); skipped, saying so,
 * where Node.js or its packages are missing. Every read is checked in text (simple query) and binary
 * (extended query) results. The server serves one connection at a time with one session, so each test
 * uses one connection with unnamed statements and sets up its own table.
 */
@Tag(PgvectorTest.TAG)
class PgvectorTest {

    /** The JUnit tag of the tests that need pgvector. */
    static final String TAG = "pgvector";

    private PgfastConnection c;

    /** A connection of a new factory, which looks the database's types up on it. */
    private static PgfastConnection newFactoryConnection() {
        PgliteServer server = PgliteServer.get();
        return Pg.connect(PgfastConnectionConfiguration.builder()
                .host(server.host()).port(server.port()).database(server.database())
                .username(server.user()).password("any")
                .sslMode(SslMode.DISABLE)
                .preparedStatementCacheQueries(0)
                .build());
    }

    @BeforeEach
    void connect() {
        c = newFactoryConnection();
        TestDb.run(c, "CREATE EXTENSION IF NOT EXISTS vector");
        TestDb.run(c, "DROP TABLE IF EXISTS items");
        TestDb.run(c, "CREATE TABLE items (id int PRIMARY KEY, v vector(3), h halfvec(3), s sparsevec(5), vs vector[])");
    }

    @AfterEach
    void close() {
        // null when connect() was aborted: PGlite is not installed, and the test counts as skipped
        if (c != null) {
            TestDb.close(c);
        }
    }

    /** One value: text format without a parameter (simple query), binary with one (extended query). */
    private <T> T read(String sql, boolean binary, Class<T> type) {
        Statement s = binary ? c.createStatement(sql + " WHERE $1 = 1").bind(0, 1) : c.createStatement(sql);
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> Optional.ofNullable(row.get(0, type))))
                .single().block(TestDb.TIMEOUT).orElse(null);
    }

    private void insert(String sql, Object... values) {
        Statement s = c.createStatement(sql);
        for (int i = 0; i < values.length; i++) {
            s.bind(i, values[i]);
        }
        Flux.from(s.execute()).concatMap(r -> r.getRowsUpdated()).blockLast(TestDb.TIMEOUT);
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void vectorReadsAsPgVectorFloatsAndText(boolean binary) {
        assertThat(read("SELECT '[1,2.5,-3]'::vector", binary, Object.class)).isEqualTo(PgVector.of(1, 2.5f, -3));
        assertThat(read("SELECT '[1,2.5,-3]'::vector", binary, float[].class)).containsExactly(1, 2.5f, -3);
        assertThat(read("SELECT '[1,0.1,1e20]'::vector", binary, String.class)).isEqualTo("[1,0.1,1e+20]");
        assertThat(read("SELECT NULL::vector", binary, PgVector.class)).isNull();
        float[] large = new float[1536];
        for (int i = 0; i < large.length; i++) {
            large[i] = i / 7f;
        }
        insert("INSERT INTO items (id, v, vs) VALUES (1, '[1,2,3]', NULL)");
        TestDb.run(c, "ALTER TABLE items ALTER COLUMN v TYPE vector");
        insert("INSERT INTO items (id, v) VALUES (2, $1)", PgVector.of(large));
        assertThat(read("SELECT (SELECT v FROM items WHERE id = 2)", binary, float[].class)).isEqualTo(large);
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void halfvecAndSparsevec(boolean binary) {
        assertThat(read("SELECT '[1,2.5,65504]'::halfvec", binary, Object.class)).isEqualTo(new float[] {1, 2.5f, 65504});
        assertThat(read("SELECT '[1,0.1]'::halfvec", binary, String.class))
                .isEqualTo(TestDb.one(c, "SELECT '[1,0.1]'::halfvec::text", String.class));
        SparseVector sparse = SparseVector.of(5, new int[] {0, 3}, new float[] {1.5f, -2});
        assertThat(read("SELECT '{1:1.5,4:-2}/5'::sparsevec", binary, Object.class)).isEqualTo(sparse);
        assertThat(read("SELECT '{1:1.5,4:-2}/5'::sparsevec", binary, float[].class)).containsExactly(1.5f, 0, 0, -2, 0);
        assertThat(read("SELECT '{1:1.5,4:-2}/5'::sparsevec", binary, String.class)).isEqualTo("{1:1.5,4:-2}/5");
        assertThat(read("SELECT '{}/3'::sparsevec", binary, SparseVector.class)).isEqualTo(SparseVector.fromDense(0, 0, 0));
    }

    @Test
    void boundVectorsAndNearestNeighbours() {
        insert("INSERT INTO items (id, v, h, s) VALUES ($1, $2, $3::halfvec, $4)",
                1, PgVector.of(1, 1, 1), PgVector.of(0.5f, 0.25f, 2), SparseVector.fromDense(0, 2, 0, 0, 1));
        // float[] is real[]: pgvector's assignment cast takes it into a vector column
        insert("INSERT INTO items (id, v, h) VALUES ($1, $2, $3)", 2, new float[] {5, 5, 5}, new float[] {1, 2, 3});
        insert("INSERT INTO items (id, v) VALUES ($1, $2)", 3, PgVector.of(2, 2, 2));
        assertThat(TestDb.column(c, "SELECT v::text || ' ' || coalesce(h::text, '-') || ' ' || coalesce(s::text, '-') FROM items ORDER BY id", String.class))
                .containsExactly("[1,1,1] [0.5,0.25,2] {2:2,5:1}/5", "[5,5,5] [1,2,3] -", "[2,2,2] - -");
        List<Integer> nearest = Flux.from(c.createStatement("SELECT id FROM items ORDER BY v <-> $1 LIMIT 2")
                        .bind(0, PgVector.of(4.5f, 4.5f, 4.5f)).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).collectList().block(TestDb.TIMEOUT);
        assertThat(nearest).containsExactly(2, 3);
        assertThat(Flux.from(c.createStatement("SELECT s FROM items WHERE s = $1").bind(0, SparseVector.fromDense(0, 2, 0, 0, 1)).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, SparseVector.class))).blockLast(TestDb.TIMEOUT))
                .isEqualTo(SparseVector.fromDense(0, 2, 0, 0, 1));
    }

    @Test
    void arraysOfVectorsBothWays() {
        PgVector[] vectors = {PgVector.of(1, 2), PgVector.of(3, 4.5f)};
        insert("INSERT INTO items (id, vs) VALUES (1, $1)", (Object) vectors);
        assertThat(TestDb.one(c, "SELECT vs::text FROM items", String.class)).isEqualTo("{\"[1,2]\",\"[3,4.5]\"}");
        for (boolean binary : new boolean[] {false, true}) {
            assertThat(read("SELECT (SELECT vs FROM items)", binary, Object.class)).isEqualTo(vectors);
            assertThat(read("SELECT (SELECT vs FROM items)", binary, PgVector[].class)).containsExactly(vectors);
        }
    }

    @Test
    void anExtensionCreatedAfterTheFirstConnectionIsLookedUpWhenAResultNamesItsType() {
        TestDb.run(c, "DROP EXTENSION vector CASCADE");
        TestDb.close(c);
        // this factory's first connection finds no vector type
        c = newFactoryConnection();
        TestDb.run(c, "CREATE EXTENSION vector");
        for (boolean binary : new boolean[] {false, true}) {
            assertThat(read("SELECT '[1,2]'::vector", binary, Object.class)).isEqualTo(PgVector.of(1, 2));
            assertThat(read("SELECT '{1:3}/2'::sparsevec", binary, Object.class)).isEqualTo(SparseVector.fromDense(3, 0));
        }
        assertThat(Flux.from(c.createStatement("SELECT $1::vector").bind(0, PgVector.of(5, 6)).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0))).blockLast(TestDb.TIMEOUT)).isEqualTo(PgVector.of(5, 6));
    }

    @Test
    void theServerChecksDimensionsOfBoundVectors() {
        assertThatThrownBy(() -> insert("INSERT INTO items (id, v) VALUES (1, $1)", PgVector.of(1, 2)))
                .isInstanceOf(R2dbcException.class).hasMessageContaining("expected 3 dimensions, not 2");
        assertThat(TestDb.one(c, "SELECT count(*) FROM items", Long.class)).isZero();
    }
}
