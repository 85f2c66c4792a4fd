package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.pgfast.testing.RequiresPostgres;
import io.r2dbc.spi.Parameters;
import io.r2dbc.spi.R2dbcType;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import java.time.LocalDate;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Binding parameters to statements: by index and name, the checks at bind time, typed nulls, generated values. */
@RequiresPostgres
class StatementBindingTest {

    private Connection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    @Test
    void bindByIndexAndByName() {
        Statement s = c.createStatement("SELECT $1::int * 10 + $2::int").bind(0, 4).bind("$2", 2);
        assertThat(TestDb.one(s, Integer.class)).isEqualTo(42);
        Statement byName = c.createStatement("SELECT $2::text || $1::text").bind("$1", "b").bind("$2", "a");
        assertThat(TestDb.one(byName, String.class)).isEqualTo("ab");
    }

    @Test
    void theSameMarkerTwiceIsOneParameter() {
        assertThat(TestDb.one(c.createStatement("SELECT $1::int + $1::int").bind(0, 21), Integer.class)).isEqualTo(42);
    }

    @Test
    void aStatementCanBeExecutedAgainWithNewBindings() {
        Statement s = c.createStatement("SELECT $1::int + 1");
        assertThat(TestDb.one(s.bind(0, 1), Integer.class)).isEqualTo(2);
        assertThat(TestDb.one(s.bind(0, 41), Integer.class)).isEqualTo(42);
    }

    @Test
    void bindIndexOutOfRange() {
        Statement s = c.createStatement("SELECT $1::int, $2::int");
        assertThatThrownBy(() -> s.bind(2, 1)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("2");
        assertThatThrownBy(() -> s.bind(-1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> s.bindNull(2, Integer.class)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.createStatement("SELECT 1").bind(0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void unknownNameIsNoSuchElement() {
        Statement s = c.createStatement("SELECT $1::int");
        assertThatThrownBy(() -> s.bind("$2", 1)).isInstanceOf(NoSuchElementException.class).hasMessageContaining("$2");
        assertThatThrownBy(() -> s.bind("id", 1)).isInstanceOf(NoSuchElementException.class);
        assertThatThrownBy(() -> s.bind("$0", 1)).isInstanceOf(NoSuchElementException.class);
        assertThatThrownBy(() -> s.bindNull("$x", Integer.class)).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void markersInsideLiteralsAndCommentsAreNotParameters() {
        Statement s = c.createStatement("SELECT '$2' || $1::text /* $3 */ -- $4\n");
        assertThatThrownBy(() -> s.bind(1, "x")).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(TestDb.one(s.bind(0, "!"), String.class)).isEqualTo("$2!");
    }

    @Test
    void bindingNullIsRefused() {
        Statement s = c.createStatement("SELECT $1::int");
        assertThatThrownBy(() -> s.bind(0, null)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bindNull");
        assertThatThrownBy(() -> s.bind("$1", null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.bindNull(0, null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void unsupportedValueClassFailsAtBindTime() {
        Statement s = c.createStatement("SELECT $1");
        assertThatThrownBy(() -> s.bind(0, new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Object");
        assertThatThrownBy(() -> s.bind(0, Thread.currentThread())).isInstanceOf(IllegalArgumentException.class);
        // the statement is still usable afterwards
        assertThat(TestDb.one(s.bind(0, 7), Integer.class)).isEqualTo(7);
    }

    @Test
    void executeWithAParameterUnboundThrowsSynchronously() {
        Statement partly = c.createStatement("SELECT $1::int, $2::int").bind(0, 1);
        assertThatThrownBy(partly::execute).isInstanceOf(IllegalStateException.class).hasMessageContaining("$2");
        Statement none = c.createStatement("SELECT $1::int");
        assertThatThrownBy(none::execute).isInstanceOf(IllegalStateException.class);
        // nothing was sent: the connection answers the next statement normally
        assertThat(TestDb.one(c, "SELECT 5", Integer.class)).isEqualTo(5);
    }

    @Test
    void addRules() {
        assertThatThrownBy(() -> c.createStatement("SELECT 1").add()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.createStatement("SELECT $1::int").add()).isInstanceOf(IllegalStateException.class);
        Statement partly = c.createStatement("SELECT $1::int + $2::int").bind(0, 1);
        assertThatThrownBy(partly::add).isInstanceOf(IllegalStateException.class).hasMessageContaining("$2");

        Statement s = c.createStatement("SELECT $1::int + $2::int");
        s.bind(0, 1).bind(1, 2).add().bind(0, 10).bind(1, 20).add().bind(0, 100).bind(1, 200);
        assertThat(TestDb.column(s, Integer.class)).containsExactly(3, 30, 300);
    }

    @Test
    void aTrailingAddLeavesAnEmptySetOfBindingsThatExecuteRefuses() {
        Statement s = c.createStatement("SELECT $1::int");
        s.bind(0, 1).add().bind(0, 2).add();
        assertThatThrownBy(s::execute).isInstanceOf(IllegalStateException.class);
        assertThat(TestDb.one(c, "SELECT 5", Integer.class)).isEqualTo(5);
    }

    @Test
    void bindNullWithAType() {
        Statement s = c.createStatement("SELECT $1 IS NULL, pg_typeof($1)::text").bindNull(0, Integer.class);
        List<Object[]> rows = Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> new Object[] {row.get(0, Boolean.class), row.get(1, String.class)}))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).containsExactly(true, "integer");
    }

    @Test
    void bindNullByName() {
        Statement s = c.createStatement("SELECT coalesce($1::text, 'was null')").bindNull("$1", String.class);
        assertThat(TestDb.one(s, String.class)).isEqualTo("was null");
    }

    @Test
    void typedParameters() {
        Statement varchar = c.createStatement("SELECT $1, pg_typeof($1)::text").bind(0, Parameters.in(R2dbcType.VARCHAR, "x"));
        assertThat(pair(varchar)).containsExactly("x", "character varying");
        Statement typedNull = c.createStatement("SELECT $1, pg_typeof($1)::text").bind(0, Parameters.in(R2dbcType.INTEGER));
        assertThat(pair(typedNull)).containsExactly(null, "integer");
        Statement bigint = c.createStatement("SELECT $1, pg_typeof($1)::text").bind(0, Parameters.in(R2dbcType.BIGINT, 7L));
        assertThat(pair(bigint)).containsExactly("7", "bigint");
    }

    @Test
    void outParametersAreRefused() {
        Statement s = c.createStatement("SELECT $1");
        assertThatThrownBy(() -> s.bind(0, Parameters.out(R2dbcType.INTEGER))).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> pair(Statement s) {
        List<List<String>> rows = Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> java.util.Arrays.asList(row.get(0, String.class), row.get(1, String.class))))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    @Test
    void returnGeneratedValuesOnInsert() {
        TestDb.run(c, "CREATE TEMP TABLE gen (id serial PRIMARY KEY, name text NOT NULL)");
        Statement s = c.createStatement("INSERT INTO gen (name) VALUES ($1)").bind(0, "a").returnGeneratedValues("id");
        assertThat(TestDb.one(s, Integer.class)).isEqualTo(1);
        Statement batch = c.createStatement("INSERT INTO gen (name) VALUES ($1)").returnGeneratedValues("id");
        batch.bind(0, "b").add().bind(0, "c");
        assertThat(TestDb.column(batch, Integer.class)).containsExactly(2, 3);
        Statement all = c.createStatement("INSERT INTO gen (name) VALUES ('d')").returnGeneratedValues();
        List<String> names = Flux.from(all.execute())
                .concatMap(r -> r.map((row, md) -> row.get("id", Integer.class) + ":" + row.get("name", String.class)))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(names).containsExactly("4:d");
    }

    @Test
    void returnGeneratedValuesKeepsTheUpdateCount() {
        TestDb.run(c, "CREATE TEMP TABLE gen2 (id serial PRIMARY KEY, name text)");
        Statement s = c.createStatement("INSERT INTO gen2 (name) VALUES ('a'), ('b')").returnGeneratedValues("id");
        assertThat(TestDb.rowsUpdated(s)).containsExactly(2L);
    }

    @Test
    void returnGeneratedValuesLeavesSelectAlone() {
        Statement s = c.createStatement("SELECT 3").returnGeneratedValues("id");
        assertThat(TestDb.one(s, Integer.class)).isEqualTo(3);
    }

    @Test
    void aStringIsAcceptedWhereTheServerExpectsAnotherType() {
        TestDb.run(c, "CREATE TEMP TABLE typed (u uuid, d date, i int, n numeric)");
        UUID uuid = UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        Statement insert = c.createStatement("INSERT INTO typed VALUES ($1, $2, $3, $4)")
                .bind(0, uuid.toString()).bind(1, "2024-02-29").bind(2, "42").bind(3, "1.50");
        assertThat(TestDb.rowsUpdated(insert)).containsExactly(1L);
        Statement select = c.createStatement("SELECT u, d, i, n FROM typed WHERE u = $1 AND d = $2 AND i = $3")
                .bind(0, uuid.toString()).bind(1, "2024-02-29").bind(2, "42");
        List<Object[]> rows = Flux.from(select.execute())
                .concatMap(r -> r.map((row, md) -> new Object[] {
                        row.get("u", UUID.class), row.get("d", LocalDate.class), row.get("i", Integer.class),
                        row.get("n", java.math.BigDecimal.class)}))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).containsExactly(uuid, LocalDate.of(2024, 2, 29), 42, new java.math.BigDecimal("1.50"));
    }

    @Test
    void aBadStringForTheServersTypeIsAServerError() {
        Statement s = c.createStatement("SELECT $1::uuid").bind(0, "not-a-uuid");
        assertThatThrownBy(() -> TestDb.one(s, String.class))
                .isInstanceOf(io.r2dbc.spi.R2dbcBadGrammarException.class)
                .satisfies(e -> assertThat(((io.r2dbc.spi.R2dbcException) e).getSqlState()).isEqualTo("22P02"));
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void resultsOfABatchArriveOnePerBinding() {
        Statement s = c.createStatement("SELECT g FROM generate_series(1, $1::int) g");
        s.bind(0, 2).add().bind(0, 0).add().bind(0, 3);
        List<List<Integer>> perResult = Flux.from(s.execute())
                .concatMap((Result r) -> Flux.from(r.map((row, md) -> row.get(0, Integer.class))).collectList())
                .collectList().block(TestDb.TIMEOUT);
        assertThat(perResult).containsExactly(List.of(1, 2), List.of(), List.of(1, 2, 3));
    }

    /** A Duration beyond interval's range passes the bind-time check and fails only when encoded. */
    private static final java.time.Duration TOO_LONG = java.time.Duration.ofSeconds(Long.MAX_VALUE);

    private void assertStatementFailsAndConnectionSurvives(Statement s) {
        assertThatThrownBy(() -> TestDb.column(s, String.class)).isInstanceOf(io.r2dbc.spi.R2dbcException.class)
                .hasMessageContaining("out of range");
        assertThat(TestDb.one(c, "SELECT 6", Integer.class)).isEqualTo(6);
        assertThat(TestDb.one(c.createStatement("SELECT $1::int").bind(0, 7), Integer.class)).isEqualTo(7);
    }

    @Test
    void aValueThatCannotBeEncodedFailsOnlyItsStatementWhenCached() {
        assertThat(TestDb.one(c.createStatement("SELECT $1::text").bind(0, java.time.Duration.ofSeconds(90)), String.class)).isEqualTo("00:01:30");
        assertStatementFailsAndConnectionSurvives(c.createStatement("SELECT $1::text").bind(0, TOO_LONG));
    }

    @Test
    void aValueThatCannotBeEncodedFailsOnlyItsStatementOnFirstExecution() {
        assertStatementFailsAndConnectionSurvives(c.createStatement("SELECT $1::text").bind(0, TOO_LONG));
    }

    @Test
    void aValueThatCannotBeEncodedFailsOnlyItsStatementWithoutACache() {
        Connection unnamed = Pg.connect(Pg.config().preparedStatementCacheQueries(0).build());
        try {
            assertThatThrownBy(() -> TestDb.column(unnamed.createStatement("SELECT $1::text").bind(0, TOO_LONG), String.class))
                    .isInstanceOf(io.r2dbc.spi.R2dbcException.class).hasMessageContaining("out of range");
            assertThat(TestDb.one(unnamed.createStatement("SELECT $1::int").bind(0, 7), Integer.class)).isEqualTo(7);
        } finally {
            TestDb.close(unnamed);
        }
    }

    @Test
    void tooManyParametersAreRefusedWhenTheStatementIsCreated() {
        StringBuilder sql = new StringBuilder("SELECT count(*) FROM (VALUES (1)) v(x) WHERE x IN (");
        for (int i = 1; i <= 70_000; i++) {
            sql.append(i == 1 ? "" : ",").append('$').append(i);
        }
        assertThatThrownBy(() -> c.createStatement(sql.append(')').toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("65535");
    }

    @Test
    void theMostParametersTheProtocolAllows() {
        int n = 65_535;
        StringBuilder sql = new StringBuilder("SELECT count(*) FROM (VALUES (1), (2)) v(x) WHERE x IN (");
        for (int i = 1; i <= n; i++) {
            sql.append(i == 1 ? "" : ",").append('$').append(i);
        }
        Statement s = c.createStatement(sql.append(')').toString());
        for (int i = 0; i < n; i++) {
            s.bind(i, i);
        }
        assertThat(TestDb.one(s, Long.class)).isEqualTo(2L);
    }

    @Test
    void severalCommandsWithParametersAreAServerError() {
        assertThatThrownBy(() -> TestDb.column(c.createStatement("SELECT $1::int; SELECT 2").bind(0, 1), Integer.class))
                .isInstanceOf(io.r2dbc.spi.R2dbcBadGrammarException.class)
                .satisfies(e -> assertThat(((io.r2dbc.spi.R2dbcException) e).getSqlState()).isEqualTo("42601"));
        assertThat(TestDb.one(c, "SELECT 9", Integer.class)).isEqualTo(9);
    }

    @Test
    void aNulCharacterInATextParameterIsAServerError() {
        assertThatThrownBy(() -> TestDb.column(c.createStatement("SELECT $1::text").bind(0, "a\0b"), String.class))
                .isInstanceOf(io.r2dbc.spi.R2dbcException.class);
        assertThat(TestDb.one(c.createStatement("SELECT $1::text").bind(0, "ab"), String.class)).isEqualTo("ab");
    }

    @Test
    void theExecutePublisherRunsTheStatementOncePerSubscription() {
        TestDb.run(c, "CREATE TEMP TABLE twice (i int)");
        org.reactivestreams.Publisher<? extends Result> p = c.createStatement("INSERT INTO twice VALUES ($1)").bind(0, 1).execute();
        assertThat(Flux.from(p).concatMap(Result::getRowsUpdated).collectList().block(TestDb.TIMEOUT)).containsExactly(1L);
        assertThat(Flux.from(p).concatMap(Result::getRowsUpdated).collectList().block(TestDb.TIMEOUT)).containsExactly(1L);
        assertThat(TestDb.one(c, "SELECT count(*) FROM twice", Long.class)).isEqualTo(2L);
    }

    @Test
    void arraysAndByteArrays() {
        Statement s = c.createStatement("SELECT array_length($1, 1), $2::bytea = '\\x0102ff'::bytea")
                .bind(0, new int[] {1, 2, 3}).bind(1, new byte[] {1, 2, (byte) 0xff});
        List<Object[]> rows = Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> new Object[] {row.get(0, Integer.class), row.get(1, Boolean.class)}))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).containsExactly(3, true);
    }

    @Test
    void eachBindingOfABatchGetsItsOwnValuesType() {
        // the batch reuses the previous binding's encoder only for a plainly bound value of the same class
        Statement s = c.createStatement("SELECT pg_typeof($1)::text");
        s.bind(0, Parameters.in(R2dbcType.BIGINT, 5)).add();
        s.bind(0, 5).add();
        s.bind(0, 5L).add();
        s.bind(0, 5).add();
        s.bind(0, Parameters.in(R2dbcType.SMALLINT, 5)).add();
        s.bind(0, 5);
        assertThat(TestDb.column(s, String.class)).containsExactly("bigint", "integer", "bigint", "integer", "smallint", "integer");
    }
}
