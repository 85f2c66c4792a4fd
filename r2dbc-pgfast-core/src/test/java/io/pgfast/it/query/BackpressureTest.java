package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reads follow demand: big results with slow consumers, fetchSize windows, errors in the middle of a stream. */
@RequiresPostgres
class BackpressureTest {

    private Connection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private static Flux<Integer> ints(Statement s) {
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().collect(Collectors.toList());
    }

    /** 300 000 rows of 1000 characters (about 300 MB on the wire) through a 96 MB heap, consumed slowly. */
    @ParameterizedTest(name = "bound={0}")
    @ValueSource(booleans = {false, true})
    void aResultFarLargerThanTheHeapStreamsToASlowConsumer(boolean bound) throws IOException, InterruptedException {
        TestServer s = TestDb.server();
        TestRole role = s.role(AuthMethod.SCRAM);
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String javaBin = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(javaBin, "-Xmx96m", "-XX:MaxDirectMemorySize=96m",
                "-Dio.netty.leakDetection.level=simple", "-cp", classpath, LargeResultMain.class.getName(),
                s.host(), String.valueOf(s.port()), s.database(), role.user(), role.password(), "300000", "1000", String.valueOf(bound)));
        File log = File.createTempFile("large-result", ".log");
        log.deleteOnExit();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
        boolean exited = p.waitFor(90, TimeUnit.SECONDS);
        if (!exited) {
            // what the child waits on goes into its log before it is killed: a hang is then a diagnosis
            String jcmd = Paths.get(System.getProperty("java.home"), "bin", "jcmd").toString();
            new ProcessBuilder(jcmd, String.valueOf(p.pid()), "Thread.print").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start().waitFor(30, TimeUnit.SECONDS);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = new String(java.nio.file.Files.readAllBytes(log.toPath()), StandardCharsets.UTF_8);
        System.out.println("child JVM (-Xmx96m, bound=" + bound + "): " + output.strip());
        assertThat(exited).as("child finished within 90 s; output:\n%s", output).isTrue();
        assertThat(p.exitValue()).as("child exit status; output:\n%s", output).isZero();
        assertThat(output).contains("rows=300000 chars=300000000 then=1");
    }

    @Test
    void theServerWaitsWhileTheConsumerHasNoDemand() throws InterruptedException {
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        Connection observer = Pg.connect();
        try {
            StepVerifier.create(Flux.from(c.createStatement("SELECT repeat('x', 1000) FROM generate_series(1, 1000000)").execute())
                            .concatMap(r -> r.map((row, md) -> row.get(0, String.class).length())), 10)
                    .expectNextCount(10)
                    .then(() -> awaitClientWrite(observer, pid))
                    .thenCancel()
                    .verify(TestDb.TIMEOUT);
        } finally {
            TestDb.close(observer);
        }
        assertThat(TestDb.one(c, "SELECT 3", Integer.class)).isEqualTo(3);
    }

    /** The backend blocks writing to the socket: the driver stopped reading (the kernel buffers are full). */
    private static void awaitClientWrite(Connection observer, int pid) {
        String state = "";
        for (int i = 0; i < 100; i++) {
            state = TestDb.one(observer, "SELECT coalesce(wait_event, '') FROM pg_stat_activity WHERE pid = " + pid, String.class);
            if (state.equals("ClientWrite")) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("the backend never waited on ClientWrite; last wait_event: " + state);
    }

    @Test
    void demandIsRespectedRowByRow() {
        StepVerifier.create(ints(c.createStatement("SELECT generate_series(1, 1000)")), 0)
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(100))
                .thenRequest(3)
                .expectNext(1, 2, 3)
                .expectNoEvent(Duration.ofMillis(100))
                .thenRequest(2)
                .expectNext(4, 5)
                .thenRequest(Long.MAX_VALUE)
                .expectNextCount(995)
                .verifyComplete();
    }

    @Test
    void fetchSizeOutsideATransaction() {
        List<Integer> all = ints(c.createStatement("SELECT g FROM generate_series(1, 1000) g").fetchSize(100)).collectList().block(TestDb.TIMEOUT);
        assertThat(all).isEqualTo(range(1, 1000));
        List<Integer> bound = ints(c.createStatement("SELECT g FROM generate_series(1, $1::int) g").bind(0, 1000).fetchSize(100))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(bound).isEqualTo(range(1, 1000));
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void fetchSizeInsideATransaction() {
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        List<Integer> all = ints(c.createStatement("SELECT g FROM generate_series(1, 1000) g").fetchSize(100)).collectList().block(TestDb.TIMEOUT);
        assertThat(all).isEqualTo(range(1, 1000));
        List<Integer> again = ints(c.createStatement("SELECT g FROM generate_series(1, $1::int) g").bind(0, 250).fetchSize(100))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(again).isEqualTo(range(1, 250));
        assertThat(c.isAutoCommit()).isFalse();
        Mono.from(c.commitTransaction()).block(TestDb.TIMEOUT);
        assertThat(c.isAutoCommit()).isTrue();
    }

    @Test
    void fetchSizeExactMultipleAndSmallerThanTheWindow() {
        assertThat(ints(c.createStatement("SELECT g FROM generate_series(1, 300) g").fetchSize(100)).collectList().block(TestDb.TIMEOUT))
                .isEqualTo(range(1, 300));
        assertThat(ints(c.createStatement("SELECT g FROM generate_series(1, 7) g").fetchSize(100)).collectList().block(TestDb.TIMEOUT))
                .isEqualTo(range(1, 7));
        assertThat(ints(c.createStatement("SELECT g FROM generate_series(1, 0) g").fetchSize(100)).collectList().block(TestDb.TIMEOUT))
                .isEmpty();
    }

    @Test
    void theRowCountOfAFetchedResultCountsEveryWindow() {
        assertThat(TestDb.rowsUpdated(c.createStatement("SELECT g FROM generate_series(1, 250) g").fetchSize(100))).containsExactly(250L);
        List<String> segments = Flux.from(c.createStatement("SELECT g FROM generate_series(1, 25) g").fetchSize(10).execute())
                .concatMap(r -> r.flatMap(seg -> seg instanceof io.r2dbc.spi.Result.UpdateCount
                        ? Mono.just("count " + ((io.r2dbc.spi.Result.UpdateCount) seg).value()) : Mono.empty()))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(segments).containsExactly("count 25");
    }

    @Test
    void fetchSizeTakeSomeThenTheConnectionIsFree() {
        List<Integer> first = ints(c.createStatement("SELECT g FROM generate_series(1, 100000) g").fetchSize(100)).take(150)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(first).isEqualTo(range(1, 150));
        assertThat(TestDb.one(c, "SELECT 2", Integer.class)).isEqualTo(2);
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        assertThat(ints(c.createStatement("SELECT g FROM generate_series(1, 100000) g").fetchSize(100)).take(5).collectList().block(TestDb.TIMEOUT))
                .isEqualTo(range(1, 5));
        // the transaction is still usable: the portal was closed, not the transaction aborted
        assertThat(TestDb.one(c, "SELECT 4", Integer.class)).isEqualTo(4);
        Mono.from(c.commitTransaction()).block(TestDb.TIMEOUT);
    }

    @Test
    void fetchSizeFromTheConfigurationApplies() {
        Connection small = Pg.connect(Pg.config().fetchSize(10).build());
        try {
            assertThat(ints(small.createStatement("SELECT g FROM generate_series(1, 55) g")).collectList().block(TestDb.TIMEOUT)).isEqualTo(range(1, 55));
            assertThat(ints(small.createStatement("SELECT 1; SELECT 2").fetchSize(0)).collectList().block(TestDb.TIMEOUT)).containsExactly(1, 2);
        } finally {
            TestDb.close(small);
        }
    }

    private static final String FAILS_AT_5000 = "SELECT CASE WHEN g = 5000 THEN 1 / (g - 5000) ELSE g END FROM generate_series(1, 10000) g";

    private static void expectDivisionByZeroAfter4999(Flux<Integer> rows) {
        StepVerifier.create(rows)
                .expectNextSequence(range(1, 4999))
                .expectErrorSatisfies(e -> {
                    assertThat(e).isInstanceOf(R2dbcBadGrammarException.class);
                    assertThat(((R2dbcException) e).getSqlState()).isEqualTo("22012");
                })
                .verify(TestDb.TIMEOUT);
    }

    @Test
    void anErrorInTheMiddleOfAStreamArrivesAfterTheRowsBeforeIt() {
        expectDivisionByZeroAfter4999(ints(c.createStatement(FAILS_AT_5000)));
        expectDivisionByZeroAfter4999(ints(c.createStatement(FAILS_AT_5000 + " WHERE $1").bind(0, true)));
        expectDivisionByZeroAfter4999(ints(c.createStatement(FAILS_AT_5000).fetchSize(1000)));
        assertThat(TestDb.one(c, "SELECT 5", Integer.class)).isEqualTo(5);
    }

    /**
     * {@code 1/0} is a constant: PostgreSQL folds it while planning, so this fails before any row
     * (documented under "Expression Evaluation Rules"), and the driver reports just the error.
     */
    @Test
    void aConstantDivisionByZeroFailsBeforeTheFirstRow() {
        StepVerifier.create(ints(c.createStatement("SELECT CASE WHEN g = 5000 THEN 1/0 ELSE g END FROM generate_series(1,10000) g")))
                .expectErrorSatisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("22012"))
                .verify(TestDb.TIMEOUT);
    }

    @Test
    void slowConsumerOfAMediumResultOnAnotherThread() {
        List<Integer> all = ints(c.createStatement("SELECT generate_series(1, 20000)"))
                .limitRate(16)
                .publishOn(reactor.core.scheduler.Schedulers.boundedElastic(), 8)
                .doOnNext(i -> {
                    if (i % 5000 == 0) {
                        try {
                            Thread.sleep(50);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                })
                .collectList().block(TestDb.TIMEOUT);
        assertThat(all).isEqualTo(range(1, 20000));
    }

    @Test
    void aSingleLargeValueStreamsThrough() {
        List<Integer> lengths = Flux.from(c.createStatement("SELECT repeat('y', $1::int)").bind(0, 20_000_000).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, String.class).length()))
                .collectList().block(TestDb.TIMEOUT);
        assertThat(lengths).containsExactly(20_000_000);
    }

    @Test
    void aMessageBeyondMaxMessageSizeIsAClearError() {
        Connection small = Pg.connect(Pg.config().maxMessageSize(1 << 20).build());
        try {
            assertThatThrownBy(() -> TestDb.one(small, "SELECT repeat('z', 2000000)", String.class))
                    .isInstanceOf(R2dbcException.class)
                    .hasMessageContaining("1048576");
            // the limit guards the framing itself: the connection is closed, not left half-read
            assertThat(Mono.from(small.validate(io.r2dbc.spi.ValidationDepth.REMOTE)).block(TestDb.TIMEOUT)).isFalse();
        } finally {
            TestDb.close(small);
        }
    }
}
