package io.pgfast.transport;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.connect.ConnectionBootstrap;
import io.pgfast.flow.CommandFlow;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;

import java.time.Duration;
import java.util.List;

/**
 * A started transport on the harness's server, the settings of one on an embedded channel, and the first column of a
 * simple query's rows, for this package's tests.
 */
final class TestTransports {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private TestTransports() {
    }

    /** The harness's server, a SCRAM role, plaintext unless changed. */
    static PgfastConnectionConfigurationBuilder config() {
        TestServer s = TestPostgres.get();
        TestRole r = s.role(AuthMethod.SCRAM);
        return PgfastConnectionConfiguration.builder()
                .host(s.host()).port(s.port()).database(s.database())
                .username(r.user()).password(r.password()).sslMode(SslMode.DISABLE);
    }

    /**
     * What a transport on an embedded channel is opened with: no timeouts, no read-ahead, default notices, Reactor
     * Netty's loops and an early cancel that cancels at once.
     */
    static TransportSettings embeddedSettings(int maxMessageSize, int pipelineLimit) {
        return new TransportSettings(Duration.ZERO, DeadPeerDetection.OFF, true, false, maxMessageSize, pipelineLimit,
                Duration.ZERO, 0, Notices.DEFAULT, null, 0, Duration.ZERO);
    }

    /** A transport past its startup. */
    static Transport connect(PgfastConnectionConfigurationBuilder config) {
        return new ConnectionBootstrap(config.build(), DefaultCodecRegistry.builtins()).connect().block(TIMEOUT).transport();
    }

    /** The first column of the first result's rows, as text. */
    static List<String> rows(Transport transport, String sql) {
        return firstColumn(CommandFlow.textRows(transport, sql).block(TIMEOUT));
    }

    static List<String> firstColumn(List<List<String[]>> results) {
        return results.get(0).stream().map(row -> row[0]).toList();
    }
}
