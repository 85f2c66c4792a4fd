package io.pgfast.pool;

import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many acquire/release cycles under Netty's PARANOID leak detector (the build's setting; a leak fails the test):
 * four callers over a pool of two, so that they wait for each other too; every tenth cycle runs a statement, every
 * hundredth cancels one mid-stream. {@code -Dpgfast.test.poolCycles=N} sets the count (default 100,000).
 */
@RequiresPostgres
class PoolCyclesTest {

    private static final int CYCLES = Integer.getInteger("pgfast.test.poolCycles", 100_000);
    private static final int CALLERS = 4;

    @Test
    void manyCyclesLeakNothingAndLoseNoConnection() {
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-cycles").initialSize(0).maxSize(2).build());
        try {
            long started = System.nanoTime();
            Long done = Flux.range(0, CALLERS)
                    .flatMap(caller -> Flux.range(0, CYCLES / CALLERS).concatMap(i -> Mono.usingWhen(pool.create(), c -> use(c, i),
                            Connection::close)), CALLERS)
                    .count().block(Duration.ofMinutes(30));
            assertThat(done).isEqualTo((long) (CYCLES / CALLERS) * CALLERS);
            PgfastPoolMetrics m = pool.getMetrics();
            assertThat(m.getAcquiredSize()).isZero();
            assertThat(m.getPendingAcquireSize()).isZero();
            assertThat(m.getAllocatedSize()).isBetween(1, 2);
            assertThat(m.getIdleSize()).isEqualTo(m.getAllocatedSize());
            System.out.println("[pgfast-pool] " + done + " acquire/release cycles in " + (System.nanoTime() - started) / 1_000_000 + " ms");
        } finally {
            pool.close().block(TestDb.TIMEOUT);
        }
    }

    /** Mostly nothing (the cycle alone); every tenth a statement; every hundredth a result cancelled mid-stream. */
    private static Mono<Integer> use(Connection c, int i) {
        if (i % 100 == 0) {
            return Flux.from(c.createStatement("SELECT generate_series(1, 1000)").execute())
                    .flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).take(3).last();
        }
        if (i % 10 == 0) {
            return Mono.from(c.createStatement("SELECT $1::int").bind(0, i).execute())
                    .flatMap(r -> Mono.from(r.map((row, md) -> row.get(0, Integer.class))))
                    .doOnNext(v -> assertThat(v).isEqualTo(i));
        }
        return Mono.just(i);
    }
}
