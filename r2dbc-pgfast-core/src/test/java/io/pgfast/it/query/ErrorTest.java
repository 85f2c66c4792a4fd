package io.pgfast.it.query;

import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgErrorDetails;
import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcPermissionDeniedException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

/** ErrorResponse fields, the SQL an exception carries, and notices as Message segments. */
@RequiresPostgres
class ErrorTest {

    private Connection c;
    private String table;

    @BeforeEach
    void open() {
        c = Pg.connect();
        table = TestDb.unique("qtests_err");
        TestDb.run(c, "CREATE TABLE " + table + " (id int PRIMARY KEY, email text CONSTRAINT " + table + "_email_uq UNIQUE,"
                + " n int NOT NULL CONSTRAINT " + table + "_n_positive CHECK (n > 0))");
        TestDb.run(c, "INSERT INTO " + table + " VALUES (1, 'a@example.org', 1)");
    }

    @AfterEach
    void close() {
        try {
            TestDb.run(c, "DROP TABLE IF EXISTS " + table);
        } finally {
            TestDb.close(c);
        }
    }

    /** The error {@code statement} fails with; fails the test when it succeeds. */
    private static R2dbcException error(Statement statement) {
        try {
            Flux.from(statement.execute()).concatMap(Result::getRowsUpdated).blockLast(TestDb.TIMEOUT);
        } catch (R2dbcException e) {
            return e;
        }
        return fail("expected " + statement + " to fail");
    }

    private R2dbcException error(String sql) {
        return error(c.createStatement(sql));
    }

    private static ErrorDetails details(R2dbcException e) {
        assertThat(e).isInstanceOf(PgErrorDetails.class);
        return ((PgErrorDetails) e).getErrorDetails();
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void aUniqueViolationCarriesSchemaTableConstraintAndDetail(boolean bound) {
        String sql = bound ? "INSERT INTO " + table + " VALUES ($1, $2, $3)" : "INSERT INTO " + table + " VALUES (2, 'a@example.org', 1)";
        Statement s = bound ? c.createStatement(sql).bind(0, 2).bind(1, "a@example.org").bind(2, 1) : c.createStatement(sql);
        R2dbcException e = error(s);
        assertThat(e).isInstanceOf(R2dbcDataIntegrityViolationException.class);
        assertThat(e.getSqlState()).isEqualTo("23505");
        assertThat(e.getSql()).isEqualTo(sql);
        ErrorDetails d = details(e);
        assertThat(d.severity()).contains("ERROR");
        assertThat(d.severityNonLocalized()).contains("ERROR");
        assertThat(d.code()).contains("23505");
        assertThat(d.message()).hasValueSatisfying(m -> assertThat(m).contains("duplicate key").contains(table + "_email_uq"));
        assertThat(d.detail()).contains("Key (email)=(a@example.org) already exists.");
        assertThat(d.schema()).contains("public");
        assertThat(d.table()).contains(table);
        assertThat(d.constraint()).contains(table + "_email_uq");
        assertThat(d.file()).isPresent();
        assertThat(d.line()).isPresent();
        assertThat(d.routine()).isPresent();
        assertThat(e.getMessage()).contains("duplicate key").contains("Detail: Key (email)=(a@example.org) already exists.");
    }

    @Test
    void aNotNullViolationNamesTheColumn() {
        R2dbcException e = error("INSERT INTO " + table + " (id, email) VALUES (3, 'b@example.org')");
        assertThat(e).isInstanceOf(R2dbcDataIntegrityViolationException.class);
        ErrorDetails d = details(e);
        assertThat(d.code()).contains("23502");
        assertThat(d.schema()).contains("public");
        assertThat(d.table()).contains(table);
        assertThat(d.column()).contains("n");
    }

    @Test
    void aCheckViolationNamesTheConstraint() {
        R2dbcException e = error(c.createStatement("UPDATE " + table + " SET n = $1 WHERE id = 1").bind(0, -5));
        assertThat(e).isInstanceOf(R2dbcDataIntegrityViolationException.class);
        ErrorDetails d = details(e);
        assertThat(d.code()).contains("23514");
        assertThat(d.constraint()).contains(table + "_n_positive");
        assertThat(d.table()).contains(table);
    }

    @Test
    void aDomainViolationNamesTheDataType() {
        String domain = table + "_posint";
        TestDb.run(c, "CREATE DOMAIN " + domain + " AS int CHECK (VALUE > 0)");
        try {
            R2dbcException e = error("SELECT (-1)::" + domain);
            ErrorDetails d = details(e);
            assertThat(d.code()).contains("23514");
            assertThat(d.schema()).contains("public");
            assertThat(d.dataType()).contains(domain);
            assertThat(d.constraint()).contains(domain + "_check");
        } finally {
            TestDb.run(c, "DROP DOMAIN " + domain);
        }
    }

    @Test
    void positionAndHint() {
        R2dbcException missing = error("SELECT * FROM nope_table");
        assertThat(missing).isInstanceOf(R2dbcBadGrammarException.class);
        assertThat(missing.getSqlState()).isEqualTo("42P01");
        assertThat(details(missing).position()).hasValue(15);

        R2dbcException noFunction = error(c.createStatement("SELECT lower($1::int)").bind(0, 1));
        assertThat(noFunction.getSqlState()).isEqualTo("42883");
        ErrorDetails d = details(noFunction);
        assertThat(d.position()).hasValue(8);
        assertThat(d.hint()).hasValueSatisfying(h -> assertThat(h).contains("explicit type casts"));
        assertThat(noFunction.getMessage()).contains("Hint: ");

        R2dbcException syntax = error("SELECT 1 FROM WHERE");
        assertThat(syntax.getSqlState()).isEqualTo("42601");
        assertThat(details(syntax).position()).hasValue(15);
    }

    @Test
    void internalQueryInternalPositionAndWhere() {
        R2dbcException e = error("DO $$ BEGIN EXECUTE 'SELECT * FROM nope_table'; END $$");
        ErrorDetails d = details(e);
        assertThat(d.code()).contains("42P01");
        assertThat(d.internalQuery()).contains("SELECT * FROM nope_table");
        assertThat(d.internalPosition()).hasValue(15);
        assertThat(d.position()).isEmpty();
        assertThat(d.where()).hasValueSatisfying(w -> assertThat(w).contains("PL/pgSQL function inline_code_block").contains("EXECUTE"));
    }

    @Test
    void everyFieldRaiseCanSet() {
        R2dbcException e = error("DO $$ BEGIN RAISE EXCEPTION 'boom %', 42 USING DETAIL = 'the detail', HINT = 'the hint',"
                + " ERRCODE = 'check_violation', COLUMN = 'col', CONSTRAINT = 'con', DATATYPE = 'typ', TABLE = 'tab', SCHEMA = 'sch'; END $$");
        assertThat(e).isInstanceOf(R2dbcDataIntegrityViolationException.class);
        ErrorDetails d = details(e);
        assertThat(d.message()).contains("boom 42");
        assertThat(d.detail()).contains("the detail");
        assertThat(d.hint()).contains("the hint");
        assertThat(d.code()).contains("23514");
        assertThat(d.column()).contains("col");
        assertThat(d.constraint()).contains("con");
        assertThat(d.dataType()).contains("typ");
        assertThat(d.table()).contains("tab");
        assertThat(d.schema()).contains("sch");
        assertThat(d.where()).hasValueSatisfying(w -> assertThat(w).contains("RAISE"));
        assertThat(d.fields()).containsKeys(ErrorDetails.SEVERITY, ErrorDetails.CODE, ErrorDetails.MESSAGE, ErrorDetails.DETAIL,
                ErrorDetails.HINT, ErrorDetails.WHERE, ErrorDetails.SCHEMA, ErrorDetails.TABLE, ErrorDetails.COLUMN,
                ErrorDetails.DATA_TYPE, ErrorDetails.CONSTRAINT, ErrorDetails.FILE, ErrorDetails.LINE, ErrorDetails.ROUTINE);
        assertThat(e.getMessage()).isEqualTo("boom 42\nDetail: the detail\nHint: the hint");
    }

    @Test
    void permissionDenied() {
        R2dbcException e = error("SELECT pg_read_file('postgresql.conf')");
        assertThat(e).isInstanceOf(R2dbcPermissionDeniedException.class);
        assertThat(e.getSqlState()).isEqualTo("42501");
    }

    @Test
    void getSqlCarriesTheStatement() {
        assertThat(error("SELECT 1/0").getSql()).isEqualTo("SELECT 1/0");
        String bound = "SELECT 1 / $1::int";
        assertThat(error(c.createStatement(bound).bind(0, 0)).getSql()).isEqualTo(bound);
        String prepareFails = "SELECT nope_column FROM " + table + " WHERE id = $1";
        assertThat(error(c.createStatement(prepareFails).bind(0, 1)).getSql()).isEqualTo(prepareFails);
        String batch = "INSERT INTO " + table + " VALUES ($1, $2, 1)";
        Statement s = c.createStatement(batch);
        s.bind(0, 5).bind(1, "x@example.org").add().bind(0, 1).bind(1, "y@example.org");
        assertThat(error(s).getSql()).isEqualTo(batch);
        String multi = "SELECT 1; SELECT * FROM nope_table";
        assertThat(error(multi).getSql()).isEqualTo(multi);
    }

    @Test
    void aTransactionCommandErrorCarriesItsSql() {
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        assertThatThrownBy(() -> Mono.from(c.releaseSavepoint("nope")).block(TestDb.TIMEOUT))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSql()).contains("RELEASE SAVEPOINT").contains("nope"));
        Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
    }

    @Test
    void anErrorEndsTheRestOfASimpleQueryAndRollsItBack() {
        List<String> segments = Flux.from(c.createStatement("INSERT INTO " + table + " VALUES (7, 'z@example.org', 1);"
                        + " SELECT 1/0; INSERT INTO " + table + " VALUES (8, 'w@example.org', 1)").execute())
                .concatMap(r -> r.flatMap(seg -> Mono.just(seg instanceof Result.UpdateCount ? "count " + ((Result.UpdateCount) seg).value()
                        : seg instanceof Result.Message ? "error " + ((Result.Message) seg).sqlState() : "row")))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("count 1", "error 22012");
        assertThat(TestDb.one(c, "SELECT count(*) FROM " + table, Long.class)).isEqualTo(1L);
    }

    @Test
    void theConnectionStaysUsableAfterManyErrors() {
        for (int i = 0; i < 20; i++) {
            Statement s = i % 2 == 0 ? c.createStatement("SELECT 1/0") : c.createStatement("SELECT 1 / $1::int").bind(0, 0);
            assertThat(error(s).getSqlState()).isEqualTo("22012");
        }
        assertThat(TestDb.one(c.createStatement("SELECT $1::int").bind(0, 4), Integer.class)).isEqualTo(4);
    }

    private static Mono<String> describe(Result.Segment seg) {
        if (seg instanceof Result.Message) {
            Result.Message m = (Result.Message) seg;
            return Mono.just("message " + m.sqlState() + " " + m.message());
        }
        if (seg instanceof Result.RowSegment) {
            return Mono.just("row " + ((Result.RowSegment) seg).row().get(0, Integer.class));
        }
        if (seg instanceof Result.UpdateCount) {
            return Mono.just("count " + ((Result.UpdateCount) seg).value());
        }
        return Mono.just("other");
    }

    private static final String NOTICE_BEFORE_RESULT = "driver bug: a notice that arrives before the Result is opened (simple query, "
            + "no RowDescription yet: DO blocks, CALL, INSERT with a noisy trigger) is only logged; QueryFlow.onNotice drops it when "
            + "current == null instead of keeping it for the Result that the next message opens";

    @Test
    void noticesAreMessageSegments() {
        List<String> segments = Flux.from(c.createStatement("DO $$ BEGIN RAISE NOTICE 'hello %', 1; RAISE WARNING 'careful'; END $$").execute())
                .concatMap(r -> r.flatMap(ErrorTest::describe))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("message 00000 hello 1", "message 01000 careful");
    }

    @Test
    void aNoticeSegmentCarriesItsFields() {
        List<R2dbcException> notices = Flux.from(c.createStatement("DO $$ BEGIN RAISE NOTICE 'n' USING DETAIL = 'd', HINT = 'h'; END $$").execute())
                .concatMap(r -> r.flatMap(seg -> seg instanceof Result.Message ? Mono.just(((Result.Message) seg).exception()) : Mono.empty()))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(notices).hasSize(1);
        ErrorDetails d = details(notices.get(0));
        assertThat(d.severityNonLocalized()).contains("NOTICE");
        assertThat(d.message()).contains("n");
        assertThat(d.detail()).contains("d");
        assertThat(d.hint()).contains("h");
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void noticesArriveInOrderWithTheRows(boolean bound) {
        TestDb.run(c, "CREATE FUNCTION pg_temp.noisy(i int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'n%', i; RETURN i; END $$");
        Statement s = bound ? c.createStatement("SELECT pg_temp.noisy(g) FROM generate_series(1, $1::int) g").bind(0, 3)
                : c.createStatement("SELECT pg_temp.noisy(g) FROM generate_series(1, 3) g");
        List<String> segments = Flux.from(s.execute()).concatMap(r -> r.flatMap(ErrorTest::describe)).collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("message 00000 n1", "row 1", "message 00000 n2", "row 2", "message 00000 n3", "row 3", "count 3");
    }

    @Test
    void noticesDoNotDisturbMap() {
        TestDb.run(c, "CREATE FUNCTION pg_temp.noisy2(i int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'n%', i; RETURN i; END $$");
        assertThat(TestDb.column(c, "SELECT pg_temp.noisy2(g) FROM generate_series(1, 100) g", Integer.class)).hasSize(100).endsWith(99, 100);
        assertThat(TestDb.rowsUpdated(c.createStatement("SELECT pg_temp.noisy2(g) FROM generate_series(1, $1::int) g").bind(0, 50)))
                .containsExactly(50L);
        // a warning on a driver command (BEGIN inside a transaction) is logged, not an error
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
    }

    @Test
    void aNoticeBeforeAnErrorIsASegmentToo() {
        List<String> segments = Flux.from(c.createStatement("DO $$ BEGIN RAISE NOTICE 'first'; RAISE EXCEPTION 'then boom'; END $$").execute())
                .concatMap(r -> r.flatMap(ErrorTest::describe)).collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("message 00000 first", "message P0001 then boom");
    }

    private List<String> callNoisyProcedure(boolean bound) {
        TestDb.run(c, "CREATE PROCEDURE pg_temp.noisy_proc(i int) LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'p%', i; END $$");
        Statement s = bound ? c.createStatement("CALL pg_temp.noisy_proc($1)").bind(0, 5) : c.createStatement("CALL pg_temp.noisy_proc(5)");
        return Flux.from(s.execute()).concatMap(r -> r.flatMap(ErrorTest::describe)).collectList().block(TestDb.TIMEOUT);
    }

    @Test
    void noticesOfAPreparedCallAreMessageSegments() {
        assertThat(callNoisyProcedure(true)).containsExactly("message 00000 p5");
    }

    @Test
    void noticesOfASimpleCallAreMessageSegments() {
        assertThat(callNoisyProcedure(false)).containsExactly("message 00000 p5");
    }

    @Test
    void noticesOfAPreparedDmlAreMessageSegments() {
        TestDb.run(c, "CREATE FUNCTION pg_temp.noisy_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'row %', NEW.id; RETURN NEW; END $$");
        TestDb.run(c, "CREATE TRIGGER noisy BEFORE INSERT ON " + table + " FOR EACH ROW EXECUTE FUNCTION pg_temp.noisy_trigger()");
        Statement s = c.createStatement("INSERT INTO " + table + " VALUES ($1, $2, 1)");
        s.bind(0, 10).bind(1, "t1@example.org").add().bind(0, 11).bind(1, "t2@example.org");
        List<String> segments = Flux.from(s.execute()).concatMap(r -> r.flatMap(ErrorTest::describe)).collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("message 00000 row 10", "count 1", "message 00000 row 11", "count 1");
    }
}
