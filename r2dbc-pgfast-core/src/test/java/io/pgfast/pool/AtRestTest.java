package io.pgfast.pool;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static io.pgfast.testing.TestDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PgfastConnection#isAtRest()}, which lets the pool give a connection back without a round trip: true in a
 * statement's last signal on the event loop (where a chained caller releases) and on a thread that signal wakes up
 * (where a blocking caller releases), false while a statement runs.
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
            TestDb.close(c);
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
            TestDb.close(c);
        }
    }

    /** A statement issued in another one's last signal keeps the connection busy, though the first is ending. */
    @Test
    void aStatementIssuedInTheLastSignalIsSeen() {
        PgfastConnection c = PoolDb.direct();
        try {
            AtomicReference<Boolean> seen = new AtomicReference<>();
            AtomicReference<Mono<Long>> next = new AtomicReference<>();
            Flux.from(c.createStatement("SELECT $1::int").bind(0, 1).execute())
                    .flatMap(r -> r.map((row, md) -> row.get(0, Integer.class)))
                    .doOnComplete(() -> {
                        next.set(Flux.from(c.createStatement("SELECT 2").execute()).flatMap(r -> r.getRowsUpdated())
                                .next().cache());
                        next.get().subscribe();
                        seen.set(c.isAtRest());
                    })
                    .blockLast(TIMEOUT);
            assertThat(seen.get()).as("at rest with a statement queued behind the ending one").isFalse();
            assertThat(next.get().block(TIMEOUT)).isEqualTo(1L);
        } finally {
            TestDb.close(c);
        }
    }

    /**
     * A blocking caller wakes up with the statement's last signal while the event loop may still be inside it: from
     * the caller's thread the connection must already be at rest, or the pool's release hops to the event loop and
     * the caller sleeps and wakes once more. The event loop is held inside the signal until the other thread looked.
     */
    @Test
    void anotherThreadWokenByTheLastSignalSeesTheConnectionAtRest() throws Exception {
        PgfastConnection c = PoolDb.direct();
        try {
            for (String sql : new String[] {"SELECT $1::int", "SELECT $1::int + 1"}) {
                assertThat(seenFromAnotherThread(c, sql, false)).as("%s, in its last signal", sql).isTrue();
                assertThat(seenFromAnotherThread(c, sql, true)).as("%s, in a row's callback", sql).isFalse();
            }
        } finally {
            TestDb.close(c);
        }
    }

    /**
     * What another thread sees of {@code c} while the event loop waits for it inside a signal of {@code sql}: a row's
     * callback ({@code inRow}) or the statement's completion.
     */
    private static boolean seenFromAnotherThread(PgfastConnection c, String sql, boolean inRow) throws Exception {
        CountDownLatch inSignal = new CountDownLatch(1);
        CountDownLatch looked = new CountDownLatch(1);
        Runnable hold = () -> {
            inSignal.countDown();
            try {
                if (!looked.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new AssertionError("the other thread did not look at the connection");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        CompletableFuture<Boolean> seen = CompletableFuture.supplyAsync(() -> {
            try {
                if (!inSignal.await(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new AssertionError("the statement did not reach its signal");
                }
                return c.isAtRest();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                looked.countDown();
            }
        });
        Flux.from(c.createStatement(sql).bind(0, 1).execute())
                .flatMap(r -> r.map((row, md) -> {
                    if (inRow) {
                        hold.run();
                    }
                    return row.get(0, Integer.class);
                }))
                .doOnComplete(() -> {
                    if (!inRow) {
                        hold.run();
                    }
                })
                .blockLast(TIMEOUT);
        return seen.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    }
}
