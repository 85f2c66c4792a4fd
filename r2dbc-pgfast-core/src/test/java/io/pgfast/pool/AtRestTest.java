package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static io.pgfast.pool.PoolDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PgfastConnection#isAtRest()}, which lets the pool give a connection back without a round trip: true in a
 * statement's last signal on the event loop (where a chained caller releases), false while a statement runs.
 */
@RequiresPostgres
class AtRestTest {

    @Test
    void aStatementsLastSignalSeesTheConnectionAtRest() {
        PgfastConnection c = PoolDb.direct();
        try {
            List<Boolean> seen = new ArrayList<>();
            AtomicReference<Boolean> onLoop = new AtomicReference<>();
            for (int i = 0; i < 10; i++) {
                Flux.from(c.createStatement("SELECT $1::int").bind(0, i).execute())
                        .flatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                        .doOnComplete(() -> {
                            onLoop.set(c.eventLoop().inEventLoop());
                            seen.add(c.isAtRest());
                        })
                        .blockLast(TIMEOUT);
                assertThat(onLoop.get()).as("completed on the connection's event loop").isTrue();
            }
            assertThat(seen).containsOnly(true).hasSize(10);
        } finally {
            PoolDb.close(c);
        }
    }

    @Test
    void aRunningStatementIsSeen() throws Exception {
        PgfastConnection c = PoolDb.direct();
        try {
            // on the event loop: from another thread the startup may still be finishing there
            assertThat(c.eventLoop().submit(c::isAtRest).get()).isTrue();
            AtomicReference<Boolean> inRows = new AtomicReference<>();
            Flux.from(c.createStatement("SELECT 1 FROM pg_sleep(0.1)").execute())
                    .flatMap(r -> r.map((row, md) -> {
                        inRows.set(c.isAtRest());
                        return 1;
                    }))
                    .blockLast(TIMEOUT);
            assertThat(inRows.get()).as("in a row's callback the statement has not ended").isFalse();
            assertThat(c.eventLoop().submit(c::isAtRest).get()).isTrue();
        } finally {
            PoolDb.close(c);
        }
    }
}
