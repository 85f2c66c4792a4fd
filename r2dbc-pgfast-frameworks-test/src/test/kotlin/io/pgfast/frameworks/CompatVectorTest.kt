package io.pgfast.frameworks

import io.pgfast.codec.compat.R2dbcPostgresqlTypes
import io.pgfast.codec.type.PgVector
import io.pgfast.config.PgfastConnectionConfiguration
import io.pgfast.config.SslMode
import io.pgfast.r2dbc.PgfastConnectionFactory
import io.pgfast.testing.PgliteServer
import io.r2dbc.postgresql.codec.Vector
import io.r2dbc.spi.Connection
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import reactor.core.publisher.Flux
import reactor.core.publisher.Mono
import java.time.Duration

/**
 * r2dbc-postgresql's `Vector` (what Micronaut Data's pgvector support binds) against a real pgvector
 * ([PgliteServer]: PGlite with pgvector bundled; skipped, saying so, without Node.js and its packages). PGlite
 * serves one connection at a time, with unnamed statements.
 */
@Tag("pgvector")
class CompatVectorTest {

    private val timeout = Duration.ofSeconds(60)

    private fun connect(defaults: Boolean): Connection {
        val server = PgliteServer.get()
        val builder = PgfastConnectionConfiguration.builder()
            .host(server.host()).port(server.port()).database(server.database())
            .username(server.user()).password("any")
            .sslMode(SslMode.DISABLE).preparedStatementCacheQueries(0)
        if (defaults) {
            builder.codecs(R2dbcPostgresqlTypes())
        }
        return Mono.from(PgfastConnectionFactory(builder.build()).create()).block(timeout)!!
    }

    private fun Connection.run(sql: String, vararg values: Any): Long =
        Flux.from(createStatement(sql).apply { values.forEachIndexed { i, v -> bind(i, v) } }.execute())
            .concatMap { it.rowsUpdated }.reduce(0L, Long::plus).block(timeout)!!

    private fun Connection.column(sql: String, type: Class<*>?, vararg values: Any): List<Any?> =
        Flux.from(createStatement(sql).apply { values.forEachIndexed { i, v -> bind(i, v) } }.execute())
            .concatMap { r -> r.map { row, _ -> java.util.Optional.ofNullable(if (type == null) row.get(0) else row.get(0, type)) } }
            .map { it.orElse(null) }.collectList().block(timeout)!!

    @Test
    fun vectorsBindAndReadAsTheDatabasesVectorType() {
        val c = connect(defaults = false)
        try {
            c.run("CREATE EXTENSION IF NOT EXISTS vector")
            c.run("DROP TABLE IF EXISTS compat_items")
            c.run("CREATE TABLE compat_items (id int PRIMARY KEY, v vector(3))")
            assertThat(c.run("INSERT INTO compat_items VALUES (1, $1), (2, $2), (3, $3)",
                Vector.of(1f, 0f, 0f), Vector.of(0f, 1f, 0f), Vector.of(listOf(0.9, 0.1, 0.0)))).isEqualTo(3)
            assertThat(c.column("SELECT id FROM compat_items ORDER BY v <-> $1 LIMIT 2", Int::class.javaObjectType, Vector.of(1f, 0.05f, 0f)))
                .containsExactly(1, 3)
            assertThat(c.column("SELECT v FROM compat_items WHERE id = $1", Vector::class.java, 3)).containsExactly(Vector.of(0.9f, 0.1f, 0f))
            assertThat(c.column("SELECT v FROM compat_items WHERE id = 3", Vector::class.java)).containsExactly(Vector.of(0.9f, 0.1f, 0f))
            // the default: r2dbc-postgresql's class where the compat jar registers its codec, else the driver's own
            val default: Any = if (Setup.compat) Vector.of(0f, 1f, 0f) else PgVector.of(0f, 1f, 0f)
            assertThat(c.column("SELECT v FROM compat_items WHERE id = $1", null, 2)).containsExactly(default)
            assertThat(c.column("SELECT v FROM compat_items WHERE id = $1", PgVector::class.java, 2)).containsExactly(PgVector.of(0f, 1f, 0f))
        } finally {
            Mono.from(c.close()).block(timeout)
        }
    }

    @Test
    fun withTheCodecTheDefaultIsR2dbcPostgresqlsVector() {
        val c = connect(defaults = true)
        try {
            c.run("CREATE EXTENSION IF NOT EXISTS vector")
            assertThat(c.column("SELECT '[1,2.5,3]'::vector WHERE $1 = 1", null, 1)).containsExactly(Vector.of(1f, 2.5f, 3f))
            assertThat(c.column("SELECT '[1,2.5,3]'::vector", null)).containsExactly(Vector.of(1f, 2.5f, 3f))
        } finally {
            Mono.from(c.close()).block(timeout)
        }
    }
}
