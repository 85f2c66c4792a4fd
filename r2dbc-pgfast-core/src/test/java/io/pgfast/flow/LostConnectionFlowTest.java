package io.pgfast.flow;

import io.pgfast.error.PgTransientResourceException;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.r2dbc.Notification;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.ValidationDepth;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A connection the server ends (a failover: the primary shuts down or dies): every error names the server,
 * so that with several hosts the application can tell which one went away, and carries the server's reason
 * when it gave one; a notification stream ends with that error rather than completing as if the application
 * had closed the connection. A statement sent in auto-commit and cut off this way may or may not have committed: its
 * error says so (SQLSTATE 08007) around the loss's own message.
 */
class LostConnectionFlowTest extends ScriptedFlowTest {

    private static final Map<Character, String> ADMIN_SHUTDOWN = Map.of('S', "FATAL", 'V', "FATAL", 'C', "57P01",
            'M', "terminating connection due to administrator command");

    private String serverName() {
        return "127.0.0.1:" + server.port();
    }

    @Test
    void aConnectionClosedDuringAStatementNamesTheServer() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.SIMPLE.expectRequest(server);
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(1));
        server.closeConnection();
        StepVerifier.create(FlowKind.SIMPLE.run(connection))
                .expectNext(1)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("connection to " + serverName() + " closed by the server"))
                .verify(BOUND);
    }

    /**
     * A prepared statement's first round trip (Parse, Describe, Sync) runs nothing: a connection lost then cannot have
     * committed anything, and the error does not say it may have.
     */
    @Test
    void aConnectionLostWhileTheStatementIsPreparedSaysNothingOfACommit() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.expectAll("PDS");
        server.closeConnection();
        StepVerifier.create(FlowKind.EXTENDED.run(connection))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("closed by the server")
                        .satisfies(x -> assertThat(((R2dbcNonTransientResourceException) x).getSqlState()).isNotEqualTo("08007")))
                .verify(BOUND);
    }

    /** Once Bind and Execute were sent in auto-commit, the same loss leaves the outcome unknown: 08007. */
    @Test
    void aConnectionLostAfterTheExecuteWasSentSaysTheOutcomeIsUnknown() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.EXTENDED.expectRequest(server);
        server.closeConnection();
        StepVerifier.create(FlowKind.EXTENDED.run(connection))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("closed by the server")
                        .satisfies(x -> assertThat(((R2dbcNonTransientResourceException) x).getSqlState()).isEqualTo("08007")))
                .verify(BOUND);
    }

    /** An immediate shutdown sends a WARNING 57P01 (to the client only) and closes: that is the reason given. */
    @Test
    void theWarningOfAnImmediateShutdownIsTheReason() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.SIMPLE.expectRequest(server);
        server.send(FlowKind.description(), new NoticeResponse(Map.of('S', "WARNING", 'V', "WARNING", 'C', "57P01",
                'M', "terminating connection due to immediate shutdown command")));
        server.closeConnection();
        StepVerifier.create(FlowKind.SIMPLE.run(connection))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("connection to " + serverName() + " closed by the server: "
                                + "terminating connection due to immediate shutdown command (57P01)"))
                .verify(BOUND);
    }

    @Test
    void aFatalErrorDuringAStatementNamesTheServer() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.EXTENDED.expectRequest(server);
        server.send(new ErrorResponse(ADMIN_SHUTDOWN));
        server.closeConnection();
        StepVerifier.create(FlowKind.EXTENDED.run(connection))
                .expectErrorSatisfies(e -> {
                    assertThat(e).isInstanceOf(PgTransientResourceException.class)
                            .hasMessage("terminating connection due to administrator command (server " + serverName() + ")");
                    assertThat(((PgTransientResourceException) e).getSqlState()).isEqualTo("57P01");
                })
                .verify(BOUND);
    }

    /**
     * The FATAL error arrives behind rows the subscriber has not asked for, and the connection closes before it
     * asks: the error it then gets still says why the server closed the connection.
     */
    @Test
    void aFatalErrorBehindUnrequestedRowsIsTheReason() {
        server = ScriptedServer.start();
        connection = server.connect();
        FlowKind.SIMPLE.expectRequest(server);
        server.send(FlowKind.description(), FlowKind.SIMPLE.row(1), FlowKind.SIMPLE.row(2), FlowKind.SIMPLE.row(3),
                new ErrorResponse(ADMIN_SHUTDOWN));
        server.closeConnection();
        StepVerifier.create(FlowKind.SIMPLE.run(connection), 1)
                .expectNext(1)
                .then(() -> Mono.from(connection.validate(ValidationDepth.LOCAL)).repeat()
                        .takeUntil(valid -> !valid).blockLast(BOUND))
                .thenRequest(Long.MAX_VALUE)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessageContaining("connection to " + serverName() + " closed by the server: "
                                + "terminating connection due to administrator command (57P01)"))
                .verify(BOUND);
    }

    @Test
    void aFatalErrorWhileIdleNamesTheServer() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.send(new ErrorResponse(ADMIN_SHUTDOWN));
        server.closeConnection();
        server.awaitScript();
        awaitLocallyInvalid();
        StepVerifier.create(FlowKind.SIMPLE.run(connection))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessage("[57P01] terminating connection due to administrator command (server " + serverName() + ")"))
                .verify(BOUND);
    }

    @Test
    void notificationsEndWithTheErrorWhenTheConnectionIsLost() {
        server = ScriptedServer.start();
        connection = server.connect();
        StepVerifier.create(connection.getNotifications())
                .then(() -> server.send(new NotificationResponse(4711, "events", "before")).closeConnection())
                .expectNext(new Notification("events", "before", 4711))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class)
                        .hasMessage("connection to " + serverName() + " closed by the server"))
                .verify(BOUND);
        // a late subscriber learns the same
        StepVerifier.create(connection.getNotifications())
                .expectError(R2dbcNonTransientResourceException.class)
                .verify(BOUND);
    }

    @Test
    void notificationsCompleteWhenTheApplicationClosesTheConnection() {
        server = ScriptedServer.start();
        connection = server.connect();
        server.expectClientClose();
        StepVerifier.create(connection.getNotifications())
                .then(() -> Mono.from(connection.close()).block(BOUND))
                .expectComplete()
                .verify(BOUND);
    }

    private void awaitLocallyInvalid() {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (Boolean.TRUE.equals(connection.validate(ValidationDepth.LOCAL).block(BOUND))) {
            assertThat(System.nanoTime()).as("the connection still validates after %s", BOUND).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }
}
