package io.pgfast.flow;

import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.ParameterDescription;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.function.Tuple2;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statements issued together are written together: the scripted server reads every one of them before it
 * answers the first, so a driver that waited for an answer before writing the next would stall the
 * script (and fail within the bound) instead of passing.
 */
class PipeliningFlowTest extends ScriptedFlowTest {

    private static Flux<Object> values(Statement s) {
        return Flux.from(s.execute()).concatMap(r -> r.map((row, md) -> row.get(0)));
    }

    private Tuple2<List<Object>, List<Object>> both(Statement first, Statement second) {
        return Mono.zip(values(first).collectList(), values(second).collectList()).block(BOUND);
    }

    @Test
    void twoSimpleQueriesAreWrittenBeforeTheFirstAnswer() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.expectAll("QQ");
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(1), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE,
                FlowKind.description(), FlowKind.SIMPLE.row(2), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        Tuple2<List<Object>, List<Object>> results = both(
                connection.createStatement("SELECT 1 AS v"), connection.createStatement("SELECT 2 AS v"));
        assertThat(results.getT1()).containsExactly(1);
        assertThat(results.getT2()).containsExactly(2);
        server.awaitScript();
        // after the startup packet and the type discovery's Query
        assertThat(server.received().get(2).bodyText()).startsWith("SELECT 1");
        assertThat(server.received().get(3).bodyText()).startsWith("SELECT 2");
    }

    @Test
    void twoExecutionsOfAPreparedStatementAreWrittenBeforeTheFirstAnswer() {
        server = ScriptedServer.start();
        connection = server.connect();
        // the first execution prepares the statement: Parse/Describe, then its Bind/Execute
        FlowKind.EXTENDED.expectRequest(server);
        server.send(BindComplete.INSTANCE, FlowKind.binaryRow(1), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        assertThat(values(FlowKind.EXTENDED.statement(connection)).collectList().block(BOUND)).containsExactly(1);
        server.awaitScript();

        server.expectAll("BESBES");
        server.send(BindComplete.INSTANCE, FlowKind.binaryRow(2), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE,
                BindComplete.INSTANCE, FlowKind.binaryRow(3), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        Tuple2<List<Object>, List<Object>> results = both(
                connection.createStatement("SELECT $1::int4 AS v").bind(0, 2),
                connection.createStatement("SELECT $1::int4 AS v").bind(0, 3));
        assertThat(results.getT1()).containsExactly(2);
        assertThat(results.getT2()).containsExactly(3);
        server.awaitScript();
    }

    @Test
    void aSimpleQueryAndAStatementToPrepareAreWrittenTogether() {
        server = ScriptedServer.start();
        connection = server.connect();
        // a statement not prepared yet holds back what comes after it, not what comes before
        server.expectAll("QPDS");
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(1), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        server.send(ParseComplete.INSTANCE,
                new ParameterDescription(new int[] {ScriptedServer.INT4}), FlowKind.description(),
                ReadyForQuery.IDLE);
        server.expectAll("BES");
        server.send(BindComplete.INSTANCE, FlowKind.binaryRow(7), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        Tuple2<List<Object>, List<Object>> results = both(
                connection.createStatement("SELECT 1 AS v"), connection.createStatement("SELECT $1::int4 AS v").bind(0, 7));
        assertThat(results.getT1()).containsExactly(1);
        assertThat(results.getT2()).containsExactly(7);
        server.awaitScript();
    }

    @Test
    void withAPipelineLimitOfOneTheSecondWaitsForTheFirstAnswer() {
        server = ScriptedServer.start();
        connection = server.connect(b -> b.pipelineLimit(1));
        server.expect('Q');
        server.expectSilence(Duration.ofMillis(300));
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(1), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        server.expect('Q');
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(2), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        Tuple2<List<Object>, List<Object>> results = both(
                connection.createStatement("SELECT 1 AS v"), connection.createStatement("SELECT 2 AS v"));
        assertThat(results.getT1()).containsExactly(1);
        assertThat(results.getT2()).containsExactly(2);
        server.awaitScript();
    }

    @Test
    void resultsOfPipelinedStatementsKeepTheirOrderUnderErrors() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.expectAll("QQ");
        server.send(ServerErrors.undefinedTable(), ReadyForQuery.IDLE,
                FlowKind.description(), FlowKind.SIMPLE.row(2), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        Mono<Object> failing = values(connection.createStatement("SELECT v FROM t")).then(Mono.<Object>just("no error"))
                .onErrorResume(e -> Mono.just(((R2dbcException) e).getSqlState()));
        List<Object> outcomes = Mono.zip(failing, values(connection.createStatement("SELECT 2 AS v")).collectList())
                .map(t -> List.of(t.getT1(), t.getT2())).block(BOUND);
        assertThat(outcomes).containsExactly(ServerErrors.UNDEFINED_TABLE, List.of(2));
        server.awaitScript();
    }
}
