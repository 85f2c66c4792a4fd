package io.pgfast.flow;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.ProtocolVersionLimit;
import io.pgfast.config.SslMode;
import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.protocol.backend.AuthenticationOk;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.NegotiateProtocolVersion;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Protocol version negotiation against a scripted server: what the StartupMessage asks for, how each
 * NegotiateProtocolVersion answer is taken (libpq's checks), and the secret key length each version allows.
 * A refusal must come when the message does, never by connectTimeout (set far beyond the test's wait).
 */
class ProtocolVersionFlowTest {

    private static final Duration CONNECT_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final byte[] KEY_4 = {1, 2, 3, 4};
    private static final byte[] KEY_32 = new byte[32];

    private ScriptedServer server;

    @AfterEach
    void tearDown() {
        if (server != null) {
            server.close();
        }
    }

    private Mono<PgfastConnection> connect(UnaryOperator<PgfastConnectionConfigurationBuilder> options) {
        PgfastConnectionConfigurationBuilder builder = PgfastConnectionConfiguration.builder()
                .host("127.0.0.1").port(server.port()).username("scripted")
                .sslMode(SslMode.DISABLE).connectTimeout(CONNECT_TIMEOUT);
        return Mono.from(new PgfastConnectionFactory(options.apply(builder).build()).create()).cast(PgfastConnection.class);
    }

    /** The protocol version field of the StartupMessage the server received (after the length). */
    private int requestedVersion() {
        return ByteBuffer.wrap(server.received().get(0).body()).getInt();
    }

    private void ready(BackendKeyData key) {
        server.send(AuthenticationOk.INSTANCE, key, new ParameterStatus("server_version", "18.0"), ReadyForQuery.IDLE);
        server.answerTypeDiscovery();
    }

    private void assertRefused(Throwable e, String sqlState, String messagePart) {
        assertThat(e).isInstanceOf(R2dbcNonTransientResourceException.class).isNotInstanceOf(R2dbcTimeoutException.class)
                .hasMessageContaining(messagePart);
        assertThat(((R2dbcException) e).getSqlState()).isEqualTo(sqlState);
    }

    @Test
    void theDefaultAsksFor3_0AndTakesAFourByteKey() {
        server = ScriptedServer.start();
        server.expectStartup();
        ready(new BackendKeyData(1, KEY_4));
        PgfastConnection c = connect(b -> b).block(WAIT);
        server.awaitScript();
        assertThat(requestedVersion()).isEqualTo(0x0003_0000);
        assertThat(c.getMetadata().protocolVersion()).isEqualTo("3.0");
        Mono.from(c.close()).block(WAIT);
    }

    @Test
    void maxProtocolVersion3_2AsksFor3_2AndTakesA32ByteKey() {
        server = ScriptedServer.start();
        server.expectStartup();
        ready(new BackendKeyData(1, KEY_32));
        PgfastConnection c = connect(b -> b.maxProtocolVersion(ProtocolVersionLimit.V3_2)).block(WAIT);
        server.awaitScript();
        assertThat(requestedVersion()).isEqualTo(0x0003_0002);
        assertThat(c.getMetadata().protocolVersion()).isEqualTo("3.2");
        Mono.from(c.close()).block(WAIT);
    }

    /** A PostgreSQL 12 to 17 server answers a 3.2 request with NegotiateProtocolVersion(3.0). */
    @Test
    void aServerThatSpeaks3_0NegotiatesDown() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(new NegotiateProtocolVersion(ProtocolVersion.V3_0, List.of()));
        ready(new BackendKeyData(1, KEY_4));
        PgfastConnection c = connect(b -> b.maxProtocolVersion(ProtocolVersionLimit.LATEST)).block(WAIT);
        server.awaitScript();
        assertThat(c.getMetadata().protocolVersion()).isEqualTo("3.0");
        Mono.from(c.close()).block(WAIT);
    }

    @Test
    void minProtocolVersion3_2RefusesAServerThatSpeaks3_0() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(new NegotiateProtocolVersion(ProtocolVersion.V3_0, List.of()));
        server.expectClientClose();
        assertThatThrownBy(() -> connect(b -> b.minProtocolVersion(ProtocolVersionLimit.V3_2)
                .maxProtocolVersion(ProtocolVersionLimit.V3_2)).block(WAIT))
                .satisfies(e -> assertRefused(e, "08004", "minProtocolVersion is 3.2"));
        server.awaitScript();
    }

    @Test
    void aNegotiatedVersionNewerThanAskedIsAViolation() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(new NegotiateProtocolVersion(ProtocolVersion.V3_2, List.of()));
        server.expectClientClose();
        assertThatThrownBy(() -> connect(b -> b).block(WAIT))
                .satisfies(e -> assertRefused(e, "08P01", "newer than the 3.0 asked for"));
        server.awaitScript();
    }

    @Test
    void protocol3_1DoesNotExist() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(new NegotiateProtocolVersion(new ProtocolVersion(3, 1), List.of()));
        server.expectClientClose();
        assertThatThrownBy(() -> connect(b -> b.maxProtocolVersion(ProtocolVersionLimit.V3_2)).block(WAIT))
                .satisfies(e -> assertRefused(e, "08P01", "3.1, which does not exist"));
        server.awaitScript();
    }

    @Test
    void anOptionThatWasNotAskedForIsAViolation() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(new NegotiateProtocolVersion(ProtocolVersion.V3_0, List.of("_pq_.unasked")));
        server.expectClientClose();
        assertThatThrownBy(() -> connect(b -> b.maxProtocolVersion(ProtocolVersionLimit.V3_2)).block(WAIT))
                .satisfies(e -> assertRefused(e, "08P01", "_pq_.unasked"));
        server.awaitScript();
    }

    /** libpq: "cancel key with length 32 not allowed in protocol version 3.0". */
    @Test
    void aLongKeyIsRefusedUnder3_0() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(AuthenticationOk.INSTANCE, new BackendKeyData(1, KEY_32), ReadyForQuery.IDLE);
        server.expectClientClose();
        assertThatThrownBy(() -> connect(b -> b).block(WAIT))
                .satisfies(e -> assertRefused(e, "08P01", "secret key of 32 bytes, but protocol 3.0 allows exactly 4"));
        server.awaitScript();
    }

    /** After negotiating down to 3.0, 3.0's rule holds. */
    @Test
    void aLongKeyIsRefusedAfterNegotiatingDownTo3_0() {
        server = ScriptedServer.start();
        server.expectStartup();
        server.send(new NegotiateProtocolVersion(ProtocolVersion.V3_0, List.of()),
                AuthenticationOk.INSTANCE, new BackendKeyData(1, KEY_32), ReadyForQuery.IDLE);
        server.expectClientClose();
        assertThatThrownBy(() -> connect(b -> b.maxProtocolVersion(ProtocolVersionLimit.V3_2)).block(WAIT))
                .satisfies(e -> assertRefused(e, "08P01", "protocol 3.0 allows exactly 4"));
        server.awaitScript();
    }

    @Test
    void minAboveAGivenMaxIsAConfigurationError() {
        assertThatThrownBy(() -> PgfastConnectionConfiguration.builder().username("u")
                .minProtocolVersion(ProtocolVersionLimit.V3_2).maxProtocolVersion(ProtocolVersionLimit.V3_0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("minProtocolVersion 3.2 is above maxProtocolVersion 3.0");
        // without a maximum, the minimum is asked for
        assertThat(PgfastConnectionConfiguration.builder().username("u").minProtocolVersion(ProtocolVersionLimit.V3_2).build()
                .maxProtocolVersion()).isEqualTo(ProtocolVersionLimit.V3_2);
        assertThatThrownBy(() -> ProtocolVersionLimit.from("maxProtocolVersion", "3.1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3.1 does not exist");
        assertThat(ProtocolVersionLimit.from("maxProtocolVersion", "latest")).isEqualTo(ProtocolVersionLimit.V3_2);
    }
}
