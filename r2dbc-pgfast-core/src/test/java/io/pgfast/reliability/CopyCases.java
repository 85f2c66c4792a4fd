package io.pgfast.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.ValidationDepth;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The COPY exchanges of the fault matrix. Every copy-in writes the rows of a run of its own into one table
 * of this JVM, and the table is read back over a connection straight to the server (no proxy, no fault),
 * so a copy that reports success is checked to have copied exactly its rows, and a failed one to have
 * copied none or all of them (COPY is one statement: its rows commit together or not at all; all, when
 * only the answer was lost).
 *
 * <p>Sizes: {@link #ROWS} rows of about 65 bytes, so the data spans two 64 KiB CopyData messages and
 * stays below the driver's 256 KiB in-flight budget (a stall toward the server then still lets CopyDone
 * out, and the wait for the answer is what socketTimeout ends).
 */
final class CopyCases {

    static final int ROWS = 1500;
    /** Rows per element of the data publisher. */
    static final int ROWS_PER_ELEMENT = 100;
    /** The upstream-error case fails after this many rows: past the first 64 KiB CopyData message. */
    static final int ROWS_BEFORE_ERROR = 1200;
    private static final String PAD = "x".repeat(30);
    private static final byte[] PGCOPY_SIGNATURE = "PGCOPY\n\377\r\n\0".getBytes(StandardCharsets.ISO_8859_1);

    private static final String TABLE = "reliab_copy_" + Long.toHexString(new Random().nextLong() & Long.MAX_VALUE);
    private static final AtomicLong RUNS = new AtomicLong(new Random().nextInt(1 << 20) * 1_000_000L);
    private static volatile Connection direct;

    private CopyCases() {
    }

    /** COPY FROM STDIN in text format, from String elements of 100 rows. */
    static Mono<Boolean> copyInText(PgfastConnection c) {
        long run = RUNS.incrementAndGet();
        Flux<String> data = Flux.range(0, ROWS / ROWS_PER_ELEMENT).map(e -> textRows(run, e * ROWS_PER_ELEMENT + 1, ROWS_PER_ELEMENT));
        return checkedCopyIn(c, run, "COPY " + table() + " (run, k, v) FROM STDIN", data);
    }

    /**
     * COPY FROM STDIN in binary format, from ByteBuf elements made as they are asked for (the driver
     * releases each one; none is made that nobody asked for): the header, rows, the trailer.
     */
    static Mono<Boolean> copyInBinary(PgfastConnection c) {
        long run = RUNS.incrementAndGet();
        int elements = ROWS / ROWS_PER_ELEMENT;
        Flux<ByteBuf> data = Flux.range(0, elements + 2).map(e -> {
            ByteBuf b = ByteBufAllocator.DEFAULT.buffer();
            if (e == 0) {
                b.writeBytes(PGCOPY_SIGNATURE).writeInt(0).writeInt(0);     // signature, flags, header extension length
            } else if (e == elements + 1) {
                b.writeShort(-1);                                           // trailer
            } else {
                int first = (e - 1) * ROWS_PER_ELEMENT + 1;
                for (int k = first; k < first + ROWS_PER_ELEMENT; k++) {
                    byte[] v = value(k).getBytes(StandardCharsets.UTF_8);
                    b.writeShort(3);                                        // fields
                    b.writeInt(8).writeLong(run);                           // int8
                    b.writeInt(4).writeInt(k);                              // int4
                    b.writeInt(v.length).writeBytes(v);                     // text
                }
            }
            return b;
        });
        return checkedCopyIn(c, run, "COPY " + table() + " (run, k, v) FROM STDIN (FORMAT binary)", data);
    }

    /**
     * COPY TO STDOUT consumed with backpressure: rows are taken on another thread 16 at a time, each chunk
     * released once read (also those an operator drops when the case's timeout cancels).
     */
    static Mono<Boolean> copyOut(PgfastConnection c) {
        String sql = "COPY (SELECT k, 'value ' || k || ' ' || repeat('x', 30) FROM generate_series(1, " + ROWS + ") k) TO STDOUT";
        return c.copyOut(sql)
                .publishOn(Schedulers.parallel(), 16)
                .map(chunk -> {
                    try {
                        return chunk.toString(StandardCharsets.UTF_8);
                    } finally {
                        chunk.release();
                    }
                })
                .doOnDiscard(ByteBuf.class, ReferenceCountUtil::safeRelease)
                .collectList()
                .map(lines -> {
                    StringBuilder expected = new StringBuilder();
                    for (int k = 1; k <= ROWS; k++) {
                        expected.append(k).append('\t').append(value(k)).append('\n');
                    }
                    return lines.size() == ROWS && String.join("", lines).contentEquals(expected);
                });
    }

    /**
     * The data publisher fails after {@link #ROWS_BEFORE_ERROR} rows: the driver must send CopyFail (the
     * server's answer, attached as suppressed, echoes its text), fail with the publisher's own error,
     * copy nothing and keep the connection usable.
     */
    static Mono<Boolean> copyInUpstreamError(PgfastConnection c) {
        long run = RUNS.incrementAndGet();
        IllegalStateException broken = new IllegalStateException("the data source broke in run " + run);
        Flux<String> data = Flux.range(0, ROWS_BEFORE_ERROR / ROWS_PER_ELEMENT)
                .map(e -> textRows(run, e * ROWS_PER_ELEMENT + 1, ROWS_PER_ELEMENT))
                .concatWith(Mono.error(broken));
        return c.copyIn("COPY " + table() + " (run, k, v) FROM STDIN", data)
                .flatMap(rows -> Mono.<Boolean>error(new AssertionError("the copy reported " + rows + " rows although its publisher failed")))
                .onErrorResume(e -> {
                    if (e != broken) {
                        return Mono.error(e instanceof R2dbcException ? e : new AssertionError("copyIn failed with " + e
                                + " instead of its publisher's error", e));
                    }
                    Throwable[] suppressed = e.getSuppressed();
                    if (suppressed.length != 1 || !(suppressed[0] instanceof R2dbcException)
                            || !"57014".equals(((R2dbcException) suppressed[0]).getSqlState())
                            || !suppressed[0].getMessage().contains("the data source broke in run " + run)) {
                        return Mono.error(new AssertionError("the server's answer to CopyFail is missing: suppressed "
                                + List.of(suppressed), e));
                    }
                    return copied(run).flatMap(copied -> copied.count != 0
                            ? Mono.error(new AssertionError(copied.count + " rows copied although the copy failed"))
                            : Mono.from(c.validate(ValidationDepth.LOCAL)))
                            .flatMap(valid -> valid ? Flux.from(c.createStatement("SELECT 1").execute())
                                    .concatMap(r -> r.map((row, md) -> row.get(0, Integer.class))).single().map(one -> one == 1)
                                    : Mono.error(new AssertionError("the connection is closed after the publisher's error")));
                });
    }

    /** Runs the copy; on success the copied rows must be exactly the run's, on failure none or all of them. */
    private static Mono<Boolean> checkedCopyIn(PgfastConnection c, long run, String sql, Flux<?> data) {
        return c.copyIn(sql, data)
                .onErrorResume(e -> copied(run).flatMap(copied -> copied.count == 0 || copied.count == ROWS ? Mono.error(e)
                        : Mono.error(new AssertionError("a failed copy left " + copied.count + " of " + ROWS + " rows", e))))
                .flatMap(rows -> copied(run).map(copied -> rows == ROWS && copied.count == ROWS && copied.digest.equals(expectedDigest())));
    }

    private record Copied(long count, String digest) {
    }

    /** The rows of {@code run} as the server holds them, read straight from the server. */
    private static Mono<Copied> copied(long run) {
        return Mono.fromCallable(() -> {
            List<Object[]> rows = new ArrayList<>();
            Flux.from(connection().createStatement("SELECT count(*), string_agg(k || ':' || v, ',' ORDER BY k) FROM " + TABLE
                            + " WHERE run = $1").bind(0, run).execute())
                    .concatMap(r -> r.map((row, md) -> new Object[] {row.get(0, Long.class), row.get(1, String.class)}))
                    .doOnNext(rows::add).blockLast(TestDb.TIMEOUT);
            long count = (Long) rows.get(0)[0];
            return new Copied(count, count == 0 ? "" : md5((String) rows.get(0)[1]));
        }).subscribeOn(Schedulers.boundedElastic());
    }

    private static String expectedDigest() {
        StringBuilder b = new StringBuilder();
        for (int k = 1; k <= ROWS; k++) {
            if (k > 1) {
                b.append(',');
            }
            b.append(k).append(':').append(value(k));
        }
        return md5(b.toString());
    }

    private static String textRows(long run, int first, int count) {
        StringBuilder b = new StringBuilder();
        for (int k = first; k < first + count; k++) {
            b.append(run).append('\t').append(k).append('\t').append(value(k)).append('\n');
        }
        return b.toString();
    }

    private static String value(int k) {
        return "value " + k + " " + PAD;
    }

    private static String md5(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The table of this JVM, created on first use. */
    private static String table() {
        connection();
        return TABLE;
    }

    private static Connection connection() {
        Connection c = direct;
        if (c == null) {
            synchronized (CopyCases.class) {
                if (direct == null) {
                    Connection opened = Pg.connect(Pg.config(AuthMethod.SCRAM).build());
                    TestDb.run(opened, "CREATE TABLE " + TABLE + " (run int8 NOT NULL, k int4 NOT NULL, v text NOT NULL)");
                    direct = opened;
                }
                c = direct;
            }
        }
        return c;
    }

    /** Drops the table and closes the direct connection, if they were made. */
    static void cleanUp() {
        Connection c = direct;
        direct = null;
        if (c != null) {
            try {
                TestDb.run(c, "DROP TABLE IF EXISTS " + TABLE);
            } finally {
                TestDb.close(c);
            }
        }
    }
}
