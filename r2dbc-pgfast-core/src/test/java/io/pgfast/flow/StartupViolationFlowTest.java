package io.pgfast.flow;

import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.AuthenticationOk;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.FunctionCallResponse;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.PortalSuspended;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The startup phase (StartupFlow, protocol 55.2.1) given messages that belong to a query: after
 * AuthenticationOk only BackendKeyData, ParameterStatus, NoticeResponse, NegotiateProtocolVersion and
 * ReadyForQuery may come. Each broken startup must fail the connection attempt when the message comes, not
 * by connectTimeout (which is set far beyond the test's wait, so it can never be what ended the attempt),
 * with an R2dbcException naming what came.
 */
class StartupViolationFlowTest {

    /** Never reached: a violation must be noticed, not timed out. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofMinutes(10);
    /** How long the test waits for the refusal: a hang guard, far shorter than connectTimeout. */
    private static final Duration WAIT = Duration.ofSeconds(60);

    private ScriptedServer server;

    @AfterEach
    void tearDown() {
        if (server != null) {
            server.close();
        }
    }

    private Mono<?> connect() {
        PgfastConnectionConfiguration config = PgfastConnectionConfiguration.builder()
                .host("127.0.0.1").port(server.port()).username("scripted")
                .sslMode(SslMode.DISABLE).connectTimeout(CONNECT_TIMEOUT).build();
        return Mono.from(new PgfastConnectionFactory(config).create());
    }

    private void assertStartupFails(Class<? extends R2dbcException> type, String messagePart) {
        assertThatThrownBy(() -> connect().block(WAIT))
                .isInstanceOf(type)
                .isNotInstanceOf(R2dbcTimeoutException.class)
                .hasMessageContaining(messagePart);
        server.awaitScript();
    }

    private static BackendMessage message(String name) {
        switch (name) {
            case "DataRow":
                return DataRow.of("1".getBytes(StandardCharsets.US_ASCII));
            case "RowDescription":
                return FlowKind.description();
            case "CommandComplete":
                return new CommandComplete("SELECT 1");
            case "BindComplete":
                return BindComplete.INSTANCE;
            case "ParseComplete":
                return ParseComplete.INSTANCE;
            case "PortalSuspended":
                return PortalSuspended.INSTANCE;
            case "CopyBothResponse":
                return new CopyBothResponse((short) 0, new short[0]);
            case "FunctionCallResponse":
                return new FunctionCallResponse(new byte[] {1});
            default:
                throw new IllegalArgumentException(name);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"DataRow", "RowDescription", "CommandComplete", "BindComplete", "ParseComplete", "PortalSuspended",
            "CopyBothResponse", "FunctionCallResponse"})
    void aQueryMessageDuringStartup(String name) {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(AuthenticationOk.INSTANCE, new BackendKeyData(4711, new byte[] {1, 2, 3, 4}), message(name), ReadyForQuery.IDLE);
        server.expectClientClose();
        assertStartupFails(R2dbcNonTransientResourceException.class, name);
    }

    @Test
    void readyForQueryWithAnInvalidStatusDuringStartup() {
        server = ScriptedServer.start();
        server.expectStartup();
        byte[] ok = ScriptedServer.encode(AuthenticationOk.INSTANCE);
        // 'Z', length 5, status 'X' (only I, T and E exist)
        byte[] ready = ScriptedServer.rawMessage('Z', (byte) 'X');
        byte[] all = new byte[ok.length + ready.length];
        System.arraycopy(ok, 0, all, 0, ok.length);
        System.arraycopy(ready, 0, all, ok.length, ready.length);
        server.sendRaw(all);
        server.expectClientClose();
        assertStartupFails(R2dbcNonTransientResourceException.class, "ReadyForQuery");
    }

    /** A FATAL error then the close, without ReadyForQuery: the server's error is the answer. */
    @Test
    void errorResponseThenCloseDuringStartup() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(AuthenticationOk.INSTANCE, new ErrorResponse(Map.of(
                'S', "FATAL", 'V', "FATAL", 'C', "53300", 'M', "sorry, too many clients already")));
        server.closeConnection();
        assertStartupFails(R2dbcException.class, "too many clients");
    }

    @Test
    void serverClosesAfterAuthenticationOk() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(AuthenticationOk.INSTANCE, new BackendKeyData(4711, new byte[] {1, 2, 3, 4}));
        server.closeConnection();
        assertStartupFails(R2dbcNonTransientResourceException.class, "closed");
    }
}
