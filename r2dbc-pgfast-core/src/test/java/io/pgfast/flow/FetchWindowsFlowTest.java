package io.pgfast.flow;

import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CloseComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.PortalSuspended;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fetchSize on the wire (protocol 55.2.3, "Execute"): Execute(n) and Flush, one more Execute(n) after each
 * PortalSuspended, Sync only after the portal's CommandComplete; a consumer that stops reading closes the
 * portal (Close, Sync) at the next PortalSuspended instead of fetching the rest.
 */
class FetchWindowsFlowTest extends ScriptedFlowTest {

    private Flux<Result> select() {
        return Flux.from(connection.createStatement("SELECT v FROM t").fetchSize(2).execute());
    }

    @Test
    void eachWindowIsAskedForAndTheRowCountAddsEveryWindow() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.prepare(server);
        server.expectAll("BEH");
        server.send(BindComplete.INSTANCE, FlowKind.binaryRow(1), FlowKind.binaryRow(2), PortalSuspended.INSTANCE);
        server.expectAll("EH");
        server.send(FlowKind.binaryRow(3), FlowKind.binaryRow(4), PortalSuspended.INSTANCE);
        server.expectAll("EH");
        // the last Execute reports only its own row
        server.send(FlowKind.binaryRow(5), new CommandComplete("SELECT 1"));
        server.expect('S');
        server.send(ReadyForQuery.IDLE);
        List<Object> segments = select()
                .concatMap(r -> r.flatMap(segment -> segment instanceof Result.RowSegment
                        ? Mono.just(((Result.RowSegment) segment).row().get(0))
                        : Mono.just("count " + ((Result.UpdateCount) segment).value())))
                .collectList().block(BOUND);
        assertThat(segments).containsExactly(1, 2, 3, 4, 5, "count 5");
        server.awaitScript();
        assertThat(server.receivedTypes()).endsWith("PDSBEHEHEHS");
    }

    @Test
    void aConsumerThatStopsClosesThePortalAtTheNextSuspension() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.prepare(server);
        server.expectAll("BEH");
        server.send(BindComplete.INSTANCE, FlowKind.binaryRow(1), FlowKind.binaryRow(2), PortalSuspended.INSTANCE);
        server.expectAll("EH");
        server.send(FlowKind.binaryRow(3), FlowKind.binaryRow(4), PortalSuspended.INSTANCE);
        // Close(portal), Sync: the rest of the rows are never fetched
        server.expectAll("CS");
        server.send(CloseComplete.INSTANCE, ReadyForQuery.IDLE);
        List<Object> firstThree = select().concatMap(r -> r.map((row, md) -> row.get(0))).take(3).collectList().block(BOUND);
        assertThat(firstThree).containsExactly(1, 2, 3);
        server.awaitScript();
        assertThat(connection.validate(ValidationDepth.LOCAL).block(BOUND)).isTrue();

        // the connection is in step for the next statement
        server.expect('Q');
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(9), new CommandComplete("SELECT 1"), ReadyForQuery.IDLE);
        assertThat(FlowKind.SIMPLE.run(connection).collectList().block(BOUND)).containsExactly(9);
        server.awaitScript();
    }
}
