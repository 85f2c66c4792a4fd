package io.pgfast.it;

import io.pgfast.codec.type.Range;
import io.pgfast.codec.type.Record;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestPostgres;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Types whose OIDs exist only at run time — enums, domains (over a scalar and over an array), composites,
 * a range over a domain, the contrib types citext, hstore and ltree — and their arrays, read and bound
 * through the R2DBC SPI only, in text (simple query) and binary (extended query) results. ltree has no
 * codec: it and its array read as their text.
 */
@RequiresPostgres
class RuntimeTypesTest {

    /** Constants named as the labels of rtt.mood. */
    enum Mood { sad, ok, happy }

    private PgfastConnection c;

    @BeforeAll
    static void createTypes() {
        TestDb.server().execute(
                "CREATE EXTENSION IF NOT EXISTS citext",
                "CREATE EXTENSION IF NOT EXISTS hstore",
                "CREATE EXTENSION IF NOT EXISTS ltree",
                "DROP SCHEMA IF EXISTS rtt CASCADE",
                "CREATE SCHEMA rtt",
                "GRANT ALL ON SCHEMA rtt TO PUBLIC",
                "CREATE TYPE rtt.mood AS ENUM ('sad', 'ok', 'happy')",
                "CREATE DOMAIN rtt.posint AS int4 CHECK (VALUE > 0)",
                "CREATE DOMAIN rtt.label AS text CHECK (VALUE <> '')",
                "CREATE DOMAIN rtt.intlist AS int4[]",
                "CREATE TYPE rtt.entry AS (m rtt.mood, tags text[], moods rtt.mood[], n rtt.posint)",
                "CREATE TYPE rtt.posrange AS RANGE (subtype = rtt.posint)",
                "CREATE TYPE rtt.node AS (path ltree, m rtt.mood, names citext[])",
                "CREATE TABLE rtt.diary (id int PRIMARY KEY, moods rtt.mood[], names citext[])",
                "GRANT ALL ON rtt.diary TO PUBLIC");
    }

    @BeforeEach
    void connect() {
        // a new factory each test: the types are looked up by each factory on its own
        c = Pg.connect();
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    /** One value: text format without a parameter (simple query), binary with one (extended query). */
    private static <T> T read(PgfastConnection c, String sql, boolean binary, Class<T> type) {
        Statement s = binary ? c.createStatement(sql + " WHERE $1 = 1").bind(0, 1) : c.createStatement(sql);
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> row.get(0, type))).single().block(TestDb.TIMEOUT);
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void anEnumArrayReadsAsStringArrayByDefaultAndOnRequest(boolean binary) {
        String sql = "SELECT ARRAY['sad','happy']::rtt.mood[]";
        assertThat(read(c, sql, binary, Object.class)).isEqualTo(new String[] {"sad", "happy"});
        assertThat(read(c, sql, binary, String[].class)).containsExactly("sad", "happy");
        assertThat(read(c, sql, binary, List.class)).containsExactly("sad", "happy");
        assertThat(read(c, sql, binary, String.class)).isEqualTo("{sad,happy}");
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void multiDimensionalArraysWithNullElements(boolean binary) {
        String sql = "SELECT ARRAY[['sad',NULL],['ok','happy']]::rtt.mood[]";
        assertThat(read(c, sql, binary, Object.class)).isEqualTo(new String[][] {{"sad", null}, {"ok", "happy"}});
        assertThat(read(c, sql, binary, String[][].class)).isEqualTo(new String[][] {{"sad", null}, {"ok", "happy"}});
        assertThat(read(c, "SELECT ARRAY[[1,NULL],[3,4]]::rtt.posint[]", binary, Integer[][].class))
                .isEqualTo(new Integer[][] {{1, null}, {3, 4}});
        assertThat(read(c, "SELECT ARRAY[['a.b',NULL],['c','d.e.f']]::ltree[]", binary, String[][].class))
                .isEqualTo(new String[][] {{"a.b", null}, {"c", "d.e.f"}});
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void arraysOfDomainsReadAsTheirBaseType(boolean binary) {
        assertThat(read(c, "SELECT ARRAY[1,2]::rtt.posint[]", binary, Object.class)).isEqualTo(new Integer[] {1, 2});
        assertThat(read(c, "SELECT ARRAY[1,2]::rtt.posint[]", binary, int[].class)).containsExactly(1, 2);
        assertThat(read(c, "SELECT ARRAY['a','b']::rtt.label[]", binary, String[].class)).containsExactly("a", "b");
        assertThat(read(c, "SELECT '{3,4}'::rtt.intlist", binary, Object.class)).isEqualTo(new Integer[] {3, 4});
        assertThat(read(c, "SELECT '{3,4}'::rtt.intlist", binary, List.class)).containsExactly(3, 4);
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    @SuppressWarnings("unchecked")
    void arraysOfExtensionTypes(boolean binary) {
        assertThat(read(c, "SELECT ARRAY['Ab','cD']::citext[]", binary, Object.class)).isEqualTo(new String[] {"Ab", "cD"});
        assertThat(read(c, "SELECT ARRAY['Ab',NULL]::citext[]", binary, String[].class)).containsExactly("Ab", null);
        Object[] maps = (Object[]) read(c, "SELECT ARRAY['a=>1'::hstore, 'b=>NULL'::hstore]", binary, Object.class);
        assertThat(maps).hasSize(2);
        assertThat((Map<Object, Object>) maps[0]).containsEntry("a", "1");
        assertThat((Map<Object, Object>) maps[1]).containsEntry("b", null);
        assertThat(read(c, "SELECT ARRAY['a.b','c']::ltree[]", binary, Object.class)).isEqualTo(new String[] {"a.b", "c"});
        assertThat(read(c, "SELECT ARRAY['a.b','c']::ltree[]", binary, String[].class)).containsExactly("a.b", "c");
        assertThat(read(c, "SELECT ARRAY['a.b','c']::ltree[]", binary, List.class)).containsExactly("a.b", "c");
        assertThat(read(c, "SELECT 'a.b'::ltree", binary, Object.class)).isEqualTo("a.b");
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void compositesWithEnumAndArrayFieldsAndTheirArrays(boolean binary) {
        String row = "ROW('sad', '{x,NULL}', '{happy,ok}', 3)::rtt.entry";
        Record r = read(c, "SELECT " + row, binary, Record.class);
        assertThat(r.size()).isEqualTo(4);
        assertThat(r.get(0)).isEqualTo("sad");
        assertThat(r.get(1)).isEqualTo(new String[] {"x", null});
        assertThat(r.get(2)).isEqualTo(new String[] {"happy", "ok"});
        assertThat(r.get(3)).isEqualTo(3);
        Object array = read(c, "SELECT ARRAY[" + row + ", NULL]", binary, Object.class);
        assertThat(array).isInstanceOf(Record[].class);
        Record[] records = (Record[]) array;
        assertThat(records).hasSize(2);
        assertThat(records[0].get(2)).isEqualTo(new String[] {"happy", "ok"});
        assertThat(records[1]).isNull();
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void aCompositeWithAFieldWithoutCodecReadsThatFieldAsText(boolean binary) {
        Record r = read(c, "SELECT ROW('a.b', 'ok', '{X,y}')::rtt.node", binary, Record.class);
        assertThat(r.get(0)).isEqualTo("a.b");
        assertThat(r.get(1)).isEqualTo("ok");
        assertThat(r.get(2)).isEqualTo(new String[] {"X", "y"});
        // a table's row type is looked up when a result names it
        Record row = read(c, "SELECT d FROM (SELECT 5 AS id, '{sad}'::rtt.mood[] AS moods, '{Q}'::citext[] AS names) d", binary, Record.class);
        assertThat(row.size()).isEqualTo(3);
        Record diaryRow = read(c, "SELECT ROW(7, '{ok}', '{Z}')::rtt.diary", binary, Record.class);
        assertThat(diaryRow.get(0)).isEqualTo(7);
        assertThat(diaryRow.get(1)).isEqualTo(new String[] {"ok"});
        assertThat(diaryRow.get(2)).isEqualTo(new String[] {"Z"});
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void aMultirangeOverADomainRange(boolean binary) {
        assumeTrue(TestPostgres.get().majorVersion() >= 14, "multiranges came with PostgreSQL 14");
        Object multirange = read(c, "SELECT rtt.posmultirange(rtt.posrange(1, 3), rtt.posrange(5, 8))", binary, Object.class);
        assertThat(multirange).isEqualTo(io.pgfast.codec.type.Multirange.of(Range.closedOpen(1, 3), Range.closedOpen(5, 8)));
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void aRangeOverADomainAndItsArray(boolean binary) {
        Object range = read(c, "SELECT rtt.posrange(1, 5)", binary, Object.class);
        assertThat(range).isEqualTo(Range.closedOpen(1, 5));
        Object ranges = read(c, "SELECT ARRAY[rtt.posrange(1, 5), 'empty']", binary, Object.class);
        assertThat((Object[]) ranges).containsExactly(Range.closedOpen(1, 5), Range.empty());
    }

    @Test
    void stringArraysBindToEnumAndCitextArrays() {
        Object moods = Flux.from(c.createStatement("SELECT $1::rtt.mood[]").bind(0, new String[] {"ok", null, "sad"}).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0))).single().block(TestDb.TIMEOUT);
        assertThat(moods).isEqualTo(new String[] {"ok", null, "sad"});
        Boolean matches = Flux.from(c.createStatement("SELECT $1::citext[] = ARRAY['ABC','x']::citext[]")
                        .bind(0, new String[] {"abc", "X"}).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Boolean.class))).single().block(TestDb.TIMEOUT);
        assertThat(matches).isTrue();
    }

    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void javaEnumArraysBindAndReadAsEnumArrays(boolean binary) {
        Object bound = Flux.from(c.createStatement("SELECT $1::rtt.mood[]").bind(0, new Mood[] {Mood.happy, null}).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Mood[].class))).single().block(TestDb.TIMEOUT);
        assertThat(bound).isEqualTo(new Mood[] {Mood.happy, null});
        assertThat(read(c, "SELECT ARRAY[['sad'],['ok']]::rtt.mood[]", binary, Mood[][].class))
                .isEqualTo(new Mood[][] {{Mood.sad}, {Mood.ok}});
    }

    @Test
    void anEnumArrayInsertedAndReadBack() {
        TestDb.run(c, "DELETE FROM rtt.diary");
        Long inserted = Flux.from(c.createStatement("INSERT INTO rtt.diary VALUES ($1, $2, $3)")
                        .bind(0, 1).bind(1, new String[][] {{"happy", "sad"}, {"ok", null}}).bind(2, new String[] {"Ann", "BOB"}).execute())
                .concatMap(r -> Mono.from(r.getRowsUpdated())).single().block(TestDb.TIMEOUT);
        assertThat(inserted).isEqualTo(1L);
        List<Object[]> rows = Flux.from(c.createStatement("SELECT moods, names FROM rtt.diary WHERE id = $1").bind(0, 1).execute())
                .concatMap(r -> r.map((row, md) -> new Object[] {row.get("moods"), row.get("names", String[].class)}))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)[0]).isEqualTo(new String[][] {{"happy", "sad"}, {"ok", null}});
        assertThat((String[]) rows.get(0)[1]).containsExactly("Ann", "BOB");
        assertThat(TestDb.one(c, "SELECT count(*) FROM rtt.diary WHERE 'bob' = ANY(names)", Long.class)).isEqualTo(1L);
    }

    @Test
    void aTypeCreatedAfterTheFactorysFirstConnectionDecodes() {
        PgfastConnectionFactory factory = Pg.factory();
        PgfastConnection first = (PgfastConnection) Mono.from(factory.create()).block(TestDb.TIMEOUT);
        try {
            TestDb.server().execute(
                    "DROP TYPE IF EXISTS rtt.late CASCADE",
                    "DROP DOMAIN IF EXISTS rtt.latedom CASCADE",
                    "CREATE TYPE rtt.late AS ENUM ('early', 'later')",
                    "CREATE DOMAIN rtt.latedom AS int8",
                    "CREATE TYPE rtt.latepair AS (l rtt.late, d rtt.latedom)");
            for (boolean binary : new boolean[] {false, true}) {
                assertThat(read(first, "SELECT ARRAY['later', NULL]::rtt.late[]", binary, String[].class)).containsExactly("later", null);
                assertThat(read(first, "SELECT ARRAY['later']::rtt.late[]", binary, Object.class)).isEqualTo(new String[] {"later"});
                assertThat(read(first, "SELECT 7::rtt.latedom", binary, Object.class)).isEqualTo(7L);
                Record pair = read(first, "SELECT ROW('early', 8)::rtt.latepair", binary, Record.class);
                assertThat(pair.get(0)).isEqualTo("early");
                assertThat(pair.get(1)).isEqualTo(8L);
            }
            PgfastConnection second = (PgfastConnection) Mono.from(factory.create()).block(TestDb.TIMEOUT);
            try {
                assertThat(read(second, "SELECT ARRAY[1,2]::rtt.latedom[]", true, Object.class)).isEqualTo(new Long[] {1L, 2L});
                assertThat(read(second, "SELECT ARRAY['early']::rtt.late[]", false, List.class)).containsExactly("early");
            } finally {
                TestDb.close(second);
            }
        } finally {
            TestDb.close(first);
            TestDb.server().execute("DROP TYPE IF EXISTS rtt.latepair", "DROP TYPE IF EXISTS rtt.late CASCADE", "DROP DOMAIN IF EXISTS rtt.latedom CASCADE");
        }
    }

    @Test
    void theDefaultMappingOfAnArrayColumnIsReportedInTheMetadata() {
        List<String> javaTypes = Flux.from(c.createStatement("SELECT ARRAY['ok']::rtt.mood[] AS m, ARRAY['x']::ltree[] AS l").execute())
                .concatMap(r -> r.map((row, md) -> Arrays.asList(
                        md.getColumnMetadata("m").getJavaType().getName(), md.getColumnMetadata("l").getJavaType().getName())))
                .single().block(TestDb.TIMEOUT);
        assertThat(javaTypes).containsExactly("[Ljava.lang.Object;", "[Ljava.lang.Object;");
    }

    /**
     * The lookup is a conversation queued behind the result that needs it: that result's rows are read ahead
     * (within readAheadLimit) until the types are known, then decoded with them. Many rows, nested statements.
     */
    @ParameterizedTest(name = "binary={0}")
    @ValueSource(booleans = {false, true})
    void aLargeResultWaitsForItsTypesWithoutAHang(boolean binary) {
        String sql = "SELECT ARRAY[g::text, 'x.y']::ltree[], g FROM generate_series(1, 20000) g";
        Statement s = binary ? c.createStatement(sql + " WHERE $1 = 1").bind(0, 1) : c.createStatement(sql);
        List<Integer> checked = Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> {
                    int g = row.get(1, Integer.class);
                    assertThat(row.get(0, String[].class)).containsExactly(Integer.toString(g), "x.y");
                    return g;
                }))
                .concatMap(g -> g % 5000 == 0
                        ? Flux.from(c.createStatement("SELECT ARRAY['ok']::rtt.mood[]").execute())
                                .concatMap(r -> r.map((row, md) -> row.get(0, String[].class))).map(a -> g)
                        : Mono.just(g))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(checked).hasSize(20000);
    }

    @Test
    void aResultWaitingForItsTypesCanBeCancelled() {
        // a fresh factory each: cancelled after a few rows, and cancelled before any row (while the lookup runs)
        List<String[]> firstRows = Flux.from(c.createStatement("SELECT ARRAY[g::text]::ltree[] FROM generate_series(1, 50000) g").execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, String[].class))).take(3).collectList().block(TestDb.TIMEOUT);
        assertThat(firstRows).hasSize(3);
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
        PgfastConnection other = Pg.connect();
        try {
            List<Object> none = Flux.from(other.createStatement("SELECT ARRAY['a']::ltree[] FROM generate_series(1, 50000)").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0))).take(0).collectList().block(TestDb.TIMEOUT);
            assertThat(none).isEmpty();
            assertThat(read(other, "SELECT ARRAY['b.c']::ltree[]", true, String[].class)).containsExactly("b.c");
        } finally {
            TestDb.close(other);
        }
    }

    @Test
    void whenTheLookupCannotWaitTheValuesReadAsText() {
        // readAheadLimit=0: the lookup queued behind the unread rows fails at once (it is not remembered, a later
        // statement tries again, failing the same way); the values read as their text, the connection stays usable
        PgfastConnection tight = Pg.connect(Pg.config(io.pgfast.testing.AuthMethod.SCRAM).readAheadLimit(0).build());
        try {
            List<Object> values = Flux.from(tight.createStatement("SELECT ARRAY['a.b']::ltree[] FROM generate_series(1, 3)").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0))).collectList().block(TestDb.TIMEOUT);
            assertThat(values).containsExactly("{a.b}", "{a.b}", "{a.b}");
            assertThat(read(tight, "SELECT ARRAY['a.b']::ltree[]", true, Object.class)).isEqualTo("{a.b}");
            assertThat(read(tight, "SELECT ARRAY['sad']::rtt.mood[]", false, String[].class)).containsExactly("sad");
            // a cached prepared statement described while the lookup could not wait: each execution tries again
            assertThat(read(tight, "SELECT ARRAY['a.b']::ltree[]", true, Object.class)).isEqualTo("{a.b}");
            assertThat(read(tight, "SELECT ARRAY['a.b']::ltree[]", true, Object.class)).isEqualTo("{a.b}");
        } finally {
            TestDb.close(tight);
        }
    }
}
