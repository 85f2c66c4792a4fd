package io.pgfast.r2dbc.flows;

import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.FunctionCallResponse;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.PortalSuspended;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.Arguments;
import reactor.test.StepVerifier;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static io.pgfast.r2dbc.flows.ScriptedServer.messages;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Backend messages that break the protocol where a result is due: each must end the statement's
 * publisher with an R2dbcException within {@link #BOUND} (never a hang) and close the connection, since
 * nothing the client reads afterwards can be trusted.
 *
 * <p>Every broken answer is written in one piece, followed by the normal end of the result
 * (CommandComplete, ReadyForQuery): a client that ignored the violation would then complete normally,
 * which fails the test instead of hanging it.
 */
class ProtocolViolationFlowTest extends ScriptedFlowTest {

    private void open(FlowKind flow) {
        server = ScriptedServer.start();
        connection = server.connect(flow::configure);
        flow.expectRequest(server);
    }

    /** The statement fails with a connection failure within the bound; the client closed the connection. */
    private void assertConnectionFails(FlowKind flow, String messagePart) {
        server.expectClientClose();
        StepVerifier.create(flow.run(connection))
                .thenConsumeWhile(v -> true)
                .expectErrorSatisfies(e -> assertThat(e)
                        .isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining(messagePart))
                .verify(BOUND);
        assertThat(connection.validate(ValidationDepth.LOCAL).block(BOUND)).isFalse();
        server.awaitScript();
        assertThat(server.clientClosed()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = "COMMAND", mode = EnumSource.Mode.EXCLUDE)
    void dataRowWithoutRowDescription(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStartWithoutDescription(), flow.row(1), flow.end(1)));
        assertConnectionFails(flow, "DataRow");
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = "COMMAND", mode = EnumSource.Mode.EXCLUDE)
    void rowDescriptionTwice(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), flow.row(1), FlowKind.description(), flow.row(2), flow.end(2)));
        assertConnectionFails(flow, "RowDescription");
    }

    @Test
    void bindCompleteInASimpleQuery() {
        open(FlowKind.SIMPLE);
        server.send(messages(FlowKind.SIMPLE.resultStart(), BindComplete.INSTANCE, FlowKind.SIMPLE.end(0)));
        assertConnectionFails(FlowKind.SIMPLE, "BindComplete");
    }

    private static BackendMessage unexpected(String name) {
        switch (name) {
            case "ParseComplete":
                return ParseComplete.INSTANCE;
            case "CopyBothResponse":
                // the start of a replication stream (Copy Both), which only START_REPLICATION begins
                return new CopyBothResponse((short) 0, new short[0]);
            case "FunctionCallResponse":
                // the answer to a FunctionCall (F), which this driver never sends
                return new FunctionCallResponse("42".getBytes(StandardCharsets.US_ASCII));
            case "BindComplete":
                return BindComplete.INSTANCE;
            case "PortalSuspended":
                return PortalSuspended.INSTANCE;
            case "DataRow":
                return FlowKind.SIMPLE.row(1);
            default:
                throw new IllegalArgumentException(name);
        }
    }

    static Stream<Arguments> unexpectedMessages() {
        List<Arguments> cases = new ArrayList<>();
        for (FlowKind flow : List.of(FlowKind.SIMPLE, FlowKind.EXTENDED, FlowKind.FETCH, FlowKind.UNNAMED)) {
            cases.add(Arguments.of(flow, "CopyBothResponse"));
            cases.add(Arguments.of(flow, "FunctionCallResponse"));
        }
        cases.add(Arguments.of(FlowKind.SIMPLE, "ParseComplete"));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("unexpectedMessages")
    void unexpectedMessageWhereCommandCompleteIsDue(FlowKind flow, String message) {
        open(flow);
        server.send(messages(flow.resultStart(), flow.rows(1), unexpected(message), flow.end(1)));
        assertConnectionFails(flow, message);
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = {"EXTENDED", "FETCH", "UNNAMED"})
    void parseCompleteWhereCommandCompleteIsDueInTheExtendedProtocol(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), flow.rows(1), ParseComplete.INSTANCE, flow.end(1)));
        assertConnectionFails(flow, "ParseComplete");
    }

    static Stream<String> messagesNoDriverCommandGets() {
        return Stream.of("DataRow", "BindComplete", "ParseComplete", "PortalSuspended", "CopyBothResponse", "FunctionCallResponse");
    }

    @ParameterizedTest
    @MethodSource("messagesNoDriverCommandGets")
    void unexpectedMessageInADriverCommand(String message) {
        open(FlowKind.COMMAND);
        server.send(messages(unexpected(message), FlowKind.COMMAND.end(0)));
        assertConnectionFails(FlowKind.COMMAND, message);
    }

    @ParameterizedTest
    @EnumSource(FlowKind.class)
    void readyForQueryWithAnInvalidStatus(FlowKind flow) {
        open(flow);
        byte[] head = ScriptedServer.encode(messages(flow.resultStart(), flow.rows(1),
                flow == FlowKind.COMMAND ? new CommandComplete("SET") : new CommandComplete("SELECT 1")));
        // 'Z', length 5, status 'X' (only I, T and E exist)
        byte[] ready = ScriptedServer.rawMessage('Z', (byte) 'X');
        byte[] all = new byte[head.length + ready.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(ready, 0, all, head.length, ready.length);
        server.sendRaw(all);
        assertConnectionFails(flow, "ReadyForQuery");
    }

    /** The flow's one-column row 1 as a DataRow of {@code columns} copies of that value. */
    private static DataRow rowOfWidth(FlowKind flow, int columns) {
        DataRow one = flow.row(1);
        byte[] v = new byte[one.length(0)];
        one.buffer().getBytes(one.offset(0), v);
        io.netty.util.ReferenceCountUtil.release(one);
        byte[][] values = new byte[columns][];
        Arrays.fill(values, v);
        return DataRow.of(values);
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = "COMMAND", mode = EnumSource.Mode.EXCLUDE)
    void dataRowWithMoreColumnsThanItsRowDescription(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), rowOfWidth(flow, 2), flow.end(1)));
        assertConnectionFails(flow, "DataRow");
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = "COMMAND", mode = EnumSource.Mode.EXCLUDE)
    void dataRowWithFewerColumnsThanItsRowDescription(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), rowOfWidth(flow, 0), flow.end(1)));
        assertConnectionFails(flow, "DataRow");
    }

    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = {"SIMPLE", "EXTENDED", "UNNAMED"})
    void portalSuspendedWithoutARowLimit(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), flow.rows(1), PortalSuspended.INSTANCE, flow.end(1)));
        assertConnectionFails(flow, "PortalSuspended");
    }

    private void assertServerErrorThenClose(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), flow.rows(1), ServerErrors.undefinedTable()));
        server.closeConnection();
        StepVerifier.create(flow.run(connection))
                .thenConsumeWhile(v -> true)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcException.class)
                        .extracting(x -> ((R2dbcException) x).getSqlState()).isEqualTo(ServerErrors.UNDEFINED_TABLE))
                .verify(BOUND);
        assertThat(connection.validate(ValidationDepth.LOCAL).block(BOUND)).isFalse();
        server.awaitScript();
    }

    /** The server's error is the better answer than "connection closed": it says what went wrong. */
    @ParameterizedTest
    @EnumSource(value = FlowKind.class, names = "COMMAND", mode = EnumSource.Mode.EXCLUDE)
    void errorResponseThenTheServerClosesWithoutReadyForQuery(FlowKind flow) {
        assertServerErrorThenClose(flow);
    }

    @Test
    void errorResponseThenTheServerClosesDuringADriverCommand() {
        assertServerErrorThenClose(FlowKind.COMMAND);
    }

    @ParameterizedTest
    @EnumSource(FlowKind.class)
    void serverClosesInTheMiddleOfTheResult(FlowKind flow) {
        open(flow);
        server.send(messages(flow.resultStart(), flow.rows(1, 2)));
        server.closeConnection();
        StepVerifier.create(flow.run(connection))
                .thenConsumeWhile(v -> true)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("closed"))
                .verify(BOUND);
        assertThat(connection.validate(ValidationDepth.LOCAL).block(BOUND)).isFalse();
        server.awaitScript();
    }
}
