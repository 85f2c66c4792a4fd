package io.pgfast.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import io.pgfast.observation.micrometer.ConnectionContext;
import io.pgfast.observation.micrometer.QueryContext;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestServer;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code r2dbc.query} and {@code r2dbc.connection} against the real server, through Micrometer's
 * TestObservationRegistry (which also fails on a stop without start, a second stop, an event or error
 * after the stop, and on observations of one name with different low-cardinality keys).
 */
@RequiresPostgres
class ObservationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private TestObservationRegistry registry;
    /** The contexts of stopped observations, in stop order. */
    private final Queue<Observation.Context> stopped = new ConcurrentLinkedQueue<>();
    private Connection connection;

    @BeforeEach
    void connect() {
        registry = TestObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public void onStop(Observation.Context context) {
                stopped.add(context);
            }

            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }
        });
        connection = Mono.from(factory(config().observationRegistry(registry)).create()).block(TIMEOUT);
    }

    @AfterEach
    void close() {
        if (connection != null) {
            Mono.from(connection.close()).block(TIMEOUT);
        }
    }

    private static PgfastConnectionConfigurationBuilder config() {
        TestServer s = TestPostgres.get();
        return PgfastConnectionConfiguration.builder().host(s.host()).port(s.port()).database(s.database())
                .username(s.role(AuthMethod.SCRAM).user()).password(s.role(AuthMethod.SCRAM).password())
                .sslMode(SslMode.DISABLE);
    }

    private static PgfastConnectionFactory factory(PgfastConnectionConfigurationBuilder b) {
        return new PgfastConnectionFactory(b.build());
    }

    /**
     * Micrometer calls the handlers' onStop in the reverse order of their registration, so {@link #stopped} hears of a
     * stop before the test registry's own handler does, in the same task of the connection's event loop. Waiting for a
     * task queued behind it lets that handler finish before the registry is asserted on.
     */
    private void afterTheEventLoopsCurrentTask() {
        try {
            ((PgfastConnection) connection).eventLoop().submit(() -> { }).get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("the connection's event loop did not run a task", e);
        }
    }

    /** The stopped query observation of {@code sql}, waited for: the conversation may end just after the user's last signal. */
    private QueryContext query(String sql) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            for (Observation.Context c : stopped) {
                if (c instanceof QueryContext && ((QueryContext) c).getSql().equals(sql)) {
                    afterTheEventLoopsCurrentTask();
                    return (QueryContext) c;
                }
            }
            Thread.onSpinWait();
        }
        throw new AssertionError("no stopped r2dbc.query observation for " + sql + "; stopped: " + stopped);
    }

    private static String low(Observation.Context c, String key) {
        return c.getLowCardinalityKeyValue(key).getValue();
    }

    private static String high(Observation.Context c, String key) {
        return c.getHighCardinalityKeyValue(key).getValue();
    }

    @Test
    void aSelectIsObservedWithItsRowCountAndNoBoundValue() {
        String sql = "SELECT g FROM generate_series(1, $1) g";
        List<Integer> rows = Flux.from(connection.createStatement(sql).bind(0, 5).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).collectList().block(TIMEOUT);
        assertThat(rows).containsExactly(1, 2, 3, 4, 5);

        QueryContext c = query(sql);
        assertThat(c.getName()).isEqualTo("r2dbc.query");
        assertThat(c.getContextualName()).isEqualTo("SELECT " + TestPostgres.get().database());
        assertThat(c.getRowsReturned()).isEqualTo(5);
        assertThat(c.getRowsUpdated()).isZero();
        assertThat(c.getError()).isNull();
        assertThat(c.isCancelled()).isFalse();
        assertThat(low(c, "db.system")).isEqualTo("postgresql");
        assertThat(low(c, "db.name")).isEqualTo(TestPostgres.get().database());
        assertThat(low(c, "server.port")).isEqualTo(Integer.toString(TestPostgres.get().port()));
        assertThat(low(c, "server.address")).isNotBlank();
        assertThat(low(c, "error")).isEqualTo("none");
        assertThat(high(c, "db.statement")).isEqualTo(sql);
        assertThat(high(c, "r2dbc.rows.returned")).isEqualTo("5");
        assertThat(c.getAllKeyValues().stream().map(kv -> kv.getValue())).doesNotContain("5 ", "$1=5");
        TestObservationRegistryAssert.assertThat(registry).hasObservationWithNameEqualTo("r2dbc.query")
                .that().hasBeenStarted().hasBeenStopped();
    }

    @Test
    void anUpdateIsObservedWithTheRowsItChanged() {
        run("CREATE TEMP TABLE observed (v int)");
        run("INSERT INTO observed SELECT generate_series(1, 3)");
        String sql = "UPDATE observed SET v = v + 1";
        assertThat(Flux.from(connection.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).blockLast(TIMEOUT))
                .isEqualTo(3L);

        QueryContext c = query(sql);
        assertThat(c.getRowsUpdated()).isEqualTo(3);
        assertThat(c.getRowsReturned()).isZero();
        assertThat(high(c, "r2dbc.rows.updated")).isEqualTo("3");
        assertThat(c.getContextualName()).startsWith("UPDATE ");
        assertThat(query("INSERT INTO observed SELECT generate_series(1, 3)").getRowsUpdated()).isEqualTo(3);
    }

    @Test
    void aFailingStatementRecordsTheErrorAndTheUserStillGetsIt() {
        String sql = "SELECT * FROM no_such_table_for_observation";
        assertThatThrownBy(() -> Flux.from(connection.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).blockLast(TIMEOUT))
                .isInstanceOf(R2dbcBadGrammarException.class);

        QueryContext c = query(sql);
        assertThat(c.getError()).isInstanceOf(R2dbcException.class).hasMessageContaining("no_such_table_for_observation");
        assertThat(low(c, "error")).isEqualTo(c.getError().getClass().getSimpleName());
        assertThat(low(c, "error")).isNotEqualTo("none");
        // the connection is still usable, and observed
        run("SELECT 1");
        assertThat(query("SELECT 1").getError()).isNull();
    }

    @Test
    void aCancelledResultStopsTheObservationAsCancelled() {
        // in the select list the set-returning function streams its rows (in FROM it would materialize them first)
        String sql = "SELECT generate_series(1, 100000000)";
        Integer first = Flux.from(connection.createStatement(sql).execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(1).blockLast(TIMEOUT);
        assertThat(first).isEqualTo(1);

        QueryContext c = query(sql);
        assertThat(c.isCancelled()).isTrue();
        assertThat(c.getError()).isNull();
        // the statement is this registry's only r2dbc.query observation so far
        TestObservationRegistryAssert.assertThat(registry).hasObservationWithNameEqualTo("r2dbc.query").that()
                .hasBeenStarted().hasBeenStopped().hasEvent("r2dbc.cancelled");
        run("SELECT 2");
        assertThat(query("SELECT 2").isCancelled()).isFalse();
    }

    @Test
    void aStatementCancelledBeforeItWasWrittenIsStoppedToo() {
        // with one statement in flight at most, the second waits unwritten behind the first; cancelled
        // there it is dropped without a ReadyForQuery, so only the cancel can end its observation
        Connection single = Mono.from(factory(config().pipelineLimit(1).observationRegistry(registry)).create()).block(TIMEOUT);
        try {
            String slow = "SELECT pg_sleep(0.5)";
            String waiting = "SELECT 'never sent'";
            Flux.from(single.createStatement(slow).execute()).concatMap(Result::getRowsUpdated).subscribe();
            List<? extends Result> none = Flux.from(single.createStatement(waiting).execute())
                    .take(Duration.ofMillis(100)).collectList().block(TIMEOUT);
            assertThat(none).isEmpty();

            QueryContext c = query(waiting);
            assertThat(c.isCancelled()).isTrue();
            assertThat(stopped).as("stopped before the statement ahead of it ended").noneMatch(
                    s -> s instanceof QueryContext && ((QueryContext) s).getSql().equals(slow));
            assertThat(query(slow).isCancelled()).isFalse();
        } finally {
            Mono.from(single.close()).block(TIMEOUT);
        }
    }

    @Test
    void aBatchIsOneObservation() {
        run("CREATE TEMP TABLE observed_batch (v int)");
        List<Long> counts = Flux.from(connection.createBatch()
                        .add("INSERT INTO observed_batch VALUES (1), (2)")
                        .add("SELECT v FROM observed_batch")
                        .execute())
                .concatMap(r -> Flux.from(r.getRowsUpdated())).collectList().block(TIMEOUT);
        assertThat(counts).containsExactly(2L, 2L);

        QueryContext c = query("INSERT INTO observed_batch VALUES (1), (2); SELECT v FROM observed_batch");
        assertThat(c.getRowsUpdated()).isEqualTo(2);
        assertThat(c.getRowsReturned()).isEqualTo(2);
        assertThat(c.getContextualName()).startsWith("INSERT ");
    }

    @Test
    void openingAConnectionIsObserved() {
        ConnectionContext opened = stopped.stream().filter(ConnectionContext.class::isInstance).map(ConnectionContext.class::cast)
                .findFirst().orElseThrow();
        assertThat(opened.getName()).isEqualTo("r2dbc.connection");
        assertThat(opened.getError()).isNull();
        assertThat(low(opened, "db.name")).isEqualTo(TestPostgres.get().database());
        assertThat(low(opened, "server.address")).isEqualTo(TestPostgres.get().host());
        assertThat(low(opened, "error")).isEqualTo("none");
        // the driver's own queries while connecting (the type lookup) are not the user's statements
        assertThat(stopped).noneMatch(QueryContext.class::isInstance);

        assertThatThrownBy(() -> Mono.from(factory(config().password("wrong-password").observationRegistry(registry)).create())
                .block(TIMEOUT)).isInstanceOf(R2dbcException.class);
        ConnectionContext refused = stopped.stream().filter(ConnectionContext.class::isInstance).map(ConnectionContext.class::cast)
                .filter(c -> c.getError() != null).findFirst().orElseThrow();
        assertThat(refused.getError()).isInstanceOf(R2dbcException.class);
        assertThat(low(refused, "error")).isEqualTo(refused.getError().getClass().getSimpleName());
    }

    @Test
    void aParentObservationInTheReactorContextIsTheParent() {
        Observation parent = Observation.start("caller", registry);
        String sql = "SELECT 'child'";
        Flux.from(connection.createStatement(sql).execute()).concatMap(Result::getRowsUpdated)
                .contextWrite(ctx -> ctx.put("micrometer.observation", parent)).blockLast(TIMEOUT);
        QueryContext c = query(sql);
        parent.stop();
        assertThat(c.getParentObservation()).isSameAs(parent);
    }

    private void run(String sql) {
        Flux.from(connection.createStatement(sql).execute()).concatMap(Result::getRowsUpdated).blockLast(TIMEOUT);
    }
}
