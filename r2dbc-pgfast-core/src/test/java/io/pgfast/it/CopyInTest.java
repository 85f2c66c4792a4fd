package io.pgfast.it;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.pgfast.error.PgErrorDetails;
import io.pgfast.error.PgfastClientException;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import io.r2dbc.spi.R2dbcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** COPY … FROM STDIN through {@link PgfastConnection#copyIn}. */
@RequiresPostgres
class CopyInTest {

    private PgfastConnection c;

    @BeforeEach
    void open() {
        c = Pg.connect();
        TestDb.run(c, "CREATE TEMP TABLE items (id int PRIMARY KEY, name text)");
    }

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private long count() {
        return TestDb.one(c, "SELECT count(*) FROM items", Long.class);
    }

    private void assertUsable() {
        assertThat(TestDb.one(c, "SELECT 42", Integer.class)).isEqualTo(42);
    }

    @Test
    void aHundredThousandTextRowsFromAFluxOfStrings() {
        Flux<String> rows = Flux.range(1, 100_000).map(i -> i + "\tname " + i + "\n");
        Long copied = c.copyIn("COPY items (id, name) FROM STDIN", rows).block(TestDb.TIMEOUT);
        assertThat(copied).isEqualTo(100_000L);
        assertThat(count()).isEqualTo(100_000L);
        assertThat(TestDb.one(c, "SELECT sum(id) FROM items", Long.class)).isEqualTo(100_000L * 100_001 / 2);
        assertThat(TestDb.one(c, "SELECT name FROM items WHERE id = 77777", String.class)).isEqualTo("name 77777");
    }

    @Test
    void csvWithQuotesDelimitersAndLineBreaksInValues() {
        Flux<String> rows = Flux.just(
                "id,name\n",
                "1,\"he said \"\"hi\"\"\"\n",
                "2,\"a, b\"\n",
                "3,\"two\nlines\"\n",
                "4,\n",
                "5,\"\"\n",
                "6,é€😀\n");
        Long copied = c.copyIn("COPY items FROM STDIN (FORMAT csv, HEADER true)", rows).block(TestDb.TIMEOUT);
        assertThat(copied).isEqualTo(6L);
        assertThat(TestDb.column(c, "SELECT coalesce(name, '<null>') FROM items ORDER BY id", String.class))
                .containsExactly("he said \"hi\"", "a, b", "two\nlines", "<null>", "", "é€😀");
    }

    /** The PGCOPY file format ("COPY", "Binary Format"): signature, flags, header extension, tuples, trailer. */
    static byte[] binaryCopy(int[] ids, String[] names) {
        ByteBuf b = Unpooled.buffer();
        b.writeBytes("PGCOPY\n".getBytes(StandardCharsets.US_ASCII)); // signature, 11 bytes in all
        b.writeByte(0xFF);
        b.writeByte('\r');
        b.writeByte('\n');
        b.writeByte(0);
        b.writeInt(0); // flags: no OIDs
        b.writeInt(0); // header extension area length
        for (int i = 0; i < ids.length; i++) {
            b.writeShort(2); // field count
            b.writeInt(4); // int4: length
            b.writeInt(ids[i]); // int4: value
            if (names[i] == null) {
                b.writeInt(-1); // NULL
            } else {
                byte[] text = names[i].getBytes(StandardCharsets.UTF_8);
                b.writeInt(text.length); // text: length
                b.writeBytes(text); // text: value
            }
        }
        b.writeShort(-1); // trailer
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        b.release();
        return bytes;
    }

    @Test
    void binaryFormatWrittenByHand() {
        byte[] file = binaryCopy(new int[] {1, 2, 3}, new String[] {"one", null, "drei €"});
        // cut at arbitrary points: message boundaries need not match anything
        Flux<byte[]> parts = Flux.just(
                java.util.Arrays.copyOfRange(file, 0, 7),
                java.util.Arrays.copyOfRange(file, 7, 30),
                java.util.Arrays.copyOfRange(file, 30, file.length));
        Long copied = c.copyIn("COPY items (id, name) FROM STDIN (FORMAT binary)", parts).block(TestDb.TIMEOUT);
        assertThat(copied).isEqualTo(3L);
        assertThat(TestDb.column(c, "SELECT id || ':' || coalesce(name, '<null>') FROM items ORDER BY id", String.class))
                .containsExactly("1:one", "2:<null>", "3:drei €");
    }

    @Test
    void everyElementTypeInOneStreamAndByteBufsAreReleased() {
        ByteBuf heap = Unpooled.copiedBuffer("1\theap\n", StandardCharsets.UTF_8);
        ByteBuf direct = Unpooled.directBuffer().writeBytes("2\tdirect\n".getBytes(StandardCharsets.UTF_8));
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        composite.addComponent(true, Unpooled.copiedBuffer("3\tcomp", StandardCharsets.UTF_8));
        composite.addComponent(true, Unpooled.directBuffer().writeBytes("osite\n".getBytes(StandardCharsets.UTF_8)));
        ByteBuffer nio = ByteBuffer.wrap("5\tnio\n".getBytes(StandardCharsets.UTF_8));
        List<Object> elements = List.of(heap, direct, composite, "4\tstring\n".getBytes(StandardCharsets.UTF_8), nio, "6\tstring\n");
        Long copied = c.copyIn("COPY items FROM STDIN", Flux.fromIterable(elements)).block(TestDb.TIMEOUT);
        assertThat(copied).isEqualTo(6L);
        assertThat(TestDb.column(c, "SELECT name FROM items ORDER BY id", String.class))
                .containsExactly("heap", "direct", "composite", "string", "nio", "string");
        assertThat(heap.refCnt()).isZero();
        assertThat(direct.refCnt()).isZero();
        assertThat(composite.refCnt()).isZero();
    }

    @Test
    void aPublisherOnAnotherThreadWithPauses() {
        Flux<String> rows = Flux.range(1, 2000)
                .publishOn(Schedulers.boundedElastic(), 16)
                .delayElements(Duration.ofMillis(1)).take(300)
                .concatWith(Flux.range(301, 1700))
                .map(i -> i + "\tt\n");
        assertThat(c.copyIn("COPY items FROM STDIN", rows).block(TestDb.TIMEOUT)).isEqualTo(2000L);
        assertThat(TestDb.one(c, "SELECT count(DISTINCT id) FROM items", Long.class)).isEqualTo(2000L);
    }

    @Test
    void anEmptyPublisherCopiesNothing() {
        assertThat(c.copyIn("COPY items FROM STDIN", Flux.empty()).block(TestDb.TIMEOUT)).isZero();
        assertUsable();
    }

    @Test
    void anUpstreamErrorMidwayAbortsTheCopy() {
        Flux<String> rows = Flux.range(1, 50_000).map(i -> i + "\tx\n")
                .concatWith(Flux.error(new IllegalStateException("the source broke")));
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the source broke")
                // block() adds its own suppressed exception, for the stack trace of the caller
                .satisfies(e -> assertThat(e.getSuppressed()).filteredOn(R2dbcException.class::isInstance).singleElement()
                        .satisfies(s -> assertThat(s.getMessage()).contains("COPY from stdin failed").contains("the source broke")));
        assertThat(count()).isZero();
        assertUsable();
    }

    @Test
    void anElementOfAnUnsupportedTypeAbortsTheCopy() {
        Flux<Object> rows = Flux.just("1\ta\n", 2, "3\tc\n");
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("java.lang.Integer");
        assertThat(count()).isZero();
        assertUsable();
    }

    @Test
    void aBadRowFailsWithTheLineAndCancelsTheSource() {
        AtomicLong emitted = new AtomicLong();
        AtomicBoolean cancelled = new AtomicBoolean();
        Flux<String> rows = Flux.range(1, 10_000_000)
                .map(i -> i == 500 ? "not a number\tx\n" : i + "\tx\n")
                .doOnNext(r -> emitted.incrementAndGet())
                .doOnCancel(() -> cancelled.set(true));
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(R2dbcBadGrammarException.class)
                .hasMessageContaining("invalid input syntax for type integer")
                .hasMessageContaining("line 500")
                .satisfies(e -> assertThat(((R2dbcException) e).getSqlState()).isEqualTo("22P02"))
                .satisfies(e -> assertThat(((PgErrorDetails) e).getErrorDetails().where().orElseThrow()).contains("line 500"));
        assertThat(cancelled).isTrue();
        System.out.println("copyIn: a bad row at line 500, " + emitted.get() + " rows taken from the source");
        // the server's error is read within a few MB of data (socket buffers), not after the whole source
        assertThat(emitted.get()).isLessThan(2_000_000);
        assertThat(count()).isZero();
        assertUsable();
    }

    @Test
    void aBadRowInByteBufDataLeavesNoBufferUnreleased() {
        List<ByteBuf> made = new java.util.concurrent.CopyOnWriteArrayList<>();
        Flux<ByteBuf> rows = Flux.range(1, 1_000_000)
                .map(i -> {
                    ByteBuf b = Unpooled.directBuffer().writeBytes((i == 300 ? "x" : i + "\t" + "y".repeat(100) + "\n")
                            .getBytes(StandardCharsets.UTF_8));
                    made.add(b);
                    return b;
                });
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("line 300");
        assertThat(made).isNotEmpty().allSatisfy(b -> assertThat(b.refCnt()).isZero());
        assertUsable();
    }

    @Test
    void closingTheConnectionDuringACopyFailsItAndCancelsTheSource() throws InterruptedException {
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicLong emitted = new AtomicLong();
        Flux<String> rows = Flux.just("1\tx\n").concatWith(Flux.never())
                .doOnNext(r -> emitted.incrementAndGet())
                .doOnCancel(() -> cancelled.set(true));
        Mono<Long> copy = c.copyIn("COPY items FROM STDIN", rows).cache();
        copy.subscribe(v -> { }, e -> { });
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (emitted.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        Mono.from(c.close()).block(TestDb.TIMEOUT);
        assertThatThrownBy(() -> copy.block(TestDb.TIMEOUT)).isInstanceOf(io.r2dbc.spi.R2dbcNonTransientResourceException.class);
        assertThat(cancelled).isTrue();
    }

    @Test
    void cancelledBeforeAnythingWasSent() {
        // the data is not there yet when the copy is cancelled (a row emitted at once could legitimately be
        // sent before a cancel from another thread arrives, so that would test the scheduler, not the driver)
        for (int i = 0; i < 20; i++) {
            c.copyIn("COPY items FROM STDIN", Flux.just(i + "\tx\n").delaySubscription(Duration.ofSeconds(30))).subscribe().dispose();
        }
        assertUsable();
        assertThat(count()).isZero();
    }

    @Test
    void aConstraintViolationNamesTheLine() {
        Flux<String> rows = Flux.just("1\ta\n", "2\tb\n", "1\tc\n");
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(R2dbcDataIntegrityViolationException.class)
                .hasMessageContaining("items_pkey")
                .hasMessageContaining("line 3");
        assertThat(count()).isZero();
        assertUsable();
    }

    @Test
    void aMissingTableFailsBeforeTheDataIsSubscribed() {
        AtomicBoolean subscribed = new AtomicBoolean();
        Flux<String> rows = Flux.just("1\ta\n").doOnSubscribe(s -> subscribed.set(true));
        assertThatThrownBy(() -> c.copyIn("COPY no_such_table FROM STDIN", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(R2dbcBadGrammarException.class)
                .hasMessageContaining("no_such_table");
        assertThat(subscribed).isFalse();
        assertUsable();
    }

    @Test
    void aCopyToStdoutIsNoCopyIn() {
        AtomicBoolean subscribed = new AtomicBoolean();
        Flux<String> rows = Flux.just("1\ta\n").doOnSubscribe(s -> subscribed.set(true));
        assertThatThrownBy(() -> c.copyIn("COPY (SELECT generate_series(1, 10000000)) TO STDOUT", rows).block(TestDb.TIMEOUT))
                .isInstanceOf(PgfastClientException.class)
                .hasMessageContaining("copyIn needs a COPY ... FROM STDIN statement")
                .hasMessageContaining("COPY TO STDOUT");
        assertThat(subscribed).isFalse();
        assertUsable();
    }

    @Test
    void sqlThatIsNoCopyIsRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> c.copyIn("DELETE FROM items", Flux.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copyIn runs a COPY statement only");
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN; DELETE FROM items", Flux.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cancellingTheMonoAbortsTheCopy() throws InterruptedException {
        AtomicLong emitted = new AtomicLong();
        AtomicBoolean sourceCancelled = new AtomicBoolean();
        // some rows, then a source that never ends
        Flux<String> rows = Flux.range(1, 1000).map(i -> i + "\tx\n").concatWith(Flux.never())
                .doOnNext(r -> emitted.incrementAndGet())
                .doOnCancel(() -> sourceCancelled.set(true));
        Disposable copy = c.copyIn("COPY items FROM STDIN", rows).subscribe();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (emitted.get() < 1000 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(emitted.get()).isEqualTo(1000);
        copy.dispose();
        assertUsable();
        assertThat(sourceCancelled).isTrue();
        assertThat(count()).isZero();
    }

    @Test
    void aTimeoutAbortsTheCopy() {
        Flux<String> rows = Flux.just("1\tx\n").concatWith(Flux.never());
        assertThatThrownBy(() -> c.copyIn("COPY items FROM STDIN", rows).timeout(Duration.ofMillis(200)).block(TestDb.TIMEOUT))
                .hasCauseInstanceOf(TimeoutException.class);
        assertUsable();
        assertThat(count()).isZero();
    }

    /**
     * The server stops reading (a trigger sleeps on the first row): the driver must stop asking the
     * publisher for more once its budget is written, not buffer an endless source.
     */
    @Test
    void aFastEndlessPublisherWaitsForTheSocket() throws InterruptedException {
        TestDb.run(c, "CREATE FUNCTION pg_temp.slow_first() RETURNS trigger LANGUAGE plpgsql AS "
                + "$$ BEGIN IF NEW.id = 1 THEN PERFORM pg_sleep(1.5); END IF; RETURN NEW; END $$");
        TestDb.run(c, "CREATE TRIGGER slow BEFORE INSERT ON items FOR EACH ROW EXECUTE FUNCTION pg_temp.slow_first()");
        String padding = "x".repeat(16 * 1024);
        AtomicLong emitted = new AtomicLong();
        AtomicLong requested = new AtomicLong();
        Flux<String> endless = Flux.<String, Integer>generate(() -> 1, (i, sink) -> {
                    sink.next(i + "\t" + padding + "\n");
                    return i + 1;
                })
                .doOnNext(r -> emitted.incrementAndGet())
                .doOnRequest(n -> requested.addAndGet(n));
        Disposable copy = c.copyIn("COPY items FROM STDIN", endless).subscribe();
        Thread.sleep(700);
        long seen = emitted.get();
        long bytes = seen * (padding.length() + 8);
        // the kernel's socket buffers (a few MB on loopback) plus the driver's budget; an unbounded driver sends gigabytes
        assertThat(bytes).as("bytes taken from the publisher while the server sleeps").isLessThan(64L * 1024 * 1024);
        Thread.sleep(200);
        assertThat(emitted.get()).as("nothing more taken while the socket is full").isEqualTo(seen);
        assertThat(requested.get() - emitted.get()).isLessThanOrEqualTo(1024);
        copy.dispose();
        assertUsable();
        assertThat(count()).isZero();
    }

    @Test
    void aStatementIssuedDuringTheCopyRunsAfterIt() {
        Mono<Long> copy = c.copyIn("COPY items FROM STDIN",
                Flux.range(1, 20_000).map(i -> i + "\tx\n").delaySubscription(Duration.ofMillis(50))).cache();
        copy.subscribe();
        // issued while the copy is in progress: it must wait behind it, not be taken for copy data
        Long seen = TestDb.one(c, "SELECT count(*) FROM items", Long.class);
        assertThat(copy.block(TestDb.TIMEOUT)).isEqualTo(20_000L);
        assertThat(seen).isEqualTo(20_000L);
    }

    @Test
    void aCopyInsideATransactionIsRolledBack() {
        Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        assertThat(c.copyIn("COPY items FROM STDIN", Flux.just("1\ta\n", "2\tb\n")).block(TestDb.TIMEOUT)).isEqualTo(2L);
        assertThat(count()).isEqualTo(2L);
        Mono.from(c.rollbackTransaction()).block(TestDb.TIMEOUT);
        assertThat(count()).isZero();
    }

    @Test
    void copiesOneAfterAnotherAndConcurrently() {
        List<Mono<Long>> copies = new ArrayList<>();
        AtomicInteger next = new AtomicInteger();
        for (int k = 0; k < 5; k++) {
            int base = next.getAndAdd(1000);
            copies.add(c.copyIn("COPY items FROM STDIN", Flux.range(base, 1000).map(i -> i + "\tx\n")));
        }
        List<Long> counts = Flux.merge(copies).collectList().block(TestDb.TIMEOUT);
        assertThat(counts).containsExactly(1000L, 1000L, 1000L, 1000L, 1000L);
        assertThat(count()).isEqualTo(5000L);
    }
}
