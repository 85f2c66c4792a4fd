package io.pgfast.flow;

import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.r2dbc.Notification;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.pgfast.flow.ScriptedServer.messages;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * NoticeResponse, ParameterStatus and NotificationResponse may come at any time (protocol 55.2.7,
 * "Asynchronous Operations"): between the DataRows of every flow they change nothing about the result,
 * the connection stays usable, and each goes where it belongs.
 */
class AsynchronousMessagesFlowTest extends ScriptedFlowTest {

    private static NoticeResponse notice(String text) {
        return new NoticeResponse(Map.of('S', "NOTICE", 'V', "NOTICE", 'C', "00000", 'M', text));
    }

    @ParameterizedTest
    @EnumSource(FlowKind.class)
    void betweenRowsTheyChangeNothing(FlowKind flow) {
        server = ScriptedServer.start();
        connection = server.connect(flow::configure);
        List<Notification> notifications = new CopyOnWriteArrayList<>();
        Disposable listening = connection.getNotifications().subscribe(notifications::add);
        try {
            flow.expectRequest(server);
            if (flow.hasRows()) {
                server.send(messages(flow.resultStart(), flow.row(1), notice("first"), flow.row(2),
                        new ParameterStatus("server_version", "17.1"), flow.row(3),
                        new NotificationResponse(4711, "events", "payload"), flow.row(4)));
            } else {
                server.send(messages(notice("first"), new ParameterStatus("server_version", "17.1"),
                        new NotificationResponse(4711, "events", "payload")));
            }
            flow.finish(server, 4);
            List<Object> values = flow.run(connection).collectList().block(BOUND);
            assertThat(values).isEqualTo(flow.hasRows() ? List.of(1, 2, 3, 4) : List.of());
            server.awaitScript();
            assertThat(connection.getMetadata().getDatabaseVersion()).isEqualTo("17.1");
            assertThat(notifications).containsExactly(new Notification("events", "payload", 4711));
            assertThat(connection.validate(ValidationDepth.LOCAL).block(BOUND)).isTrue();

            // the conversation after it is still in step
            FlowKind.SIMPLE.expectRequest(server);
            server.send(FlowKind.SIMPLE.resultStart());
            server.send(FlowKind.SIMPLE.row(5));
            FlowKind.SIMPLE.finish(server, 1);
            assertThat(FlowKind.SIMPLE.run(connection).collectList().block(BOUND)).containsExactly(5);
            server.awaitScript();
        } finally {
            listening.dispose();
        }
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = "COMMAND", mode = EnumSource.Mode.EXCLUDE)
    void aNoticeBetweenRowsIsAMessageSegmentInItsPlace(FlowKind flow) {
        server = ScriptedServer.start();
        connection = server.connect(flow::configure);
        flow.expectRequest(server);
        server.send(messages(flow.resultStart(), flow.row(1), notice("between"), flow.row(2)));
        flow.finish(server, 2);
        List<String> segments = Flux.from(flow.statement(connection).execute())
                .concatMap(r -> r.flatMap(segment -> {
                    if (segment instanceof Result.RowSegment) {
                        return Mono.just("row " + ((Result.RowSegment) segment).row().get(0));
                    }
                    if (segment instanceof Result.Message) {
                        return Mono.just("message " + ((Result.Message) segment).message());
                    }
                    return Mono.just("count " + ((Result.UpdateCount) segment).value());
                }))
                .collectList().block(BOUND);
        assertThat(segments).containsExactly("row 1", "message between", "row 2", "count 2");
        server.awaitScript();
    }
}
