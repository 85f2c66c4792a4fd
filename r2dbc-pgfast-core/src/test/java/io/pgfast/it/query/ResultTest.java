package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.ColumnMetadata;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.RowMetadata;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Consuming Results: map, getRowsUpdated, filter, flatMap over segments, row lifetime and metadata. */
@RequiresPostgres
class ResultTest {

    private Connection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
        TestDb.run(c, "CREATE TEMP TABLE item (id int PRIMARY KEY, name text, price numeric(10,2), code varchar(20))");
        TestDb.run(c, "INSERT INTO item VALUES (1, 'one', 1.10, 'a'), (2, 'two', 2.20, 'b'), (3, 'three', 3.30, 'c'), (4, 'four', 4.40, 'd')");
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    /** A statement over {@code item}: simple query when {@code bound} is false, extended (binary) when true. */
    private Statement select(String columns, boolean bound) {
        if (bound) {
            return c.createStatement("SELECT " + columns + " FROM item WHERE id >= $1 ORDER BY id").bind(0, 0);
        }
        return c.createStatement("SELECT " + columns + " FROM item ORDER BY id");
    }

    @Test
    void aSimpleQueryWithSeveralStatementsGivesOneResultEachInOrder() {
        Statement s = c.createStatement("SELECT 1 AS a; SELECT 'two' AS b, 2 AS c; UPDATE item SET name = name WHERE id <= 2; SELECT 3");
        List<Object> out = Flux.from(s.execute())
                .index()
                .concatMap(t -> {
                    Result r = t.getT2();
                    switch (t.getT1().intValue()) {
                        case 0: return Flux.from(r.map((row, md) -> (Object) row.get("a", Integer.class)));
                        case 1: return Flux.from(r.map((row, md) -> (Object) (row.get("b", String.class) + row.get("c", Integer.class))));
                        case 2: return Flux.from(r.getRowsUpdated()).map(n -> (Object) ("updated " + n));
                        default: return Flux.from(r.map((row, md) -> (Object) row.get(0, Integer.class)));
                    }
                })
                .collectList().block(TestDb.TIMEOUT);
        assertThat(out).containsExactly(1, "two2", "updated 2", 3);
    }

    @Test
    void anEmptyStatementStringGivesAResultWithoutRows() {
        List<Long> counts = TestDb.rowsUpdated(c.createStatement(""));
        assertThat(counts).isEmpty();
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void mapWithRowAndMetadata(boolean bound) {
        List<String> rows = Flux.from(select("id, name", bound).execute())
                .concatMap(r -> r.map((row, md) -> md.getColumnMetadata(1).getName() + "=" + row.get("name", String.class)
                        + "#" + row.get(0, Integer.class)))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).containsExactly("name=one#1", "name=two#2", "name=three#3", "name=four#4");
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void mapWithReadable(boolean bound) {
        Function<Readable, String> f = r -> r.get("name", String.class) + ":" + r.get(0);
        List<String> rows = Flux.from(select("id, name", bound).execute())
                .concatMap(r -> r.map(f)).collectList().block(TestDb.TIMEOUT);
        assertThat(rows).containsExactly("one:1", "two:2", "three:3", "four:4");
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void rowsUpdatedOfEveryKindOfStatement(boolean bound) {
        assertThat(count("INSERT INTO item (id, name) SELECT g, 'n' || g FROM generate_series(10, 12) g WHERE $1", bound)).containsExactly(3L);
        assertThat(count("UPDATE item SET name = upper(name) WHERE id >= 10 AND id < 12 AND $1", bound)).containsExactly(2L);
        assertThat(count("DELETE FROM item WHERE id = 12 AND $1", bound)).containsExactly(1L);
        assertThat(count("DELETE FROM item WHERE id = 99 AND $1", bound)).containsExactly(0L);
        assertThat(count("SELECT * FROM item WHERE $1", bound)).containsExactly(6L);
        assertThat(TestDb.column(c, "SELECT name FROM item WHERE id >= 10 ORDER BY id", String.class)).containsExactly("N10", "N11");
    }

    private List<Long> count(String sql, boolean bound) {
        return TestDb.rowsUpdated(bound ? c.createStatement(sql).bind(0, true) : c.createStatement(sql.replace("$1", "true")));
    }

    @Test
    void rowsUpdatedOfAStatementWithoutCountIsEmpty() {
        assertThat(TestDb.rowsUpdated(c.createStatement("SET application_name = 'x'"))).isEmpty();
        assertThat(TestDb.rowsUpdated(c.createStatement("CREATE TEMP TABLE other (i int)"))).isEmpty();
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void filterKeepsOnlyTheSegmentsItAccepts(boolean bound) {
        List<Integer> even = Flux.from(select("id", bound).execute())
                .concatMap(r -> r.filter(seg -> seg instanceof Result.RowSegment
                                && ((Result.RowSegment) seg).row().get(0, Integer.class) % 2 == 0)
                        .map((row, md) -> row.get(0, Integer.class)))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(even).containsExactly(2, 4);

        List<Long> noCounts = Flux.from(c.createStatement("UPDATE item SET name = name").execute())
                .concatMap(r -> r.filter(seg -> !(seg instanceof Result.UpdateCount)).getRowsUpdated())
                .collectList().block(TestDb.TIMEOUT);
        assertThat(noCounts).isEmpty();
    }

    @Test
    void filterCanDropAnError() {
        List<Integer> values = Flux.from(c.createStatement("SELECT 1/0").execute())
                .concatMap(r -> r.filter(seg -> !(seg instanceof Result.Message)).map((row, md) -> row.get(0, Integer.class)))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(values).isEmpty();
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void flatMapSeesRowsThenTheUpdateCount(boolean bound) {
        List<String> segments = Flux.from(select("id", bound).execute())
                .concatMap(r -> r.flatMap(ResultTest::describe))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("row 1", "row 2", "row 3", "row 4", "count 4");
    }

    @Test
    void flatMapOverAnUpdate() {
        List<String> segments = Flux.from(c.createStatement("UPDATE item SET name = name WHERE id > 2").execute())
                .concatMap(r -> r.flatMap(ResultTest::describe)).collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("count 2");
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void anErrorArrivesAsAMessageSegment(boolean bound) {
        Statement s = bound ? c.createStatement("SELECT 1 / $1::int").bind(0, 0) : c.createStatement("SELECT 1/0");
        List<String> segments = Flux.from(s.execute())
                .concatMap(r -> r.flatMap(ResultTest::describe)).collectList().block(TestDb.TIMEOUT);
        assertThat(segments).hasSize(1);
        assertThat(segments.get(0)).startsWith("message 22012 ").contains("division by zero");
        assertThat(TestDb.one(c, "SELECT 2", Integer.class)).isEqualTo(2);
    }

    @Test
    void theMessageSegmentCarriesTheException() {
        List<R2dbcException> errors = Flux.from(c.createStatement("SELECT nope FROM item").execute())
                .concatMap(r -> r.flatMap(seg -> seg instanceof Result.Message
                        ? Mono.just(((Result.Message) seg).exception()) : Mono.empty()))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0)).isInstanceOf(R2dbcBadGrammarException.class);
        assertThat(errors.get(0).getSqlState()).isEqualTo("42703");
    }

    private static Mono<String> describe(Result.Segment seg) {
        if (seg instanceof Result.RowSegment) {
            return Mono.just("row " + ((Result.RowSegment) seg).row().get(0, Integer.class));
        }
        if (seg instanceof Result.UpdateCount) {
            return Mono.just("count " + ((Result.UpdateCount) seg).value());
        }
        if (seg instanceof Result.Message) {
            Result.Message m = (Result.Message) seg;
            return Mono.just("message " + m.sqlState() + " " + m.message());
        }
        return Mono.just("other " + seg);
    }

    @Test
    void anErrorInMapIsAnErrorSignal() {
        StepVerifier.create(Flux.from(c.createStatement("SELECT 1/0").execute()).concatMap(r -> r.map((row, md) -> 1)))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcBadGrammarException.class)
                        .extracting(x -> ((R2dbcException) x).getSqlState()).isEqualTo("22012"))
                .verify(TestDb.TIMEOUT);
    }

    @Test
    void aResultCanBeConsumedOnlyOnce() {
        AtomicReference<Result> kept = new AtomicReference<>();
        List<Integer> ids = Flux.from(select("id", true).execute())
                .concatMap(r -> {
                    kept.set(r);
                    return r.map((row, md) -> row.get(0, Integer.class));
                })
                .collectList().block(TestDb.TIMEOUT);
        assertThat(ids).containsExactly(1, 2, 3, 4);
        Result r = kept.get();
        StepVerifier.create(r.map((row, md) -> 1)).expectError(IllegalStateException.class).verify(TestDb.TIMEOUT);
        StepVerifier.create(r.getRowsUpdated()).expectError(IllegalStateException.class).verify(TestDb.TIMEOUT);
        StepVerifier.create(r.flatMap(seg -> Mono.just(1))).expectError(IllegalStateException.class).verify(TestDb.TIMEOUT);
        StepVerifier.create(r.filter(seg -> true).map((row, md) -> 1)).expectError(IllegalStateException.class).verify(TestDb.TIMEOUT);
    }

    @Test
    void aResultWithoutRowsCanBeConsumedAfterTheStatementEnded() {
        List<Result> results = Flux.<Result>from(c.createStatement("UPDATE item SET name = name WHERE id < 3").execute())
                .collectList().block(TestDb.TIMEOUT);
        assertThat(results).hasSize(1);
        assertThat(Flux.from(results.get(0).getRowsUpdated()).collectList().block(TestDb.TIMEOUT)).containsExactly(2L);
        StepVerifier.create(results.get(0).getRowsUpdated()).expectError(IllegalStateException.class).verify(TestDb.TIMEOUT);
    }

    @Test
    void resultsCollectedBeforeTheirRowsAreConsumedDoNotHang() {
        List<Result> results = Flux.<Result>from(select("id", true).execute())
                .collectList().block(java.time.Duration.ofSeconds(5));
        assertThat(results).hasSize(1);
        assertThat(Flux.from(results.get(0).map((row, md) -> row.get(0, Integer.class))).collectList().block(TestDb.TIMEOUT))
                .containsExactly(1, 2, 3, 4);
    }

    @Test
    void aResultIsStillReadableAfterLaterStatementsRan() {
        Result first = Flux.<Result>from(c.createStatement("UPDATE item SET name = name").execute()).blockFirst(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 7", Integer.class)).isEqualTo(7);
        assertThat(Flux.from(first.getRowsUpdated()).collectList().block(TestDb.TIMEOUT)).containsExactly(4L);
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void aRowIsInvalidAfterItsMappingFunctionReturned(boolean bound) {
        AtomicReference<Row> kept = new AtomicReference<>();
        List<Integer> first = Flux.from(select("id", bound).execute())
                .concatMap(r -> r.map((row, md) -> {
                    kept.compareAndSet(null, row);
                    return row.get(0, Integer.class);
                }))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(first).containsExactly(1, 2, 3, 4);
        assertThatThrownBy(() -> kept.get().get(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> kept.get().get("id", Integer.class)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRowSegmentIsInvalidAfterTheFlatMapFunctionReturned() {
        List<Row> kept = new ArrayList<>();
        Flux.from(select("id", true).execute())
                .concatMap(r -> r.flatMap(seg -> {
                    if (seg instanceof Result.RowSegment) {
                        kept.add(((Result.RowSegment) seg).row());
                    }
                    return Mono.empty();
                }))
                .blockLast(TestDb.TIMEOUT);
        assertThat(kept).hasSize(4);
        assertThatThrownBy(() -> kept.get(3).get(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aMappingFunctionThatThrowsFailsTheResultAndTheConnectionStaysUsable() {
        StepVerifier.create(Flux.from(c.createStatement("SELECT generate_series(1, 100000)").execute())
                        .concatMap(r -> r.map((row, md) -> {
                            if (row.get(0, Integer.class) == 3) {
                                throw new IllegalStateException("boom");
                            }
                            return row.get(0, Integer.class);
                        })))
                .expectNext(1, 2)
                .expectErrorMessage("boom")
                .verify(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 11", Integer.class)).isEqualTo(11);
    }

    @Test
    void unknownColumnNameAndIndex() {
        StepVerifier.create(Flux.from(select("id", true).execute()).concatMap(r -> r.map((row, md) -> row.get("nope"))))
                .expectError(NoSuchElementException.class).verify(TestDb.TIMEOUT);
        StepVerifier.create(Flux.from(select("id", false).execute()).concatMap(r -> r.map((row, md) -> row.get(1))))
                .expectError(IndexOutOfBoundsException.class).verify(TestDb.TIMEOUT);
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void rowMetadata(boolean bound) {
        Statement s = select("id AS \"Id\", id * 10 AS id, name, price, code", bound);
        List<RowMetadata> seen = new ArrayList<>();
        List<Integer> byName = Flux.from(s.execute())
                .concatMap(r -> r.map((row, md) -> {
                    if (seen.isEmpty()) {
                        seen.add(md);
                    }
                    // case-insensitive; the first of duplicate names wins
                    return row.get("ID", Integer.class) + row.get("id", Integer.class) + row.get("iD", Integer.class);
                }))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(byName).containsExactly(3, 6, 9, 12);

        RowMetadata md = seen.get(0);
        assertThat(md.getColumnMetadatas()).extracting(ColumnMetadata::getName).containsExactly("Id", "id", "name", "price", "code");
        assertThat(md.contains("NAME")).isTrue();
        assertThat(md.contains("Price")).isTrue();
        assertThat(md.contains("nope")).isFalse();
        assertThat(md.getColumnMetadata("iD").getName()).isEqualTo("Id");

        ColumnMetadata id = md.getColumnMetadata(0);
        assertThat(id.getNativeTypeMetadata()).isEqualTo(23);
        assertThat(id.getJavaType()).isEqualTo(Integer.class);
        assertThat(id.getType().getJavaType()).isEqualTo(Integer.class);
        assertThat(id.getType().getName()).isEqualTo("int4");

        ColumnMetadata name = md.getColumnMetadata("name");
        assertThat(name.getNativeTypeMetadata()).isEqualTo(25);
        assertThat(name.getJavaType()).isEqualTo(String.class);

        ColumnMetadata price = md.getColumnMetadata("PRICE");
        assertThat(price.getNativeTypeMetadata()).isEqualTo(1700);
        assertThat(price.getJavaType()).isEqualTo(BigDecimal.class);
        assertThat(price.getType().getName()).isEqualTo("numeric");
        assertThat(price.getPrecision()).isEqualTo(10);
        assertThat(price.getScale()).isEqualTo(2);

        ColumnMetadata code = md.getColumnMetadata("code");
        assertThat(code.getNativeTypeMetadata()).isEqualTo(1043);
        assertThat(code.getJavaType()).isEqualTo(String.class);
        assertThat(code.getType().getName()).isEqualTo("varchar");
        assertThat(code.getPrecision()).isEqualTo(20);
        assertThat(code.getScale()).isNull();

        assertThatThrownBy(() -> md.getColumnMetadata("nope")).isInstanceOf(NoSuchElementException.class);
        assertThatThrownBy(() -> md.getColumnMetadata(5)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> md.getColumnMetadata(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void valuesDecodeToTheirDefaultJavaTypes(boolean bound) {
        List<List<Object>> rows = Flux.from(select("id, name, price, code", bound).execute())
                .concatMap(r -> r.map((row, md) -> java.util.Arrays.asList(row.get(0), row.get(1), row.get(2), row.get(3))))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(4);
        assertThat(rows.get(2)).containsExactly(3, "three", new BigDecimal("3.30"), "c");
    }

    @Test
    void nullValues() {
        List<List<Object>> rows = Flux.from(c.createStatement("SELECT NULL::int, NULL::text, $1::int").bindNull(0, Integer.class).execute())
                .concatMap(r -> r.map((row, md) -> java.util.Arrays.asList(row.get(0, Integer.class), row.get(1), row.get(2, Long.class))))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).containsExactly(null, null, null);
    }

    @Test
    void aMappingFunctionReturningNullIsAnError() {
        StepVerifier.create(Flux.from(select("id", true).execute()).concatMap(r -> r.map((row, md) -> (Object) null)))
                .expectError(NullPointerException.class).verify(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 12", Integer.class)).isEqualTo(12);
    }

    @Test
    void readingAValueAsAnUnsupportedTypeIsAnErrorAndTheConnectionStaysUsable() {
        StepVerifier.create(Flux.from(select("id", true).execute()).concatMap(r -> r.map((row, md) -> row.get(0, java.util.UUID.class))))
                .expectError(IllegalArgumentException.class).verify(TestDb.TIMEOUT);
        StepVerifier.create(Flux.from(select("id", false).execute()).concatMap(r -> r.map((row, md) -> row.get(0, java.util.UUID.class))))
                .expectError(IllegalArgumentException.class).verify(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT 13", Integer.class)).isEqualTo(13);
    }

    @Test
    void takingTheFirstResultOfSeveralLeavesTheConnectionUsable() {
        List<Integer> first = Flux.from(c.createStatement("SELECT 1; SELECT generate_series(1, 20000); SELECT 3").execute())
                .take(1).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).collectList().block(TestDb.TIMEOUT);
        assertThat(first).containsExactly(1);
        Statement batch = c.createStatement("SELECT g FROM generate_series(1, $1::int) g");
        batch.bind(0, 2).add().bind(0, 20000).add().bind(0, 3);
        List<Integer> firstOfBatch = Flux.from(batch.execute())
                .take(1).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).collectList().block(TestDb.TIMEOUT);
        assertThat(firstOfBatch).containsExactly(1, 2);
        assertThat(TestDb.one(c, "SELECT 14", Integer.class)).isEqualTo(14);
    }

    @Test
    void copyToStdoutThroughAStatementReportsItsCount() {
        assertThat(TestDb.rowsUpdated(c.createStatement("COPY (SELECT generate_series(1, 5)) TO STDOUT"))).containsExactly(5L);
        assertThat(TestDb.one(c, "SELECT 15", Integer.class)).isEqualTo(15);
    }

    @Test
    void copyFromStdinThroughAStatementIsRefusedCleanly() {
        assertThatThrownBy(() -> TestDb.rowsUpdated(c.createStatement("COPY item (id) FROM STDIN")))
                .isInstanceOf(R2dbcException.class).hasMessageContaining("COPY");
        assertThat(TestDb.one(c, "SELECT count(*) FROM item", Long.class)).isEqualTo(4L);
    }

    @Test
    void resultsAreConsumedOnAnotherThread() {
        List<Integer> values = Flux.range(0, 50)
                .concatMap(i -> Flux.from(c.createStatement("SELECT g FROM generate_series(1, 200) g WHERE g > $1").bind(0, i).execute())
                        .publishOn(reactor.core.scheduler.Schedulers.parallel())
                        .concatMap(r -> Flux.from(r.map((row, md) -> row.get(0, Integer.class)))
                                .publishOn(reactor.core.scheduler.Schedulers.boundedElastic(), 4))
                        .count().map(Long::intValue))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(values).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(values.get(i)).isEqualTo(200 - i);
        }
    }

    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void aRowKeptFromAnEarlierCallIsInvalidWhileTheNextRowIsMapped(boolean bound) {
        AtomicReference<Row> previous = new AtomicReference<>();
        List<String> seen = Flux.from(select("id", bound).execute())
                .concatMap(r -> r.map((row, md) -> {
                    Row before = previous.getAndSet(row);
                    String earlier;
                    try {
                        earlier = before == null ? "none" : "read " + before.get(0, Integer.class);
                    } catch (IllegalStateException e) {
                        earlier = "refused";
                    }
                    return row.get(0, Integer.class) + ":" + earlier;
                }))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(seen).containsExactly("1:none", "2:refused", "3:refused", "4:refused");
    }
}
