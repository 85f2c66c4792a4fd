package io.pgfast.flow;

import io.pgfast.r2dbc.PgfastConnection;
import org.junit.jupiter.api.AfterEach;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * What the flow tests share: a test starts its {@link ScriptedServer} and connects to it; whatever it opened
 * is closed after it, the connection first.
 */
abstract class ScriptedFlowTest {

    static final Duration BOUND = Duration.ofSeconds(3);

    ScriptedServer server;
    PgfastConnection connection;

    @AfterEach
    void tearDown() {
        if (connection != null) {
            Mono.from(connection.close()).block(BOUND);
        }
        if (server != null) {
            server.close();
        }
    }
}
