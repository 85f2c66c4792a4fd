package io.pgfast.frameworks

import io.pgfast.codec.compat.R2dbcPostgresqlTypes
import io.pgfast.config.PgfastConnectionConfiguration
import io.pgfast.r2dbc.PgfastConnectionFactory
import io.pgfast.testing.AuthMethod
import io.pgfast.testing.TestPostgres
import io.pgfast.testing.TestRole
import io.r2dbc.spi.ConnectionFactory
import java.net.URLEncoder
import java.nio.charset.StandardCharsets

/**
 * Which of the two class paths this JVM runs on (the surefire executions of this module set
 * `pgfast.frameworks.setup`), and the harness's PostgreSQL as each framework is given it:
 * - `compat`: r2dbc-pgfast-postgresql-compat in place of r2dbc-postgresql. Frameworks get an `r2dbc:postgresql:`
 *   URL, which r2dbc-pgfast serves, as an application that swapped the artifacts would.
 * - `r2dbc-postgresql`: r2dbc-postgresql kept, so its provider owns `r2dbc:postgresql:`; frameworks get a
 *   hand-built r2dbc-pgfast factory and their PostgreSQL dialect named explicitly.
 */
object Setup {

    /**
     * The JUnit tag of this module's tests, which need the harness's PostgreSQL. Not RequiresPostgres's `pg`:
     * CI runs the `pg` tests again on the oldest and newest majors, and what these tests check (a framework's
     * use of r2dbc-postgresql's classes) does not change with the major, so they run once, in the main build.
     */
    const val TAG = "frameworks"

    val compat: Boolean = when (val name = System.getProperty("pgfast.frameworks.setup")) {
        "compat" -> true
        "r2dbc-postgresql" -> false
        else -> throw IllegalStateException("-Dpgfast.frameworks.setup must be compat or r2dbc-postgresql, not $name")
    }

    val role: TestRole by lazy {
        val server = TestPostgres.get()
        if (server.supports(AuthMethod.SCRAM)) server.role(AuthMethod.SCRAM) else TestRole(server.superuser(), server.superuserPassword())
    }

    /** `r2dbc:postgresql://user:password@host:port/database`, an IPv6 host in brackets. */
    fun url(driver: String = "postgresql"): String {
        val server = TestPostgres.get()
        val host = if (server.host().contains(':')) "[${server.host()}]" else server.host()
        val password = URLEncoder.encode(role.password(), StandardCharsets.UTF_8)
        return "r2dbc:$driver://${role.user()}:$password@$host:${server.port()}/${server.database()}"
    }

    /**
     * A factory built with r2dbc-pgfast's own API, as an application keeping r2dbc-postgresql builds it; with
     * `r2dbcPostgresqlTypes`, r2dbc-postgresql's classes are its columns' default types, as the compat artifact
     * makes them by itself.
     */
    fun pgfastFactory(r2dbcPostgresqlTypes: Boolean = false): ConnectionFactory {
        val server = TestPostgres.get()
        val builder = PgfastConnectionConfiguration.builder()
            .host(server.host()).port(server.port()).database(server.database())
            .username(role.user()).password(role.password())
        if (r2dbcPostgresqlTypes) {
            builder.codecs(R2dbcPostgresqlTypes())
        }
        return PgfastConnectionFactory(builder.build())
    }
}
