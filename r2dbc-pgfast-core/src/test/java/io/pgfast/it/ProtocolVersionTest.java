package io.pgfast.it;

import io.pgfast.config.ProtocolVersionLimit;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Protocol 3.2 against the test server: PostgreSQL 18 speaks it (and hands out 32-byte cancel keys, which the
 * CancelRequest must carry whole); 12 to 17 answer a 3.2 request with NegotiateProtocolVersion, and the
 * connection falls back to 3.0 unless {@code minProtocolVersion=3.2}. CI runs these on 12, 17 and 18.
 */
@RequiresPostgres
class ProtocolVersionTest {

    private static boolean speaks3_2() {
        return TestDb.server().majorVersion() >= 18;
    }

    @Test
    void theDefaultIs3_0OnEveryServer() {
        PgfastConnection c = Pg.connect();
        try {
            assertThat(c.getMetadata().protocolVersion()).isEqualTo("3.0");
            assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void latestIs3_2OnPostgres18AndFallsBackTo3_0Before() {
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).maxProtocolVersion(ProtocolVersionLimit.LATEST).build());
        try {
            assertThat(c.getMetadata().protocolVersion()).isEqualTo(speaks3_2() ? "3.2" : "3.0");
            assertThat(TestDb.one(c, "SELECT 2", Integer.class)).isEqualTo(2);
        } finally {
            TestDb.close(c);
        }
    }

    @Test
    void minProtocolVersion3_2RefusesAServerBefore18() {
        assumeTrue(!speaks3_2(), "PostgreSQL " + TestDb.server().majorVersion() + " speaks 3.2");
        assertThatThrownBy(() -> Pg.connect(Pg.config(AuthMethod.SCRAM).minProtocolVersion(ProtocolVersionLimit.V3_2)
                .maxProtocolVersion(ProtocolVersionLimit.V3_2).build()))
                .isInstanceOf(R2dbcNonTransientResourceException.class)
                .hasMessageContaining("the server speaks protocol 3.0 at most, but minProtocolVersion is 3.2")
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("08004"));
    }

    /**
     * A statement running under 3.2 is cancelled with the 32-byte key: the sleep outlasts the test's wait, so
     * SELECT 5 answers within it only if the CancelRequest stopped the server's work.
     */
    @Test
    void aRunningStatementIsCancelledUnder3_2() {
        assumeTrue(speaks3_2(), "protocol 3.2 needs PostgreSQL 18, the server is " + TestDb.server().majorVersion());
        PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM).minProtocolVersion(ProtocolVersionLimit.V3_2)
                .maxProtocolVersion(ProtocolVersionLimit.V3_2).build());
        try {
            assertThat(c.getMetadata().protocolVersion()).isEqualTo("3.2");
            Flux<Integer> sleeping = Flux.from(c.createStatement("SELECT 1 FROM pg_sleep(60)").execute())
                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class)));
            StepVerifier.create(sleeping.timeout(Duration.ofMillis(200)))
                    .expectError(TimeoutException.class)
                    .verify(TestDb.TIMEOUT);
            assertThat(TestDb.one(c, "SELECT 5", Integer.class)).isEqualTo(5);
        } finally {
            TestDb.close(c);
        }
    }
}
