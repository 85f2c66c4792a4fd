package io.pgfast.reliability;

import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.config.SslMode;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A listener that resets every connection right after accepting it, as a server going down (or a
 * full backlog, or a firewall) does: whatever the driver was writing, the attempt must end in an
 * R2dbcException, never a raw I/O exception. No PostgreSQL is needed: nothing gets past the reset.
 */
class ResetOnAcceptTest {

    private static final int ATTEMPTS = 20;
    private FaultProxy proxy;

    @BeforeEach
    void refuseEverything() {
        // the target is never reached: every accepted connection is reset first
        proxy = FaultProxy.to("127.0.0.1", 9);
        proxy.refuseFor(Duration.ofHours(1));
    }

    @AfterEach
    void close() {
        proxy.close();
    }

    private PgfastConnectionConfigurationBuilder config() {
        return PgfastConnectionConfiguration.builder().host("127.0.0.1").port(proxy.port()).username("u").password("secret-pw")
                .connectTimeout(Duration.ofSeconds(2));
    }

    private void everyAttemptFailsWithAnR2dbcException(PgfastConnectionConfiguration config) {
        for (int i = 0; i < ATTEMPTS; i++) {
            Throwable failure = null;
            try {
                Mono.from(new PgfastConnectionFactory(config).create()).block(Duration.ofSeconds(10));
            } catch (RuntimeException e) {
                failure = e;
            }
            assertThat(failure).as("attempt %d", i).isInstanceOf(R2dbcException.class);
            assertThat(failure.getMessage()).doesNotContain("secret-pw");
        }
        assertThat(proxy.refused()).isEqualTo(ATTEMPTS);
    }

    @Test
    void plaintext() {
        everyAttemptFailsWithAnR2dbcException(config().sslMode(SslMode.DISABLE).build());
    }

    @Test
    void tlsRequired() {
        everyAttemptFailsWithAnR2dbcException(config().sslMode(SslMode.REQUIRE).build());
    }

    @Test
    void tlsPreferred() {
        everyAttemptFailsWithAnR2dbcException(config().sslMode(SslMode.PREFER).build());
    }
}
