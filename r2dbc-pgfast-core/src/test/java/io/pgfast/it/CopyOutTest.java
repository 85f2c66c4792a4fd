package io.pgfast.it;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetric;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.pgfast.error.PgfastClientException;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcBadGrammarException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** COPY … TO STDOUT through {@link PgfastConnection#copyOut} and {@link PgfastConnection#copyOutBytes}. */
@RequiresPostgres
class CopyOutTest {

    private PgfastConnection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private void assertUsable() {
        assertThat(TestDb.one(c, "SELECT 42", Integer.class)).isEqualTo(42);
    }

    private static String text(List<byte[]> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunks.forEach(out::writeBytes);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textFormatOneChunkPerRow() {
        List<byte[]> chunks = c.copyOutBytes("COPY (SELECT i, 'row ' || i, CASE WHEN i = 2 THEN NULL ELSE E'a\\tb' END"
                + " FROM generate_series(1, 3) i) TO STDOUT").collectList().block(TestDb.TIMEOUT);
        assertThat(chunks).hasSize(3);
        assertThat(text(chunks)).isEqualTo("1\trow 1\ta\\tb\n2\trow 2\t\\N\n3\trow 3\ta\\tb\n");
    }

    @Test
    void csvFormatWithQuotes() {
        List<byte[]> chunks = c.copyOutBytes("COPY (SELECT 1 AS id, 'he said \"hi\"' AS a, 'x, y' AS b, E'two\\nlines' AS c)"
                + " TO STDOUT (FORMAT csv, HEADER true)").collectList().block(TestDb.TIMEOUT);
        assertThat(text(chunks)).isEqualTo("id,a,b,c\n1,\"he said \"\"hi\"\"\",\"x, y\",\"two\nlines\"\n");
    }

    @Test
    void binaryFormat() {
        List<byte[]> chunks = c.copyOutBytes("COPY (SELECT 7::int4, 'sieben'::text UNION ALL SELECT 8, NULL) TO STDOUT (FORMAT binary)")
                .collectList().block(TestDb.TIMEOUT);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        chunks.forEach(all::writeBytes);
        ByteBuffer b = ByteBuffer.wrap(all.toByteArray());
        byte[] signature = new byte[11];
        b.get(signature);
        assertThat(signature).isEqualTo(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0});
        assertThat(b.getInt()).as("flags").isZero();
        int extension = b.getInt();
        b.position(b.position() + extension);
        assertThat(b.getShort()).as("field count").isEqualTo((short) 2);
        assertThat(b.getInt()).isEqualTo(4);
        assertThat(b.getInt()).isEqualTo(7);
        byte[] text = new byte[b.getInt()];
        b.get(text);
        assertThat(new String(text, StandardCharsets.UTF_8)).isEqualTo("sieben");
        assertThat(b.getShort()).isEqualTo((short) 2);
        assertThat(b.getInt()).isEqualTo(4);
        assertThat(b.getInt()).isEqualTo(8);
        assertThat(b.getInt()).as("NULL").isEqualTo(-1);
        assertThat(b.getShort()).as("trailer").isEqualTo((short) -1);
        assertThat(b.hasRemaining()).isFalse();
    }

    @Test
    void chunksAreByteBufsOwnedByTheSubscriber() {
        List<ByteBuf> chunks = c.copyOut("COPY (SELECT generate_series(1, 5)) TO STDOUT").collectList().block(TestDb.TIMEOUT);
        StringBuilder s = new StringBuilder();
        for (ByteBuf chunk : chunks) {
            assertThat(chunk.refCnt()).isPositive();
            s.append(chunk.toString(StandardCharsets.UTF_8));
            chunk.release();
        }
        assertThat(s).hasToString("1\n2\n3\n4\n5\n");
        assertUsable();
    }

    @Test
    void aBinaryCopyOutFeedsACopyInOnAnotherConnection() {
        TestDb.run(c, "CREATE TEMP TABLE src AS SELECT i AS id, 'name ' || i AS name FROM generate_series(1, 20000) i");
        PgfastConnection target = Pg.connect();
        try {
            TestDb.run(target, "CREATE TEMP TABLE items (id int, name text)");
            // copyIn releases every ByteBuf copyOut hands over
            Long copied = target.copyIn("COPY items FROM STDIN (FORMAT binary)",
                    c.copyOut("COPY src TO STDOUT (FORMAT binary)")).block(TestDb.TIMEOUT);
            assertThat(copied).isEqualTo(20_000L);
            assertThat(TestDb.one(target, "SELECT sum(id) FROM items WHERE name = 'name ' || id", Long.class))
                    .isEqualTo(20_000L * 20_001 / 2);
        } finally {
            TestDb.close(target);
        }
    }

    private static long allocatorMemory() {
        ByteBufAllocator alloc = ByteBufAllocator.DEFAULT;
        if (alloc instanceof ByteBufAllocatorMetricProvider) {
            ByteBufAllocatorMetric m = ((ByteBufAllocatorMetricProvider) alloc).metric();
            return m.usedDirectMemory() + m.usedHeapMemory();
        }
        return -1;
    }

    /**
     * 100 000 rows of 1 000 bytes (100 MB) to a consumer that stops after every 20 000 rows: while it
     * waits, the backend must be blocked writing (the driver does not read ahead) and stay within a few
     * socket buffers of what was consumed.
     */
    @Test
    void aHundredThousandRowsToASlowConsumerInBoundedMemory() throws InterruptedException {
        int pid = TestDb.one(c, "SELECT pg_backend_pid()", Integer.class);
        // pg_stat_progress_copy appeared in PostgreSQL 14
        boolean hasCopyProgress = TestDb.one(c, "SELECT current_setting('server_version_num')::int >= 140000", Boolean.class);
        long baseline = allocatorMemory();
        PgfastConnection observer = Pg.connect();
        BlockingQueue<Long> pauses = new ArrayBlockingQueue<>(10);
        AtomicLong rows = new AtomicLong();
        AtomicLong bytes = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Subscription> subscription = new AtomicReference<>();
        try {
            c.copyOut("COPY (SELECT i, repeat('x', 1000 - length(i::text) - 2) FROM generate_series(1, 100000) i) TO STDOUT")
                    .subscribe(new BaseSubscriber<ByteBuf>() {
                        @Override
                        protected void hookOnSubscribe(Subscription s) {
                            subscription.set(s);
                            s.request(100);
                        }

                        @Override
                        protected void hookOnNext(ByteBuf chunk) {
                            bytes.addAndGet(chunk.readableBytes());
                            chunk.release();
                            long n = rows.incrementAndGet();
                            if (n % 20_000 == 0 && n < 100_000) {
                                pauses.add(n);
                            } else if (n % 100 == 0) {
                                request(100);
                            }
                        }

                        @Override
                        protected void hookOnError(Throwable t) {
                            failure.set(t);
                        }

                        @Override
                        protected void hookOnComplete() {
                            done.set(true);
                        }
                    });
            long maxMemory = 0;
            for (int k = 0; k < 4; k++) {
                Long at = pauses.poll(30, TimeUnit.SECONDS);
                assertThat(at).as("pause %d reached; failure: %s", k, failure.get()).isNotNull();
                awaitClientWrite(observer, pid);
                if (hasCopyProgress) {
                    long produced = TestDb.one(observer, "SELECT tuples_processed FROM pg_stat_progress_copy WHERE pid = " + pid, Long.class);
                    // the kernel's socket buffers hold at most a few MB (a few thousand rows) on loopback
                    assertThat(produced - at).as("rows the server is ahead of the consumer").isLessThan(20_000);
                }
                maxMemory = Math.max(maxMemory, allocatorMemory() - baseline);
                assertThat(rows.get()).isEqualTo(at);
                subscription.get().request(100);
            }
            long deadline = System.nanoTime() + TestDb.TIMEOUT.toNanos();
            while (!done.get() && failure.get() == null && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(failure.get()).isNull();
            assertThat(done).isTrue();
            assertThat(rows.get()).isEqualTo(100_000);
            assertThat(bytes.get()).isEqualTo(100_000L * 1000);
            System.out.println("copyOut of 100 MB: largest allocator growth seen while paused " + maxMemory / 1024 + " KiB");
            assertThat(maxMemory).isLessThan(48L * 1024 * 1024);
        } finally {
            TestDb.close(observer);
        }
        assertUsable();
    }

    /** The backend is blocked on the socket: the driver stopped reading. */
    private static void awaitClientWrite(PgfastConnection observer, int pid) throws InterruptedException {
        String state = "";
        for (int i = 0; i < 200; i++) {
            state = TestDb.one(observer, "SELECT coalesce(wait_event, '') FROM pg_stat_activity WHERE pid = " + pid, String.class);
            if (state.equals("ClientWrite")) {
                return;
            }
            Thread.sleep(25);
        }
        throw new AssertionError("the backend never waited on ClientWrite; last wait_event: " + state);
    }

    /**
     * 10 GB of rows, take(10), then SELECT: only what is already in the socket buffers is drained. The
     * rows are wide because under paranoid leak detection every message released unread costs
     * microseconds (a few MB of 10-byte rows take seconds; see CancellationTest).
     */
    @Test
    void cancelledAfterTenChunksThenTheConnectionIsFreeAtOnce() {
        for (int round = 0; round < 2; round++) {
            // about 2 TB of rows, streamed (a set-returning function in FROM would be materialized first):
            // without the cancel, the next statement could not answer within TestDb.TIMEOUT on
            // any machine, so its answer proves the cancel (no clock needed)
            List<String> first = c.copyOut("COPY (SELECT generate_series(1, 2000000000) || ' ' || repeat('x', 1000)) TO STDOUT")
                    .take(10)
                    .map(b -> {
                        try {
                            return b.toString(StandardCharsets.UTF_8);
                        } finally {
                            b.release();
                        }
                    })
                    .collectList().block(TestDb.TIMEOUT);
            assertThat(first).hasSize(10).allSatisfy(row -> assertThat(row).hasSizeGreaterThan(1000).endsWith("x\n"));
            assertThat(first.get(9)).startsWith("10 x");
            assertUsable();
        }
    }

    @Test
    void copyOutBytesCancelledLeaksNothing() {
        List<byte[]> first = c.copyOutBytes("COPY (SELECT generate_series(1, 10000000), repeat('x', 1000)) TO STDOUT").take(3)
                .collectList().block(TestDb.TIMEOUT);
        assertThat(text(first)).startsWith("1\tx").contains("\n2\tx", "\n3\tx");
        assertUsable();
    }

    @Test
    void cancelledBeforeTheServerAnswered() {
        // the rows stream (ProjectSet) once the sleep is over; the server buffers its CopyOutResponse with them
        // about 2 TB of rows: only the cancel lets the next statement answer within TestDb.TIMEOUT
        StepVerifier.create(c.copyOutBytes("COPY (SELECT repeat('x', 1000), generate_series(1, 2000000000) FROM pg_sleep(0.3)) TO STDOUT"), 0)
                .thenAwait(Duration.ofMillis(50))
                .thenCancel()
                .verify(TestDb.TIMEOUT);
        assertUsable();
    }

    @Test
    void demandIsRespected() {
        StepVerifier.create(c.copyOutBytes("COPY (SELECT generate_series(1, 1000)) TO STDOUT"), 0)
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(100))
                .thenRequest(2)
                .assertNext(b -> assertThat(b).isEqualTo("1\n".getBytes(StandardCharsets.US_ASCII)))
                .assertNext(b -> assertThat(b).isEqualTo("2\n".getBytes(StandardCharsets.US_ASCII)))
                .expectNoEvent(Duration.ofMillis(100))
                .thenRequest(Long.MAX_VALUE)
                .expectNextCount(998)
                .verifyComplete();
    }

    @Test
    void aServerErrorMidStreamFailsTheFlux() {
        AtomicLong seen = new AtomicLong();
        assertThatThrownBy(() -> c.copyOutBytes("COPY (SELECT 10 / (5 - i) FROM generate_series(1, 10) i) TO STDOUT")
                .doOnNext(b -> seen.incrementAndGet()).blockLast(TestDb.TIMEOUT))
                .isInstanceOf(io.r2dbc.spi.R2dbcException.class)
                .hasMessageContaining("division by zero");
        assertThat(seen.get()).isEqualTo(4);
        assertUsable();
    }

    @Test
    void aMissingTableFails() {
        assertThatThrownBy(() -> c.copyOutBytes("COPY no_such_table TO STDOUT").blockLast(TestDb.TIMEOUT))
                .isInstanceOf(R2dbcBadGrammarException.class)
                .hasMessageContaining("no_such_table");
        assertUsable();
    }

    @Test
    void aCopyFromStdinIsNoCopyOut() {
        TestDb.run(c, "CREATE TEMP TABLE target (i int)");
        assertThatThrownBy(() -> c.copyOutBytes("COPY target FROM STDIN").blockLast(TestDb.TIMEOUT))
                .isInstanceOf(PgfastClientException.class)
                .hasMessageContaining("copyOut needs a COPY ... TO STDOUT statement")
                .hasMessageContaining("COPY FROM STDIN");
        assertUsable();
        assertThat(TestDb.one(c, "SELECT count(*) FROM target", Long.class)).isZero();
    }

    @Test
    void sqlThatIsNoCopyIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> c.copyOut("SELECT 1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copyOut runs a COPY statement only");
        assertThatThrownBy(() -> c.copyOutBytes(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aNonPositiveRequestFailsTheFluxAndTheConnectionGoesOn() {
        AtomicReference<Throwable> error = new AtomicReference<>();
        c.copyOutBytes("COPY (SELECT generate_series(1, 10000000), repeat('x', 1000)) TO STDOUT").subscribe(new BaseSubscriber<byte[]>() {
            @Override
            protected void hookOnSubscribe(Subscription s) {
                s.request(1);
            }

            @Override
            protected void hookOnNext(byte[] value) {
                upstream().request(0);
            }

            @Override
            protected void hookOnError(Throwable t) {
                error.set(t);
            }
        });
        assertUsable();
        assertThat(error.get()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3.9");
    }

    @Test
    void statementsQueuedBehindACopyOutRunAfterIt() {
        Flux<byte[]> copy = c.copyOutBytes("COPY (SELECT generate_series(1, 10000)) TO STDOUT");
        List<Long> counts = Flux.merge(copy.count(), Flux.from(c.createStatement("SELECT 5::int8").execute())
                .concatMap(r -> r.map((row, md) -> row.get(0, Long.class)))).collectList().block(TestDb.TIMEOUT);
        assertThat(counts).containsExactlyInAnyOrder(10_000L, 5L);
    }
}
