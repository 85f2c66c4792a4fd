package io.pgfast.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.type.Lsn;
import io.pgfast.protocol.Bytes;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.ReplicationMessage;
import io.pgfast.protocol.backend.XLogData;
import io.pgfast.error.PgfastClientException;
import io.pgfast.replication.pgoutput.Delete;
import io.pgfast.replication.pgoutput.Insert;
import io.pgfast.replication.pgoutput.PgOutputDecoder;
import io.pgfast.replication.pgoutput.PgOutputMessage;
import io.pgfast.replication.pgoutput.PgOutputSamples;
import io.pgfast.replication.pgoutput.TupleData;
import io.pgfast.replication.pgoutput.Update;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Fuzzes what a replication stream decodes (protocol 55.4 and "Logical Replication Message Formats"): the
 * CopyData content of XLogData and primary keepalive messages, and pgoutput messages decoded one after the
 * other by one stateful decoder (so mutated Relation messages change what later changes are checked
 * against), from golden messages mutated by {@link Mutator} and from random bytes.
 *
 * <p>Allowed outcomes: a message, or a {@link ProtocolException} with a message. Reading every value of a
 * decoded tuple may also give a {@link PgfastClientException} (a value its type's codec refuses),
 * {@link IllegalStateException} (an unchanged TOASTed value) or {@link IllegalArgumentException} (a type
 * with no decoder in that format). Also checked: the input buffer's reference count and indices are left
 * as they were (only the reader index moves), and each batch of cases ends within {@link #BATCH_BOUND}: a
 * hang guard only, far above what a batch needs even on a loaded machine (no per-case time limit, which
 * a scheduling pause on a shared machine could break).
 */
class ReplicationFuzzTest {

    private static final Duration BATCH_BOUND = Duration.ofSeconds(120);
    private static final ByteBufAllocator UNTRACKED_HEAP = new UnpooledByteBufAllocator(false, true);
    private static final ByteBufAllocator UNTRACKED_DIRECT = new UnpooledByteBufAllocator(true, true);
    private static final List<byte[]> PGOUTPUT = PgOutputSamples.all();
    private static final List<byte[]> COPY_CONTENTS = List.of(
            Bytes.of().byte1('w').int64(0x16B374D848L).int64(0x16B374D900L).int64(10_000_000_000L).text("hello").array(),
            Bytes.of().byte1('w').int64(1).int64(2).int64(-1).array(),
            Bytes.of().byte1('k').int64(0x16B374D900L).int64(1_000_000).byte1(1).array(),
            Bytes.of().byte1('k').int64(5).int64(6).byte1(0).array());

    private static final AtomicLong CASES = new AtomicLong();
    private static final AtomicLong DECODED = new AtomicLong();
    private static final AtomicLong REFUSED = new AtomicLong();

    @AfterAll
    static void report() {
        Reliability.report("replication fuzz", CASES + " cases, " + DECODED + " messages decoded, " + REFUSED + " refused");
    }

    @Test
    void replicationCopyDataContents() {
        Random random = new Random(Reliability.seed("replication.copydata"));
        int cases = Reliability.scale(100_000, 10_000_000);
        run("replication.copydata", cases, random, (c, r) -> {
            byte[] input = r.nextInt(10) == 0 ? Mutator.randomBytes(r, r.nextInt(64))
                    : Mutator.mutate(COPY_CONTENTS.get(r.nextInt(COPY_CONTENTS.size())), COPY_CONTENTS, r, 4);
            ByteBuf buffer = wrap(input, r);
            try {
                ReplicationMessage message = ReplicationMessage.decode(buffer);
                message.toString();
                if (message instanceof XLogData x) {
                    // the data is a view into the input: reading all of it must stay inside the input
                    io.netty.buffer.ByteBufUtil.getBytes(x.data());
                }
                DECODED.incrementAndGet();
            } catch (ProtocolException e) {
                refused(e, "replication.copydata", c, input);
            } catch (RuntimeException e) {
                throw unexpected(e, "replication.copydata", c, input);
            } finally {
                assertThat(buffer.refCnt()).as("%s: nothing retained", Reliability.replay("replication.copydata", c)).isEqualTo(1);
                buffer.release();
            }
        });
    }

    @Test
    void pgoutputMessageSequences() {
        Random random = new Random(Reliability.seed("replication.pgoutput"));
        int cases = Reliability.scale(30_000, 3_000_000);
        run("replication.pgoutput", cases, random, (c, r) -> {
            PgOutputDecoder decoder = new PgOutputDecoder(DefaultCodecRegistry.builtins(), r.nextBoolean());
            List<byte[]> sequence = new ArrayList<>();
            sequence.add(r.nextInt(4) == 0 ? Mutator.mutate(PgOutputSamples.relation(), PGOUTPUT, r, 3) : PgOutputSamples.relation());
            int length = 1 + r.nextInt(8);
            for (int i = 0; i < length; i++) {
                byte[] message = PGOUTPUT.get(r.nextInt(PGOUTPUT.size()));
                sequence.add(r.nextInt(20) == 0 ? Mutator.randomBytes(r, r.nextInt(48))
                        : r.nextInt(3) == 0 ? message : Mutator.mutate(message, PGOUTPUT, r, 4));
            }
            for (byte[] input : sequence) {
                decodePgOutput(decoder, input, r, c);
            }
        });
    }

    private static void decodePgOutput(PgOutputDecoder decoder, byte[] input, Random random, long c) {
        ByteBuf buffer = wrap(input, random);
        try {
            PgOutputMessage message = decoder.decode(Lsn.of(random.nextLong()), buffer);
            message.toString();
            DECODED.incrementAndGet();
            for (TupleData tuple : tuples(message)) {
                readEveryValue(tuple, c, input);
            }
        } catch (ProtocolException e) {
            refused(e, "replication.pgoutput", c, input);
        } catch (RuntimeException e) {
            throw unexpected(e, "replication.pgoutput", c, input);
        } finally {
            assertThat(buffer.refCnt()).as("%s: nothing retained", Reliability.replay("replication.pgoutput", c)).isEqualTo(1);
            buffer.release();
        }
    }

    private static List<TupleData> tuples(PgOutputMessage message) {
        List<TupleData> tuples = new ArrayList<>();
        if (message instanceof Insert i) {
            tuples.add(i.newTuple());
        } else if (message instanceof Update u) {
            tuples.add(u.newTuple());
            if (u.oldKey() != null) {
                tuples.add(u.oldKey());
            }
            if (u.oldTuple() != null) {
                tuples.add(u.oldTuple());
            }
        } else if (message instanceof Delete d) {
            tuples.add(d.old());
        }
        return tuples;
    }

    private static void readEveryValue(TupleData tuple, long c, byte[] input) {
        for (int i = 0; i < tuple.size(); i++) {
            tuple.bytes(i);
            try {
                tuple.get(i);
                tuple.get(i, String.class);
            } catch (PgfastClientException | IllegalStateException | IllegalArgumentException allowed) {
                if (allowed.getMessage() == null || allowed.getMessage().isBlank()) {
                    throw new AssertionError(Reliability.replay("replication.pgoutput", c) + ": refusal without a message on "
                            + FramerFuzzTest.hex(input), allowed);
                }
            }
        }
    }

    // ---- the harness ----

    @FunctionalInterface
    private interface Case {
        void run(long caseNumber, Random random);
    }

    private static void run(String target, int cases, Random random, Case body) {
        int batch = 10_000;
        for (int from = 0; from < cases; from += batch) {
            int start = from;
            int end = Math.min(cases, from + batch);
            assertTimeoutPreemptively(BATCH_BOUND, () -> {
                for (long c = start; c < end; c++) {
                    body.run(c, random);
                }
            }, () -> target + ": a batch did not finish within " + BATCH_BOUND + " (a hang?); replay with -D"
                    + Reliability.SEED_PROPERTY + "=" + Reliability.baseSeed());
            CASES.addAndGet(end - start);
        }
    }

    /** The input in a heap or direct buffer of exactly its size, so that a read past its end throws (and fails the case). */
    private static ByteBuf wrap(byte[] input, Random random) {
        ByteBufAllocator alloc = random.nextBoolean() ? UNTRACKED_HEAP : UNTRACKED_DIRECT;
        return alloc.buffer(input.length).writeBytes(input);
    }

    private static void refused(ProtocolException e, String target, long c, byte[] input) {
        REFUSED.incrementAndGet();
        if (e.getMessage() == null || e.getMessage().isBlank()) {
            throw new AssertionError(Reliability.replay(target, c) + ": ProtocolException without a message on " + FramerFuzzTest.hex(input), e);
        }
    }

    private static AssertionError unexpected(Throwable e, String target, long c, byte[] input) {
        return new AssertionError(Reliability.replay(target, c) + ": " + e.getClass().getName()
                + " is not an allowed outcome (a message or ProtocolException); input " + FramerFuzzTest.hex(input), e);
    }
}
