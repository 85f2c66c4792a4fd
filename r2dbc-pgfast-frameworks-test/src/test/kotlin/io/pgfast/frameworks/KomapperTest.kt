package io.pgfast.frameworks

import io.r2dbc.postgresql.codec.Box
import io.r2dbc.postgresql.codec.Circle
import io.r2dbc.postgresql.codec.Interval
import io.r2dbc.postgresql.codec.Json
import io.r2dbc.postgresql.codec.Line
import io.r2dbc.postgresql.codec.Lseg
import io.r2dbc.postgresql.codec.Path
import io.r2dbc.postgresql.codec.Point
import io.r2dbc.postgresql.codec.Polygon
import kotlinx.coroutines.runBlocking
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import org.komapper.core.dsl.QueryDsl
import org.komapper.core.dsl.query.Query
import org.komapper.core.dsl.query.andThen
import org.komapper.core.dsl.query.bind
import org.komapper.core.dsl.query.get
import org.komapper.core.dsl.query.getNotNull
import org.komapper.dialect.postgresql.r2dbc.PostgreSqlR2dbcDialect
import org.komapper.r2dbc.R2dbcDatabase
import java.math.BigDecimal
import java.time.LocalDate
import java.time.LocalDateTime
import java.util.UUID

/**
 * Komapper 5.7.0 (komapper-r2dbc, komapper-dialect-postgresql-r2dbc) on r2dbc-pgfast through its template API
 * (its entity DSL needs an annotation processor that runs under Gradle only). Its PostgreSQL dialect loads
 * r2dbc-postgresql's Json, Interval and geometric classes when it starts, and reads each with
 * `row.get(i, ThatClass.class)`. With the compat artifact it connects by an `r2dbc:postgresql:` URL (the
 * dialect is found by the URL's driver name); with r2dbc-postgresql kept it is handed a pgfast factory and
 * the dialect.
 */
@Tag(Setup.TAG)
class KomapperTest {

    private val db: R2dbcDatabase = if (Setup.compat) {
        R2dbcDatabase(Setup.url())
    } else {
        R2dbcDatabase(Setup.pgfastFactory(), PostgreSqlR2dbcDialect())
    }

    private fun <T> run(query: Query<T>): T = runBlocking { db.runQuery(query) }

    @BeforeEach
    fun createTable() {
        run(QueryDsl.executeScript("""
            DROP TABLE IF EXISTS komapper_items;
            DROP TYPE IF EXISTS komapper_mood;
            CREATE TYPE komapper_mood AS ENUM ('HAPPY', 'SAD', 'CALM');
            CREATE TABLE komapper_items (
                id int PRIMARY KEY, name text NOT NULL, price numeric(10, 2), big bigint, flag boolean, day date,
                at timestamp, uid uuid, tags text[], mood komapper_mood, doc jsonb, plain json, span interval,
                pt point, bx box, ci circle, li line, ls lseg, pa path, po polygon)
            """.trimIndent()))
    }

    private fun insert(id: Int, name: String = "item $id"): Query<Long> =
        QueryDsl.executeTemplate("INSERT INTO komapper_items (id, name, doc) VALUES (/*id*/0, /*name*/'', /*doc*/'{}')")
            .bind("id", id).bind("name", name).bind("doc", Json.of("""{"id": $id}"""))

    private fun count(): Long = run(QueryDsl.fromTemplate("SELECT count(*) AS n FROM komapper_items").select { it.getNotNull<Long>("n") }).single()

    @Test
    fun commonTypesJsonIntervalGeometryArraysAndEnumsRoundTrip() {
        val uid = UUID.randomUUID()
        val path = Path.open(Point.of(0.0, 0.0), Point.of(1.0, 2.0))
        val polygon = Polygon.of(Point.of(0.0, 0.0), Point.of(4.0, 0.0), Point.of(0.0, 3.0))
        run(QueryDsl.executeTemplate("""
            INSERT INTO komapper_items (id, name, price, big, flag, day, at, uid, tags, mood, doc, plain, span, pt, bx, ci, li, ls, pa, po)
            VALUES (/*id*/0, /*name*/'', /*price*/0, /*big*/0, /*flag*/true, /*day*/'2000-01-01', /*at*/'2000-01-01', /*uid*/'',
                    /*tags*/'{}', CAST(/*mood*/'' AS komapper_mood), /*doc*/'{}', /*plain*/'{}', /*span*/'1 day', /*pt*/'(0,0)',
                    /*bx*/'(0,0),(1,1)', /*ci*/'<(0,0),1>', /*li*/'{1,1,0}', /*ls*/'[(0,0),(1,1)]', /*pa*/'[(0,0)]', /*po*/'((0,0))')
            """.trimIndent())
            .bind("id", 1).bind("name", "ü name").bind("price", BigDecimal("12.34")).bind("big", 1L shl 40).bind("flag", false)
            .bind("day", LocalDate.of(2026, 12, 6)).bind("at", LocalDateTime.of(2026, 12, 6, 10, 15, 30, 123_456_000))
            .bind("uid", uid).bind("tags", arrayOf("a", "b c")).bind("mood", Mood.CALM.name)
            .bind("doc", Json.of("""{"k": [1, 2]}""")).bind("plain", Json.of("""{"keep":  "spacing"}"""))
            .bind("span", Interval.of(1, 2, 3, 4, 5, 6, 7)).bind("pt", Point.of(1.5, -2.0)).bind("bx", Box.of(3.0, 4.0, 1.0, 2.0))
            .bind("ci", Circle.of(1.0, 2.0, 3.0)).bind("li", Line.of(1.0, -1.0, 0.5)).bind("ls", Lseg.of(1.0, 2.0, 3.0, 4.0))
            .bind("pa", path).bind("po", polygon))

        data class Read(val values: List<Any?>)
        val read = run(QueryDsl.fromTemplate("SELECT * FROM komapper_items WHERE id = /*id*/0").bind("id", 1).select { row ->
            Read(listOf(row.get<String>("name"), row.get<BigDecimal>("price"), row.get<Long>("big"), row.get<Boolean>("flag"),
                row.get<LocalDate>("day"), row.get<LocalDateTime>("at"), row.get<UUID>("uid"),
                row.get<Array<String>>("tags")?.toList(), row.get<String>("mood"),
                row.get<Json>("doc")?.asString(), row.get<Json>("plain")?.asString(), row.get<Interval>("span"),
                row.get<Point>("pt"), row.get<Box>("bx"), row.get<Circle>("ci"), row.get<Line>("li"), row.get<Lseg>("ls"),
                row.get<Path>("pa"), row.get<Polygon>("po")))
        }).single().values
        assertThat(read).containsExactly("ü name", BigDecimal("12.34"), 1L shl 40, false, LocalDate.of(2026, 12, 6),
            LocalDateTime.of(2026, 12, 6, 10, 15, 30, 123_456_000), uid, listOf("a", "b c"), "CALM",
            """{"k": [1, 2]}""", """{"keep":  "spacing"}""",
            // the server keeps months and microseconds: 1 year 2 months, 3 days, 04:05:06.000007
            Interval.of(1, 2, 3, 4, 5, 6, 7), Point.of(1.5, -2.0), Box.of(3.0, 4.0, 1.0, 2.0), Circle.of(1.0, 2.0, 3.0),
            Line.of(1.0, -1.0, 0.5), Lseg.of(1.0, 2.0, 3.0, 4.0), path, polygon)
        assertThat(Mood.valueOf(read[8] as String)).isEqualTo(Mood.CALM)
    }

    @Test
    fun nullsOfTheDialectsTypesBindAndReadBack() {
        run(QueryDsl.executeTemplate("INSERT INTO komapper_items (id, name, doc, span, pt) VALUES (1, 'n', /*doc*/'{}', /*span*/'1 day', /*pt*/'(0,0)')")
            .bind<Json, _>("doc", null).bind<Interval, _>("span", null).bind<Point, _>("pt", null))
        val nulls = run(QueryDsl.fromTemplate("SELECT doc, span, pt FROM komapper_items").select { row ->
            listOf(row.get<Json>("doc"), row.get<Interval>("span"), row.get<Point>("pt"))
        }).single()
        assertThat(nulls).containsOnlyNulls()
    }

    @Test
    fun aTransactionMarkedRollbackOnlyOrFailingLeavesNothing() {
        runBlocking {
            db.withTransaction { tx ->
                db.runQuery(insert(1))
                tx.setRollbackOnly()
            }
        }
        assertThatThrownBy {
            runBlocking {
                db.withTransaction {
                    db.runQuery(insert(2))
                    db.runQuery(insert(2))
                }
            }
        }.hasMessageContaining("duplicate key")
        assertThat(count()).isZero()
    }

    @Test
    fun aBatchOfInsertsThenUpdateAndDelete() {
        val inserted = runBlocking {
            db.withTransaction { db.runQuery((1..30).map { insert(it) }.reduce { a, b -> a.andThen(b) }) }
        }
        assertThat(inserted).isEqualTo(1L)
        assertThat(count()).isEqualTo(30)
        val updated = run(QueryDsl.executeTemplate("UPDATE komapper_items SET name = /*name*/'', doc = /*doc*/'{}' WHERE id > /*from*/0")
            .bind("name", "updated").bind("doc", Json.of("""{"updated": true}""")).bind("from", 20))
        assertThat(updated).isEqualTo(10)
        val deleted = run(QueryDsl.executeTemplate("DELETE FROM komapper_items WHERE id <= /*to*/0").bind("to", 5))
        assertThat(deleted).isEqualTo(5)
        val rows = run(QueryDsl.fromTemplate("SELECT id, name, doc FROM komapper_items ORDER BY id").select { row ->
            Triple(row.getNotNull<Int>("id"), row.getNotNull<String>("name"), row.getNotNull<Json>("doc").asString())
        })
        assertThat(rows).hasSize(25)
        assertThat(rows.first()).isEqualTo(Triple(6, "item 6", """{"id": 6}"""))
        assertThat(rows.last()).isEqualTo(Triple(30, "updated", """{"updated": true}"""))
    }
}
