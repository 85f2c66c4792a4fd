package io.pgfast.flow;

import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.r2dbc.Notification;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.test.StepVerifier;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Messages that arrive while no request is in flight: the asynchronous ones (protocol 55.2.7) are taken
 * as on a busy connection; anything else, and an error (a FATAL when the server shuts down), ends the
 * connection, and the next statement fails at once instead of waiting for an answer that cannot come.
 */
class IdleConnectionFlowTest extends ScriptedFlowTest {

    /** Waits until the connection reports itself closed, within the bound. */
    private void awaitLocallyInvalid() {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (Boolean.TRUE.equals(connection.validate(ValidationDepth.LOCAL).block(BOUND))) {
            assertThat(System.nanoTime()).as("the connection still validates after %s", BOUND).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @Test
    void asynchronousMessagesWhileIdleChangeNothing() {
        server = ScriptedServer.start();
        connection = server.connect();
        List<Notification> notifications = new CopyOnWriteArrayList<>();
        Disposable listening = connection.getNotifications().subscribe(notifications::add);
        try {
            server.send(new NoticeResponse(Map.of('S', "NOTICE", 'V', "NOTICE", 'C', "00000", 'M', "idle notice")),
                    new ParameterStatus("server_version", "17.2"),
                    new NotificationResponse(4711, "events", "while idle"));
            server.awaitScript();
            FlowKind.SIMPLE.expectRequest(server);
            server.send(FlowKind.description(), FlowKind.SIMPLE.row(1));
            FlowKind.SIMPLE.finish(server, 1);
            assertThat(FlowKind.SIMPLE.run(connection).collectList().block(BOUND)).containsExactly(1);
            server.awaitScript();
            assertThat(notifications).containsExactly(new Notification("events", "while idle", 4711));
            assertThat(connection.getMetadata().getDatabaseVersion()).isEqualTo("17.2");
            assertThat(connection.validate(ValidationDepth.LOCAL).block(BOUND)).isTrue();
        } finally {
            listening.dispose();
        }
    }

    @Test
    void aDataRowWhileIdleEndsTheConnection() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.send(FlowKind.SIMPLE.row(1));
        server.expectClientClose();
        awaitLocallyInvalid();
        server.awaitScript();
        StepVerifier.create(FlowKind.SIMPLE.run(connection))
                .expectError(R2dbcNonTransientResourceException.class)
                .verify(BOUND);
    }

    @Test
    void aFatalErrorWhileIdleEndsTheConnectionWithTheServersReason() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.send(new ErrorResponse(Map.of('S', "FATAL", 'V', "FATAL", 'C', "57P01",
                'M', "terminating connection due to administrator command")));
        server.closeConnection();
        awaitLocallyInvalid();
        server.awaitScript();
        StepVerifier.create(FlowKind.SIMPLE.run(connection))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("57P01"))
                .verify(BOUND);
    }
}
