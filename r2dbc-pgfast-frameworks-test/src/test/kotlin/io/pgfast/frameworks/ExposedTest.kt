package io.pgfast.frameworks

import kotlinx.coroutines.flow.map
import kotlinx.coroutines.flow.single
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.jetbrains.exposed.v1.core.SortOrder
import org.jetbrains.exposed.v1.core.Table
import org.jetbrains.exposed.v1.core.TextColumnType
import org.jetbrains.exposed.v1.core.eq
import org.jetbrains.exposed.v1.core.greaterEq
import org.jetbrains.exposed.v1.core.vendors.PostgreSQLDialect
import org.jetbrains.exposed.v1.javatime.date
import org.jetbrains.exposed.v1.javatime.timestamp
import org.jetbrains.exposed.v1.json.jsonb
import org.jetbrains.exposed.v1.r2dbc.R2dbcDatabase
import org.jetbrains.exposed.v1.r2dbc.R2dbcDatabaseConfig
import org.jetbrains.exposed.v1.r2dbc.SchemaUtils
import org.jetbrains.exposed.v1.r2dbc.batchInsert
import org.jetbrains.exposed.v1.r2dbc.deleteWhere
import org.jetbrains.exposed.v1.r2dbc.insert
import org.jetbrains.exposed.v1.r2dbc.selectAll
import org.jetbrains.exposed.v1.r2dbc.transactions.suspendTransaction
import org.jetbrains.exposed.v1.r2dbc.update
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Tag
import org.junit.jupiter.api.Test
import java.math.BigDecimal
import java.time.Instant
import java.time.LocalDate

enum class Mood { HAPPY, SAD, CALM }

object ExposedItems : Table("exposed_items") {
    val id = integer("id")
    val name = varchar("name", 100)
    val active = bool("active")
    val price = decimal("price", 10, 2)
    val ratio = double("ratio")
    val big = long("big")
    val day = date("day")
    val at = timestamp("at")
    val tags = array<String>("tags", TextColumnType())
    val mood = enumerationByName("mood", 10, Mood::class)
    val kind = customEnumeration("kind", "exposed_kind", { Mood.valueOf(it as String) }, { it.name })
    val doc = jsonb<String>("doc", { it }, { it })
    override val primaryKey = PrimaryKey(id)
}

/**
 * JetBrains Exposed 1.2.0 (exposed-r2dbc) on r2dbc-pgfast: its PostgreSQL dialect binds jsonb values as
 * `io.r2dbc.postgresql.codec.Json` and checks what it reads against that class, so it needs the class and the
 * driver must write it. With the compat artifact it connects by an `r2dbc:postgresql:` URL; with r2dbc-postgresql
 * kept it is handed a pgfast factory and its dialect, since it knows drivers only by its own URL prefixes.
 */
@Tag(Setup.TAG)
class ExposedTest {

    private val db: R2dbcDatabase = if (Setup.compat) {
        R2dbcDatabase.connect(Setup.url())
    } else {
        R2dbcDatabase.connect(Setup.pgfastFactory(), R2dbcDatabaseConfig.Builder().apply { explicitDialect = PostgreSQLDialect() })
    }

    private fun <T> tx(block: suspend org.jetbrains.exposed.v1.r2dbc.R2dbcTransaction.() -> T): T =
        runBlocking { suspendTransaction(db, null, null, block) }

    @BeforeEach
    fun createTable() = tx {
        exec("DROP TABLE IF EXISTS exposed_items")
        exec("DROP TYPE IF EXISTS exposed_kind")
        exec("CREATE TYPE exposed_kind AS ENUM ('HAPPY', 'SAD', 'CALM')")
        SchemaUtils.create(ExposedItems)
    }

    private suspend fun insertItem(id: Int, doc: String = """{"n": $id}""") {
        ExposedItems.insert {
            it[ExposedItems.id] = id
            it[name] = "item $id"
            it[active] = id % 2 == 0
            it[price] = BigDecimal("12.34")
            it[ratio] = 0.25
            it[big] = 1L shl 40
            it[day] = LocalDate.of(2026, 12, 6)
            it[at] = Instant.parse("2026-12-06T10:15:30.123456Z")
            it[tags] = listOf("a", "b c", "ü")
            it[mood] = Mood.SAD
            it[kind] = Mood.CALM
            it[ExposedItems.doc] = doc
        }
    }

    @Test
    fun commonTypesJsonbArraysAndEnumsRoundTrip() {
        tx { insertItem(1, """{"k": [1, 2], "s": "ü"}""") }
        val row = tx { ExposedItems.selectAll().where { ExposedItems.id eq 1 }.single() }
        assertThat(row[ExposedItems.name]).isEqualTo("item 1")
        assertThat(row[ExposedItems.active]).isFalse()
        assertThat(row[ExposedItems.price]).isEqualByComparingTo("12.34")
        assertThat(row[ExposedItems.ratio]).isEqualTo(0.25)
        assertThat(row[ExposedItems.big]).isEqualTo(1L shl 40)
        assertThat(row[ExposedItems.day]).isEqualTo(LocalDate.of(2026, 12, 6))
        assertThat(row[ExposedItems.at]).isEqualTo(Instant.parse("2026-12-06T10:15:30.123456Z"))
        assertThat(row[ExposedItems.tags]).containsExactly("a", "b c", "ü")
        assertThat(row[ExposedItems.mood]).isEqualTo(Mood.SAD)
        assertThat(row[ExposedItems.kind]).isEqualTo(Mood.CALM)
        // jsonb normalises the document; the server's text of it comes back
        assertThat(row[ExposedItems.doc]).isEqualTo("""{"k": [1, 2], "s": "ü"}""")
        val kindInDb = tx { exec("SELECT kind::text || ':' || jsonb_typeof(doc->'k') AS v FROM exposed_items", emptyList(),
            org.jetbrains.exposed.v1.core.statements.StatementType.SELECT) { it.get("v", String::class.java) }!!.single() }
        assertThat(kindInDb).isEqualTo("CALM:array")
    }

    @Test
    fun aJsonbNullAndAnSqlNullAreTold() {
        tx { insertItem(2, "null") }
        assertThat(tx { ExposedItems.selectAll().single()[ExposedItems.doc] }).isEqualTo("null")
    }

    @Test
    fun aRolledBackTransactionLeavesNothing() {
        tx {
            insertItem(3)
            rollback()
        }
        assertThatThrownBy {
            tx {
                insertItem(4)
                throw IllegalStateException("abort")
            }
        }.hasMessage("abort")
        assertThat(tx { ExposedItems.selectAll().count() }).isZero()
    }

    @Test
    fun batchInsertUpdateAndDelete() {
        tx {
            ExposedItems.batchInsert((1..50).toList()) { id ->
                this[ExposedItems.id] = id
                this[ExposedItems.name] = "batch $id"
                this[ExposedItems.active] = true
                this[ExposedItems.price] = BigDecimal(id)
                this[ExposedItems.ratio] = id / 2.0
                this[ExposedItems.big] = id.toLong()
                this[ExposedItems.day] = LocalDate.of(2026, 1, 1).plusDays(id.toLong())
                this[ExposedItems.at] = Instant.EPOCH.plusSeconds(id.toLong())
                this[ExposedItems.tags] = listOf("t$id")
                this[ExposedItems.mood] = Mood.entries[id % 3]
                this[ExposedItems.kind] = Mood.entries[(id + 1) % 3]
                this[ExposedItems.doc] = """{"id": $id}"""
            }
        }
        val updated = tx {
            ExposedItems.update({ ExposedItems.id greaterEq 41 }) {
                it[name] = "updated"
                it[doc] = """{"updated": true}"""
            }
        }
        assertThat(updated).isEqualTo(10)
        val deleted = tx { ExposedItems.deleteWhere { ExposedItems.id eq 50 } }
        assertThat(deleted).isEqualTo(1)
        val rows = tx {
            ExposedItems.selectAll().orderBy(ExposedItems.id to SortOrder.ASC)
                .map { Triple(it[ExposedItems.id], it[ExposedItems.name], it[ExposedItems.doc]) }.toList()
        }
        assertThat(rows).hasSize(49)
        assertThat(rows.first()).isEqualTo(Triple(1, "batch 1", """{"id": 1}"""))
        assertThat(rows.last()).isEqualTo(Triple(49, "updated", """{"updated": true}"""))
    }
}
