package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The fast path: named prepared statements cached per connection (checked in the session's own
 * {@code pg_prepared_statements}), binary results, unnamed statements, eviction, and transparent
 * re-preparation when the server no longer accepts a cached statement.
 */
@RequiresPostgres
class PreparedStatementTest {

    private static final String PREPARED = "SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY prepare_time, name";

    private Connection c;

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private List<String> prepared() {
        // a simple query (no parameters): it is not prepared itself
        return TestDb.column(c, PREPARED, String.class);
    }

    @Test
    void theSecondExecutionReusesThePreparedStatement() {
        c = Pg.connect();
        String sql = "SELECT $1::int + 1";
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 1), Integer.class)).isEqualTo(2);
        assertThat(prepared()).containsExactly(sql);
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 10), Integer.class)).isEqualTo(11);
        assertThat(prepared()).containsExactly(sql);
        if (TestDb.server().majorVersion() >= 14) {
            long executions = TestDb.one(c, "SELECT generic_plans + custom_plans FROM pg_prepared_statements WHERE NOT from_sql", Long.class);
            assertThat(executions).isEqualTo(2);
        }
    }

    @Test
    void anotherParameterTypeIsAnotherPreparedStatement() {
        c = Pg.connect();
        String sql = "SELECT $1 + 1";
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 1), Integer.class)).isEqualTo(2);
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 1L), Long.class)).isEqualTo(2L);
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 5), Integer.class)).isEqualTo(6);
        assertThat(prepared()).containsExactly(sql, sql);
    }

    @Test
    void aStatementWithoutParametersRunsAsASimpleQueryAndIsNotPrepared() {
        c = Pg.connect();
        assertThat(TestDb.one(c, "SELECT 40 + 2", Integer.class)).isEqualTo(42);
        assertThat(prepared()).isEmpty();
    }

    @Test
    void binaryResultsEqualTextResults() {
        c = Pg.connect(Pg.config().timeZone(ZoneId.of("America/St_Johns")).build());
        TestDb.run(c, "CREATE TEMP TABLE kinds (id int, i2 smallint, i4 int, i8 bigint, t text, v varchar(10), tz timestamptz,"
                + " ts timestamp, d date, n numeric, b bool, f8 float8, f4 float4, u uuid, by bytea, tm time, iv interval)");
        TestDb.run(c, "INSERT INTO kinds VALUES"
                + " (1, -32768, -2147483648, -9223372036854775808, '', 'x', '2024-02-29 23:59:59.999999+00', '2024-02-29 12:00:00',"
                + "  '2024-02-29', -123456789012345678901234567890.123456789, true, -1.5e300, 3.25, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',"
                + "  '\\x00ff10', '23:59:59.5', '1 year 2 mons 3 days 04:05:06.7'),"
                + " (2, 32767, 2147483647, 9223372036854775807, 'grüße 🎉 \"q\"', 'yz', '1970-01-01 00:00:00+00', '1999-12-31 23:59:59.123456',"
                + "  '0001-01-01', 0.000001, false, 0, -0.5, '00000000-0000-0000-0000-000000000000', '\\x', '00:00', '-1 day'),"
                + " (3, 0, 0, 0, 'plain', NULL, '2038-01-19 03:14:08+05:30', NULL, '9999-12-31', 10000000000000000000000, NULL, 1e-300, 1e10,"
                + "  NULL, NULL, NULL, '0'),"
                + " (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)");
        String columns = "i2, i4, i8, t, v, tz, ts, d, n, b, f8, f4, u, by, tm, iv";
        List<List<Object>> text = rows(c.createStatement("SELECT " + columns + " FROM kinds ORDER BY id"));
        List<List<Object>> binary = rows(c.createStatement("SELECT " + columns + " FROM kinds WHERE id > $1 ORDER BY id").bind(0, 0));
        assertThat(text).hasSize(4);
        assertThat(binary).hasSize(4);
        for (int r = 0; r < 4; r++) {
            for (int col = 0; col < text.get(r).size(); col++) {
                Object t = comparable(text.get(r).get(col));
                Object b = comparable(binary.get(r).get(col));
                assertThat(b).as("row %d column %s", r + 1, columns.split(", ")[col]).isEqualTo(t);
            }
        }
        assertThat(text.get(1).get(3)).isEqualTo("grüße 🎉 \"q\"");
        assertThat(((OffsetDateTime) text.get(0).get(5)).toInstant()).isEqualTo(java.time.Instant.parse("2024-02-29T23:59:59.999999Z"));
    }

    /** The same instant shown in two offsets is the same value; byte arrays compare by content. */
    private static Object comparable(Object value) {
        if (value instanceof OffsetDateTime) {
            return ((OffsetDateTime) value).toInstant();
        }
        if (value instanceof byte[]) {
            return Arrays.toString((byte[]) value);
        }
        if (value instanceof java.nio.ByteBuffer) {
            java.nio.ByteBuffer bb = ((java.nio.ByteBuffer) value).duplicate();
            byte[] bytes = new byte[bb.remaining()];
            bb.get(bytes);
            return Arrays.toString(bytes);
        }
        return value;
    }

    private static List<List<Object>> rows(Statement s) {
        return Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> {
                    List<Object> values = new ArrayList<>();
                    for (int i = 0; i < md.getColumnMetadatas().size(); i++) {
                        values.add(row.get(i));
                    }
                    return values;
                }))
                .collectList().block(TestDb.TIMEOUT);
    }

    @Test
    void timestamptzKeepsTheSameOffsetInTextAndBinary() {
        c = Pg.connect(Pg.config().timeZone(ZoneId.of("Asia/Kolkata")).build());
        OffsetDateTime text = TestDb.one(c, "SELECT '2024-06-01 12:00:00+00'::timestamptz", OffsetDateTime.class);
        OffsetDateTime binary = TestDb.one(c.createStatement("SELECT '2024-06-01 12:00:00+00'::timestamptz WHERE $1").bind(0, true),
                OffsetDateTime.class);
        assertThat(text.toInstant()).isEqualTo(binary.toInstant());
        assertThat(binary).isEqualTo(text);
    }

    @Test
    void unnamedStatementsWhenTheCacheIsOff() {
        c = Pg.connect(Pg.config().preparedStatementCacheQueries(0).build());
        String sql = "SELECT $1::int * 2, $2::text";
        for (int i = 0; i < 3; i++) {
            List<String> row = Flux.from(c.createStatement(sql).bind(0, i).bind(1, "v" + i).execute())
                    .concatMap(r -> r.map((rw, md) -> rw.get(0, Integer.class) + rw.get(1, String.class)))
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(row).containsExactly((i * 2) + "v" + i);
        }
        Statement batch = c.createStatement("SELECT $1::int + 1");
        batch.bind(0, 1).add().bind(0, 2).add().bind(0, 3);
        assertThat(TestDb.column(batch, Integer.class)).containsExactly(2, 3, 4);
        Statement mixedTypes = c.createStatement("SELECT pg_typeof($1)::text");
        mixedTypes.bind(0, 1).add().bind(0, 1L).add().bind(0, io.r2dbc.spi.Parameters.in(io.r2dbc.spi.R2dbcType.VARCHAR, "s"));
        assertThat(TestDb.column(mixedTypes, String.class)).containsExactly("integer", "bigint", "character varying");
        assertThat(TestDb.column(c.createStatement("SELECT g FROM generate_series(1, 95) g WHERE g > $1").bind(0, 0).fetchSize(10), Integer.class))
                .hasSize(95).startsWith(1, 2, 3).endsWith(94, 95);
        assertThat(prepared()).isEmpty();
    }

    @Test
    void unnamedStatementsReportErrorsAndRecover() {
        c = Pg.connect(Pg.config().preparedStatementCacheQueries(0).build());
        assertThatThrownBy(() -> TestDb.one(c.createStatement("SELECT 1 / $1::int").bind(0, 0), Integer.class))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("22012"));
        assertThat(TestDb.one(c.createStatement("SELECT 1 / $1::int").bind(0, 1), Integer.class)).isEqualTo(1);
    }

    @Test
    void theCacheEvictsBeyondItsSize() {
        c = Pg.connect(Pg.config().preparedStatementCacheQueries(2).build());
        String a = "SELECT $1::int + 1";
        String b = "SELECT $1::int + 2";
        String third = "SELECT $1::int + 3";
        assertThat(TestDb.one(c.createStatement(a).bind(0, 0), Integer.class)).isEqualTo(1);
        assertThat(TestDb.one(c.createStatement(b).bind(0, 0), Integer.class)).isEqualTo(2);
        assertThat(TestDb.one(c.createStatement(third).bind(0, 0), Integer.class)).isEqualTo(3);
        // the Close of the evicted statement goes out with the next extended-protocol statement
        assertThat(TestDb.one(c.createStatement(third).bind(0, 10), Integer.class)).isEqualTo(13);
        List<String> now = prepared();
        assertThat(now).hasSizeLessThanOrEqualTo(2).doesNotContain(a).contains(third);
        // the evicted one is prepared again when it comes back
        assertThat(TestDb.one(c.createStatement(a).bind(0, 5), Integer.class)).isEqualTo(6);
        assertThat(TestDb.one(c.createStatement(third).bind(0, 5), Integer.class)).isEqualTo(8);
        assertThat(prepared()).hasSizeLessThanOrEqualTo(2).contains(a);
    }

    @Test
    void aResultTypeChangeIsPreparedAgainTransparently() {
        c = Pg.connect();
        TestDb.run(c, "CREATE TEMP TABLE shape (a int)");
        TestDb.run(c, "INSERT INTO shape VALUES (1), (2)");
        String sql = "SELECT * FROM shape WHERE a >= $1 ORDER BY a";
        assertThat(rows(c.createStatement(sql).bind(0, 0))).containsExactly(List.of(1), List.of(2));
        TestDb.run(c, "ALTER TABLE shape ADD COLUMN b text DEFAULT 'x'");
        assertThat(rows(c.createStatement(sql).bind(0, 0))).containsExactly(List.of(1, "x"), List.of(2, "x"));
        TestDb.run(c, "ALTER TABLE shape ALTER COLUMN a TYPE bigint");
        assertThat(rows(c.createStatement(sql).bind(0, 0))).containsExactly(List.of(1L, "x"), List.of(2L, "x"));
        // the stale statement is closed with the next extended-protocol statement
        assertThat(TestDb.one(c.createStatement("SELECT $1::int").bind(0, 1), Integer.class)).isEqualTo(1);
        assertThat(prepared()).containsOnlyOnce(sql).hasSize(2);
    }

    @Test
    void aFunctionRaising0A000IsReportedAndNotSentAgain() {
        c = Pg.connect();
        TestDb.run(c, "CREATE TEMP SEQUENCE refusals");
        // IMMUTABLE with a bound argument: the planner runs it while binding, before BindComplete, where the
        // server also reports a stale cached plan; the sequence counts the calls (nextval is not rolled back)
        TestDb.run(c, "CREATE FUNCTION pg_temp.refuse(x int) RETURNS int IMMUTABLE LANGUAGE plpgsql AS $$ BEGIN "
                + "PERFORM nextval('refusals'); RAISE EXCEPTION 'refused %', x USING ERRCODE = '0A000'; END $$");
        String sql = "SELECT pg_temp.refuse($1)";
        assertThatThrownBy(() -> TestDb.one(c.createStatement(sql).bind(0, 7), Integer.class))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("refused 7")
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("0A000"));
        assertThat(TestDb.one(c, "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM refusals", Long.class))
                .as("calls of the function").isEqualTo(1);
        // the statement itself is sound: it stays prepared and cached
        assertThat(prepared()).containsOnlyOnce(sql);
        assertThatThrownBy(() -> TestDb.one(c.createStatement(sql).bind(0, 8), Integer.class))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("refused 8");
        assertThat(TestDb.one(c, "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM refusals", Long.class))
                .as("calls of the function").isEqualTo(2);
        assertThat(prepared()).containsOnlyOnce(sql);
    }

    @Test
    void aResultTypeChangeInsideATransactionFailsItAndIsPreparedAgainAfterwards() {
        c = Pg.connect();
        TestDb.run(c, "CREATE TEMP TABLE shape2 (a int)");
        TestDb.run(c, "INSERT INTO shape2 VALUES (1)");
        String sql = "SELECT * FROM shape2 WHERE a >= $1";
        assertThat(rows(c.createStatement(sql).bind(0, 0))).containsExactly(List.of(1));
        reactor.core.publisher.Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        TestDb.run(c, "ALTER TABLE shape2 ADD COLUMN b int DEFAULT 7");
        assertThatThrownBy(() -> rows(c.createStatement(sql).bind(0, 0)))
                .isInstanceOf(R2dbcException.class)
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("0A000"));
        reactor.core.publisher.Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
        assertThat(rows(c.createStatement(sql).bind(0, 0))).containsExactly(List.of(1));
    }

    @Test
    void deallocateAllBetweenExecutionsIsRecoveredFrom() {
        c = Pg.connect();
        String sql = "SELECT $1::int * 3";
        String other = "SELECT $1::text || '!'";
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 2), Integer.class)).isEqualTo(6);
        assertThat(TestDb.one(c.createStatement(other).bind(0, "a"), String.class)).isEqualTo("a!");
        TestDb.run(c, "DEALLOCATE ALL");
        assertThat(prepared()).isEmpty();
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 3), Integer.class)).isEqualTo(9);
        assertThat(TestDb.one(c.createStatement(other).bind(0, "b"), String.class)).isEqualTo("b!");
        assertThat(prepared()).containsExactlyInAnyOrder(sql, other);
    }

    @Test
    void discardAllBetweenExecutionsIsRecoveredFrom() {
        c = Pg.connect();
        String sql = "SELECT $1::int * 4";
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 2), Integer.class)).isEqualTo(8);
        TestDb.run(c, "DISCARD ALL");
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 3), Integer.class)).isEqualTo(12);
        Statement batch = c.createStatement(sql);
        batch.bind(0, 1).add().bind(0, 2);
        assertThat(TestDb.column(batch, Integer.class)).containsExactly(4, 8);
    }

    @Test
    void deallocateAllBeforeABatchIsRecoveredFrom() {
        c = Pg.connect();
        String sql = "SELECT $1::int * 5";
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 1), Integer.class)).isEqualTo(5);
        TestDb.run(c, "DEALLOCATE ALL");
        Statement batch = c.createStatement(sql);
        batch.bind(0, 1).add().bind(0, 2);
        assertThat(TestDb.column(batch, Integer.class)).containsExactly(5, 10);
    }

    @Test
    void aBatchAfterDeallocateAllFailsAtMostOnce() {
        c = Pg.connect();
        String sql = "SELECT $1::int * 6";
        assertThat(TestDb.one(c.createStatement(sql).bind(0, 1), Integer.class)).isEqualTo(6);
        TestDb.run(c, "DEALLOCATE ALL");
        Statement batch = c.createStatement(sql);
        batch.bind(0, 1).add().bind(0, 2);
        try {
            assertThat(TestDb.column(batch, Integer.class)).containsExactly(6, 12);
        } catch (R2dbcException e) {
            assertThat(e.getSqlState()).isEqualTo("26000");
        }
        Statement again = c.createStatement(sql);
        again.bind(0, 3).add().bind(0, 4);
        assertThat(TestDb.column(again, Integer.class)).containsExactly(18, 24);
    }

    @Test
    void aFailedPrepareIsReportedAndNotCached() {
        c = Pg.connect();
        String sql = "SELECT nope_column FROM pg_class WHERE oid = $1";
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> TestDb.one(c.createStatement(sql).bind(0, 1), Integer.class))
                    .isInstanceOf(io.r2dbc.spi.R2dbcBadGrammarException.class)
                    .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("42703"));
        }
        assertThat(prepared()).isEmpty();
        assertThat(TestDb.one(c.createStatement("SELECT $1::int").bind(0, 9), Integer.class)).isEqualTo(9);
    }

    private void concurrentDistinctStatements(int cacheSize) {
        c = Pg.connect(Pg.config().preparedStatementCacheQueries(cacheSize).build());
        List<String> answers = Flux.range(0, 400)
                .flatMap(i -> {
                    int k = i % 20;
                    Statement s = c.createStatement("SELECT $1::int + " + k + ", '" + k + "'");
                    if (i % 7 == 0) {
                        s.bind(0, i).add().bind(0, i + 1);
                    } else {
                        s.bind(0, i);
                    }
                    return Flux.from(s.execute())
                            .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class) + "/" + row.get(1, String.class)))
                            .collectList().map(v -> i + "=" + v);
                }, 400)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(answers).hasSize(400);
        for (String a : answers) {
            int i = Integer.parseInt(a.substring(0, a.indexOf('=')));
            int k = i % 20;
            String expected = i % 7 == 0 ? "[" + (i + k) + "/" + k + ", " + (i + 1 + k) + "/" + k + "]" : "[" + (i + k) + "/" + k + "]";
            assertThat(a).isEqualTo(i + "=" + expected);
        }
        if (cacheSize > 0) {
            // the evicted statements are closed with the next extended-protocol statement (a cached one: it evicts nothing)
            List<String> cached = prepared();
            String last = cached.get(cached.size() - 1);
            assertThat(TestDb.column(c.createStatement(last).bind(0, 1), Integer.class)).hasSize(1);
            assertThat(prepared()).hasSizeLessThanOrEqualTo(cacheSize);
        } else {
            assertThat(prepared()).isEmpty();
        }
    }

    @Test
    void concurrentDistinctStatementsWithASmallCache() {
        concurrentDistinctStatements(4);
    }

    @Test
    void concurrentDistinctStatementsWithoutACache() {
        concurrentDistinctStatements(0);
    }

    @Test
    void concurrentDistinctStatementsWithTheDefaultCache() {
        concurrentDistinctStatements(256);
    }
}
