package io.pgfast.pool;

import io.netty.util.ResourceLeakDetector;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.pgfast.testing.TestDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * How often a thread that blocks on each step of a pool query (acquire, select, give back) goes to sleep: once, for
 * the statement's answer. Acquiring an idle connection and giving back one at rest complete on the caller's thread;
 * a step that hands over to the event loop and waits (a give-back that looks again there) costs the caller a second
 * sleep and wake-up per query. Counted with Linux's per-thread {@code voluntary_ctxt_switches}; skipped elsewhere.
 * The lowest of a few rounds counts, after a warm-up, so that only a hand-over made every time fails here: how often
 * the event loop is still inside the statement's last signal when the caller looks depends on the machine's load
 * (AtRestTest holds it there to test that case).
 */
@RequiresPostgres
class BlockingCallerHandOffTest {

    private static final Path SELF = Path.of("/proc/thread-self/status");
    private static final int WARM_UP = 2_000;
    private static final int ROUNDS = 3;
    private static final int PER_ROUND = 2_000;

    @Test
    void aBlockingPoolQuerySleepsOnceForTheAnswer() throws IOException {
        assumeTrue(Files.isReadable(SELF), "needs Linux's /proc/thread-self");
        ResourceLeakDetector.Level leakDetection = ResourceLeakDetector.getLevel();
        // PARANOID records a stack trace per buffer access: much slower, and no application runs so
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-blocking-caller").initialSize(4).maxSize(4).build());
        try {
            assertThat(pool.warmup().block(TIMEOUT)).isEqualTo(4);
            for (int i = 0; i < WARM_UP; i++) {
                poolQuery(pool, i);
            }
            double lowest = Double.MAX_VALUE;
            for (int round = 0; round < ROUNDS; round++) {
                long before = voluntarySwitches();
                for (int i = 0; i < PER_ROUND; i++) {
                    poolQuery(pool, i);
                }
                lowest = Math.min(lowest, (voluntarySwitches() - before) / (double) PER_ROUND);
            }
            System.out.println("caller's sleeps per blocking pool query: " + lowest);
            // 1.0 is the statement's answer; a give-back handed to the event loop on every query made it 1.5. Fewer
            // than 1 is an answer that came before the caller parked, which a quick machine sees now and then
            assertThat(lowest).as("the caller's sleeps per blocking pool query").isLessThanOrEqualTo(1.1);
        } finally {
            pool.close().block(TIMEOUT);
            ResourceLeakDetector.setLevel(leakDetection);
        }
    }

    private static void poolQuery(PgfastPool pool, int i) {
        Connection c = pool.create().block(TIMEOUT);
        List<Integer> v = Flux.from(c.createStatement("SELECT $1::int").bind(0, i).execute())
                .flatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).collectList().block(TIMEOUT);
        if (!List.of(i).equals(v)) {
            throw new AssertionError("expected " + i + ", got " + v);
        }
        Mono.from(c.close()).block(TIMEOUT);
    }

    /** The calling thread's voluntary context switches so far: how often it went to sleep. */
    private static long voluntarySwitches() throws IOException {
        for (String line : Files.readAllLines(SELF)) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new AssertionError("no voluntary_ctxt_switches in " + SELF);
    }
}
