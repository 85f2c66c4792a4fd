package io.pgfast.reliability;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * Design rule 10: cancelling a row Flux stops the server's work and returns the connection to
 * ReadyForQuery quickly, not after draining the result. PostgreSQL acts on a CancelRequest only once
 * its blocked write to the client completes, so what the socket buffers hold (a few MB) must still be
 * read and dropped; at framing speed that takes milliseconds. The proxy counts those bytes.
 */
@RequiresPostgres
class CancelledResultDrainTest {

    private static final String TEN_MILLION_ROWS = "SELECT generate_series(1, 10000000)";

    /**
     * After a cancel, the next query waits only for what the server had sent before it stopped, never for the
     * rest of the result (about 180 MB of DataRows): measured in bytes through the proxy, not in time.
     */
    @Test
    void theNextQueryAfterACancelledLargeResultWaitsOnlyForWhatTheServerHadSent() {
        try (FaultProxy proxy = FaultProxy.to(TestDb.server().host(), TestDb.server().port())) {
            PgfastConnection c = Pg.connect(Pg.config(AuthMethod.SCRAM, "127.0.0.1", proxy.port()).build());
            try {
                for (int i = 0; i < 3; i++) {
                    long before = proxy.bytesToClient();
                    assertThat(Flux.from(c.createStatement(TEN_MILLION_ROWS).execute())
                            .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(5).collectList().block(TestDb.TIMEOUT))
                            .containsExactly(1, 2, 3, 4, 5);
                    assertThat(TestDb.one(c, "SELECT 7", Integer.class)).isEqualTo(7);
                    assertThat(proxy.bytesToClient() - before).as("bytes from the server in round %d", i).isLessThan(50L << 20);
                }
            } finally {
                TestDb.close(c);
            }
        }
    }
}
