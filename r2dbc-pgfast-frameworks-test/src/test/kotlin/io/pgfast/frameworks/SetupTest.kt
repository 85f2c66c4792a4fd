package io.pgfast.frameworks

import io.pgfast.r2dbc.PgfastConnectionFactory
import io.r2dbc.spi.ConnectionFactories
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test

/** The class path is the one the set-up names: the other tests' results mean what they say. */
@Tag(Setup.TAG)
class SetupTest {

    private fun jarOf(c: Class<*>): String = c.protectionDomain.codeSource.location.path

    @Test
    fun theValueClassesComeFromTheArtifactOfTheSetup() {
        val jar = jarOf(io.r2dbc.postgresql.codec.Json::class.java)
        if (Setup.compat) {
            assertThat(jar).contains("r2dbc-pgfast-postgresql-compat")
        } else {
            assertThat(jar).contains("r2dbc-postgresql-1.")
        }
    }

    @Test
    fun postgresqlUrlsGoToPgfastOnlyWithoutR2dbcPostgresql() {
        val factory = ConnectionFactories.get(Setup.url())
        if (Setup.compat) {
            assertThat(factory).isInstanceOf(PgfastConnectionFactory::class.java)
            assertThat(runCatching { Class.forName("io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider") }.isFailure).isTrue()
        } else {
            assertThat(factory.javaClass.name).isEqualTo("io.r2dbc.postgresql.PostgresqlConnectionFactory")
        }
        assertThat(ConnectionFactories.get(Setup.url("pgfast"))).isInstanceOf(PgfastConnectionFactory::class.java)
    }

    /** What the migration guide says stays outside our reach: both frameworks know drivers by their own lists. */
    @Test
    fun frameworksRefuseAnR2dbcPgfastUrl() {
        val url = Setup.url("pgfast")
        assertThatThrownBy { org.jetbrains.exposed.v1.r2dbc.R2dbcDatabase.connect(url) }
            .hasMessageContaining("driver not found")
        assertThatThrownBy { org.komapper.r2dbc.R2dbcDatabase(url) }
            .hasMessageContaining("dialect is not found").hasMessageContaining("pgfast")
    }
}
