package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.util.function.Tuple2;
import reactor.util.function.Tuples;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Many statements in flight on one connection, and batches of bindings in one round trip. */
@RequiresPostgres
class PipeliningTest {

    private Connection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private Flux<Integer> ints(Statement s) {
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
    }

    @Test
    void twoThousandConcurrentStatementsEachGetTheirOwnAnswer() {
        long t0 = System.nanoTime();
        List<Tuple2<Integer, List<Integer>>> answers = Flux.range(0, 2000)
                .flatMap(i -> ints(c.createStatement("SELECT $1").bind(0, i)).collectList().map(v -> Tuples.of(i, v)), 2000)
                .collectList().block(TestDb.TIMEOUT);
        System.out.println("2000 pipelined statements in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
        assertThat(answers).hasSize(2000);
        for (Tuple2<Integer, List<Integer>> a : answers) {
            assertThat(a.getT2()).as("answer to %d", a.getT1()).containsExactly(a.getT1());
        }
        assertThat(answers.stream().map(Tuple2::getT1).distinct().count()).isEqualTo(2000);
    }

    @Test
    void concurrentSimpleAndExtendedStatementsMixed() {
        List<Tuple2<Integer, List<Integer>>> answers = Flux.range(0, 600)
                .flatMap(i -> {
                    Statement s = i % 3 == 0 ? c.createStatement("SELECT " + i)
                            : i % 3 == 1 ? c.createStatement("SELECT $1::int").bind(0, i)
                            : c.createStatement("SELECT g FROM generate_series($1::int, $1::int + 2) g").bind(0, i);
                    return ints(s).collectList().map(v -> Tuples.of(i, v));
                }, 600)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(answers).hasSize(600);
        for (Tuple2<Integer, List<Integer>> a : answers) {
            int i = a.getT1();
            List<Integer> expected = i % 3 == 2 ? List.of(i, i + 1, i + 2) : List.of(i);
            assertThat(a.getT2()).as("answer to %d", i).isEqualTo(expected);
        }
    }

    @Test
    void resultsOfEachStatementStayInOrder() {
        Map<Integer, List<Integer>> answers = Flux.range(0, 200)
                .flatMap(i -> ints(c.createStatement("SELECT " + i + "; SELECT generate_series(1, 50); SELECT " + (i + 1000)))
                        .collectList().map(v -> Tuples.of(i, v)), 200)
                .collectMap(Tuple2::getT1, Tuple2::getT2).block(TestDb.TIMEOUT);
        assertThat(answers).hasSize(200);
        List<Integer> series = IntStream.rangeClosed(1, 50).boxed().collect(Collectors.toList());
        answers.forEach((i, v) -> {
            assertThat(v).hasSize(52);
            assertThat(v.get(0)).isEqualTo(i);
            assertThat(v.subList(1, 51)).isEqualTo(series);
            assertThat(v.get(51)).isEqualTo(i + 1000);
        });
    }

    @Test
    void statementsIssuedInSequenceRunInIssueOrder() {
        TestDb.run(c, "CREATE TEMP TABLE log (n serial, v int)");
        List<Mono<List<Long>>> inserts = IntStream.range(0, 100)
                .mapToObj(i -> Flux.from(c.createStatement("INSERT INTO log (v) VALUES ($1)").bind(0, i).execute())
                        .concatMap(Result::getRowsUpdated).collectList())
                .collect(Collectors.toList());
        // subscribed one after another without waiting: written (and executed) in that order
        List<List<Long>> counts = Flux.fromIterable(inserts).flatMapSequential(m -> m, 100).collectList().block(TestDb.TIMEOUT);
        assertThat(counts).hasSize(100).allSatisfy(n -> assertThat(n).containsExactly(1L));
        List<Integer> order = TestDb.column(c, "SELECT v FROM log ORDER BY n", Integer.class);
        assertThat(order).isEqualTo(IntStream.range(0, 100).boxed().collect(Collectors.toList()));
    }

    @Test
    void aBatchOfAThousandInserts() {
        TestDb.run(c, "CREATE TEMP TABLE batch (id int PRIMARY KEY, name text)");
        Statement s = c.createStatement("INSERT INTO batch VALUES ($1, $2)");
        for (int i = 0; i < 1000; i++) {
            if (i > 0) {
                s.add();
            }
            s.bind(0, i).bind(1, "n" + i);
        }
        List<Long> counts = TestDb.rowsUpdated(s);
        assertThat(counts).hasSize(1000).containsOnly(1L);
        assertThat(TestDb.one(c, "SELECT count(*) FROM batch", Long.class)).isEqualTo(1000L);
        assertThat(TestDb.one(c, "SELECT sum(id) FROM batch", Long.class)).isEqualTo(499500L);
        assertThat(TestDb.one(c, "SELECT name FROM batch WHERE id = 777", String.class)).isEqualTo("n777");
    }

    @Test
    void aFailingBindingInTheMiddleOfABatch() {
        TestDb.run(c, "CREATE TEMP TABLE uniq (id int PRIMARY KEY)");
        Statement s = c.createStatement("INSERT INTO uniq VALUES ($1)");
        s.bind(0, 1).add().bind(0, 2).add().bind(0, 3).add().bind(0, 2).add().bind(0, 5).add().bind(0, 6);
        StepVerifier.create(Flux.from(s.execute()).concatMap(Result::getRowsUpdated))
                .expectNext(1L, 1L, 1L)
                .expectErrorSatisfies(e -> {
                    assertThat(e).isInstanceOf(R2dbcDataIntegrityViolationException.class);
                    assertThat(((R2dbcException) e).getSqlState()).isEqualTo("23505");
                })
                .verify(TestDb.TIMEOUT);
        // the bindings of one Sync run in one implicit transaction: PostgreSQL skips the rest and rolls it all back
        assertThat(TestDb.one(c, "SELECT count(*) FROM uniq", Long.class)).isZero();
        assertThat(TestDb.rowsUpdated(c.createStatement("INSERT INTO uniq VALUES ($1)").bind(0, 5))).containsExactly(1L);
    }

    @Test
    void aFailingBindingInABatchSkipsTheLaterResults() {
        TestDb.run(c, "CREATE TEMP TABLE uniq2 (id int PRIMARY KEY)");
        Statement s = c.createStatement("INSERT INTO uniq2 VALUES ($1)");
        s.bind(0, 1).add().bind(0, 1).add().bind(0, 3);
        List<String> segments = Flux.from(s.execute())
                .concatMap(r -> r.flatMap(seg -> Mono.just(seg instanceof Result.UpdateCount ? "count " + ((Result.UpdateCount) seg).value()
                        : seg instanceof Result.Message ? "error " + ((Result.Message) seg).sqlState() : "other")))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("count 1", "error 23505");
    }

    @Test
    void aFailingBindingInsideATransactionAbortsIt() {
        TestDb.run(c, "CREATE TEMP TABLE uniq3 (id int PRIMARY KEY)");
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        Statement s = c.createStatement("INSERT INTO uniq3 VALUES ($1)");
        s.bind(0, 1).add().bind(0, 1).add().bind(0, 2);
        StepVerifier.create(Flux.from(s.execute()).concatMap(Result::getRowsUpdated))
                .expectNext(1L)
                .expectError(R2dbcDataIntegrityViolationException.class)
                .verify(TestDb.TIMEOUT);
        StepVerifier.create(Flux.from(c.createStatement("SELECT 1").execute()).concatMap(r -> r.map((row, md) -> 1)))
                .expectErrorSatisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("25P02"))
                .verify(TestDb.TIMEOUT);
        Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
        assertThat(TestDb.one(c, "SELECT count(*) FROM uniq3", Long.class)).isZero();
    }

    @Test
    void aFailingStatementDoesNotDisturbTheOnesPipelinedAroundIt() {
        List<String> answers = Flux.range(0, 300)
                .flatMapSequential(i -> {
                    Statement s = i % 10 == 5 ? c.createStatement("SELECT 1 / ($1::int - $1::int)").bind(0, i)
                            : c.createStatement("SELECT $1::int").bind(0, i);
                    return ints(s).map(v -> "ok " + v).onErrorResume(R2dbcException.class, e -> Mono.just("error " + e.getSqlState()));
                }, 300)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(answers).hasSize(300);
        for (int i = 0; i < 300; i++) {
            assertThat(answers.get(i)).isEqualTo(i % 10 == 5 ? "error 22012" : "ok " + i);
        }
    }

    @Test
    void aBatchOfStatementsThroughCreateBatch() {
        TestDb.run(c, "CREATE TEMP TABLE b2 (id int)");
        List<Long> counts = Flux.from(c.createBatch()
                        .add("INSERT INTO b2 VALUES (1)")
                        .add("INSERT INTO b2 VALUES (2), (3)")
                        .add("UPDATE b2 SET id = id * 10")
                        .execute())
                .concatMap(Result::getRowsUpdated).collectList().block(TestDb.TIMEOUT);
        assertThat(counts).containsExactly(1L, 2L, 3L);
        assertThat(TestDb.column(c, "SELECT id FROM b2 ORDER BY id", Integer.class)).containsExactly(10, 20, 30);
    }
}
