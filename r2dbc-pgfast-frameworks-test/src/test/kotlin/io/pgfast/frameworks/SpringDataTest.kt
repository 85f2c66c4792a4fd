package io.pgfast.frameworks

import io.r2dbc.postgresql.codec.Interval
import io.r2dbc.postgresql.codec.Json
import io.r2dbc.spi.ConnectionFactories
import io.r2dbc.spi.ConnectionFactory
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.springframework.data.annotation.Id
import org.springframework.data.geo.Point
import org.springframework.data.r2dbc.core.R2dbcEntityTemplate
import org.springframework.data.r2dbc.dialect.DialectResolver
import org.springframework.data.r2dbc.dialect.PostgresDialect
import org.springframework.data.relational.core.mapping.Table
import org.springframework.data.relational.core.query.Criteria.where
import org.springframework.data.relational.core.query.Query.query
import org.springframework.data.relational.core.query.Update
import reactor.core.publisher.Mono
import java.time.Duration

@Table("sd_events")
data class Event(@Id val id: Long? = null, val name: String, val payload: Json, val span: Interval, val place: Point?)

/**
 * Spring Data R2DBC 4.0 entities with r2dbc-postgresql's Json and Interval fields, and a Spring Data geo Point
 * that its PostgresDialect converts to and from a PostgreSQL point through r2dbc-postgresql's Point: the dialect
 * registers those converters, and takes Json and Interval as simple types, only when the
 * `io.r2dbc.postgresql.codec` classes are on the class path. It reads a column with `row.get(name)` and
 * converts the value, so it needs r2dbc-postgresql's classes as the default types (`R2dbcPostgresqlTypes`).
 */
@Tag(Setup.TAG)
class SpringDataTest {

    // Spring Data reads each column with row.get(name) and converts what it gets, so the columns' default types must
    // be r2dbc-postgresql's: the compat artifact registers that itself; with r2dbc-postgresql kept it is asked for
    private val factory: ConnectionFactory =
        if (Setup.compat) ConnectionFactories.get(Setup.url()) else Setup.pgfastFactory(r2dbcPostgresqlTypes = true)
    private val template = R2dbcEntityTemplate(factory)
    private val timeout = Duration.ofSeconds(30)

    private fun <T : Any> Mono<T>.get(): T? = block(timeout)

    @BeforeEach
    fun createTable() {
        val client = template.databaseClient
        client.sql("DROP TABLE IF EXISTS sd_events").then().get()
        client.sql("CREATE TABLE sd_events (id bigserial PRIMARY KEY, name text NOT NULL, payload json NOT NULL, span interval NOT NULL, place point)")
            .then().get()
    }

    @Test
    fun thePostgresDialectIsChosenAndKnowsTheClasses() {
        val dialect = DialectResolver.getDialect(factory)
        assertThat(dialect).isInstanceOf(PostgresDialect::class.java)
        assertThat(dialect.simpleTypes).contains(Json::class.java, Interval::class.java)
        assertThat(dialect.converters.map { it.javaClass.simpleName }).contains("ToPostgresPointConverter", "FromPostgresPointConverter")
    }

    @Test
    fun entitiesWithJsonIntervalAndGeoFieldsRoundTrip() {
        val saved = template.insert(Event(name = "launch", payload = Json.of("""{"stage":  1}"""),
            span = Interval.of(0, 1, 2, 3, 4, 5, 6), place = Point(1.5, -2.0))).get()!!
        assertThat(saved.id).isNotNull()

        val read = template.selectOne(query(where("id").`is`(saved.id!!)), Event::class.java).get()!!
        assertThat(read.name).isEqualTo("launch")
        assertThat(read.payload.asString()).isEqualTo("""{"stage":  1}""")
        assertThat(read.span).isEqualTo(Interval.of(0, 1, 2, 3, 4, 5, 6))
        assertThat(read.place).isEqualTo(Point(1.5, -2.0))

        val updated = template.update(Event::class.java).matching(query(where("id").`is`(saved.id!!)))
            .apply(Update.update("payload", Json.of("""{"stage": 2}""")).set("span", Interval.of(java.time.Duration.ofMinutes(90)))).get()
        assertThat(updated).isEqualTo(1)
        val again = template.selectOne(query(where("name").`is`("launch")), Event::class.java).get()!!
        assertThat(again.payload.asString()).isEqualTo("""{"stage": 2}""")
        assertThat(again.span).isEqualTo(Interval.of(0, 0, 0, 1, 30, 0, 0))

        assertThat(template.delete(again).get()).isNotNull()
        assertThat(template.count(query(where("name").`is`("launch")), Event::class.java).get()).isZero()
    }
}
