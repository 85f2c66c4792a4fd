package io.pgfast.reliability;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCounted;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.OwnedDataRow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Fuzzes the backend message framer and decoder the way the transport drives them: a byte stream
 * fed in random fragments into a cumulation (merged or composite, heap or direct, as Netty's
 * ByteToMessageDecoder cumulators build it), each complete message consumed before the next one.
 *
 * <p>The only outcomes allowed are "need more bytes" (null), a message, or a {@link ProtocolException}
 * with a message. Any other exception, a case slower than {@link #SLOW_CASE}, a batch longer than
 * {@link #BATCH_BOUND} (a hang), a retained buffer once every message is released, or an allocation
 * inside the framer out of proportion to the bytes it was given fails the test, naming the seed and case.
 *
 * <p>Most cases use an allocator without leak tracking (PARANOID tracking records a stack trace per
 * buffer access); retention is then checked through reference counts. One case in
 * {@link #TRACKED_EVERY} uses the default, tracked allocators, so Netty's leak detector sees them too.
 */
class FramerFuzzTest {

    private static final int MAX_MESSAGE_SIZE = 1 << 16;
    private static final Duration BATCH_BOUND = Duration.ofSeconds(60);
    private static final Duration SLOW_CASE = Duration.ofSeconds(2);
    private static final int TRACKED_EVERY = 2_000;
    /** The framer may allocate a fixed amount plus this many bytes per readable input byte. */
    private static final long ALLOCATION_FIXED = 1 << 20;
    private static final long ALLOCATION_PER_BYTE = 32;
    private static final ByteBufAllocator UNTRACKED_HEAP = new UnpooledByteBufAllocator(false, true);
    private static final ByteBufAllocator UNTRACKED_DIRECT = new UnpooledByteBufAllocator(true, true);
    private static final List<byte[]> GOLDEN = GoldenBackendMessages.all();
    private static final byte[] KNOWN_TYPES = "RKD23nCtIETZ1sSANvdcGHWV".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private static final Stats STATS = new Stats();

    @AfterAll
    static void report() {
        Reliability.report("framer fuzz", STATS.toString());
    }

    @Test
    void unmutatedGoldenStreamsDecodeCompletelyInAnyFragmentation() {
        Random random = new Random(Reliability.seed("framer.golden"));
        int cases = Reliability.scale(20_000, 2_000_000);
        runBatches("framer.golden", cases, (c, r) -> {
            List<byte[]> picked = pick(r);
            Outcome outcome = feed(concat(picked), r, c);
            assertThat(outcome.failure).as("%s: a valid stream was refused", Reliability.replay("framer.golden", c)).isNull();
            assertThat(outcome.messages).as(Reliability.replay("framer.golden", c)).isEqualTo(picked.size());
        }, random);
    }

    @Test
    void mutatedGoldenStreams() {
        Random random = new Random(Reliability.seed("framer.mutated"));
        int cases = Reliability.scale(150_000, 15_000_000);
        runBatches("framer.mutated", cases, (c, r) -> {
            byte[] stream = Mutator.mutate(concat(pick(r)), GOLDEN, r, 6);
            feed(stream, r, c);
        }, random);
    }

    @Test
    void randomFramesOfKnownTypes() {
        Random random = new Random(Reliability.seed("framer.frames"));
        int cases = Reliability.scale(100_000, 10_000_000);
        runBatches("framer.frames", cases, (c, r) -> feed(randomFrames(r), r, c), random);
    }

    @Test
    void randomBytes() {
        Random random = new Random(Reliability.seed("framer.random"));
        int cases = Reliability.scale(50_000, 5_000_000);
        runBatches("framer.random", cases, (c, r) -> feed(Mutator.randomBytes(r, r.nextInt(400)), r, c), random);
    }

    /** Each message decoder on its own, on mutated bodies of its type (and bodies of other types). */
    @Test
    void everyDecoderOnMutatedBodies() {
        Random random = new Random(Reliability.seed("framer.bodies"));
        int cases = Reliability.scale(150_000, 15_000_000);
        List<byte[]> bodies = new ArrayList<>();
        for (byte[] message : GOLDEN) {
            bodies.add(Arrays.copyOfRange(message, 5, message.length));
        }
        runBatches("framer.bodies", cases, (c, r) -> {
            int which = r.nextInt(GOLDEN.size());
            byte type = r.nextInt(8) == 0 ? KNOWN_TYPES[r.nextInt(KNOWN_TYPES.length)] : GOLDEN.get(which)[0];
            byte[] body = r.nextInt(10) == 0 ? bodies.get(which) : Mutator.mutate(bodies.get(which), bodies, r, 4);
            decodeBody(type, body, r, c);
        }, random);
    }

    @Test
    void aTwoGibLengthIsRefusedFromTheHeaderAloneWithoutAllocating() {
        BackendMessageReader framer = new BackendMessageReader(io.pgfast.config.PgOptions.MAX_MESSAGE_SIZE.defaultValue());
        ByteBuf in = UNTRACKED_HEAP.buffer(5);
        try {
            // 'D' DataRow whose Int32 length claims 2 GiB - 1 bytes
            in.writeByte('D').writeInt(Integer.MAX_VALUE);
            refusal(framer, in);
            long before = AllocationMeter.allocatedBytes();
            ProtocolException refused = refusal(framer, in);
            long allocated = AllocationMeter.allocatedBytes() - before;
            assertThat(refused).hasMessageContaining("more than the limit");
            assertThat(allocated).as("bytes allocated to refuse it").isLessThan(64 * 1024);
            assertThat(in.readerIndex()).isZero();
        } finally {
            in.release();
        }
    }

    @Test
    void aLengthUnderTheLimitWaitsForItsBytesWithoutAllocatingForThem() {
        BackendMessageReader framer = new BackendMessageReader(io.pgfast.config.PgOptions.MAX_MESSAGE_SIZE.defaultValue());
        ByteBuf in = UNTRACKED_HEAP.buffer(9);
        try {
            // 'd' CopyData claiming 1 GiB, 4 body bytes present
            in.writeByte('d').writeInt(1 << 30).writeInt(0);
            int waiting = 0;
            framer.next(in);
            long before = AllocationMeter.allocatedBytes();
            for (int i = 0; i < 1000; i++) {
                if (framer.next(in) == null) {
                    waiting++;
                }
            }
            long allocated = AllocationMeter.allocatedBytes() - before;
            assertThat(waiting).isEqualTo(1000);
            assertThat(allocated).as("bytes allocated while waiting").isLessThan(1024);
            assertThat(in.readerIndex()).isZero();
        } finally {
            in.release();
        }
    }

    /** The framer's refusal of {@code in}, caught without any assertion machinery (whose allocations would count). */
    private static ProtocolException refusal(BackendMessageReader framer, ByteBuf in) {
        try {
            framer.next(in);
        } catch (ProtocolException expected) {
            return expected;
        }
        throw new AssertionError("the framer accepted " + ByteBufUtil.hexDump(in));
    }

    @Test
    void everyLengthBelowFourIsRefused() {
        BackendMessageReader framer = new BackendMessageReader(MAX_MESSAGE_SIZE);
        for (int length : new int[] {Integer.MIN_VALUE, -1 << 20, -5, -1, 0, 1, 2, 3}) {
            ByteBuf in = UNTRACKED_HEAP.buffer(5).writeByte('Z').writeInt(length);
            try {
                assertThatThrownBy(() -> framer.next(in)).isInstanceOf(ProtocolException.class).hasMessageContaining("length " + length);
            } finally {
                in.release();
            }
        }
    }

    // ---- the harness ---------------------------------------------------------------------------

    @FunctionalInterface
    private interface Case {
        void run(long caseNumber, Random random);
    }

    private static void runBatches(String target, int cases, Case body, Random random) {
        int batch = 10_000;
        for (int from = 0; from < cases; from += batch) {
            int start = from;
            int end = Math.min(cases, from + batch);
            assertTimeoutPreemptively(BATCH_BOUND, () -> {
                for (long c = start; c < end; c++) {
                    long begin = System.nanoTime();
                    body.run(c, random);
                    long nanos = System.nanoTime() - begin;
                    STATS.slowest(nanos);
                    if (nanos > SLOW_CASE.toNanos()) {
                        throw new AssertionError(Reliability.replay(target, c) + " took " + nanos / 1_000_000 + " ms");
                    }
                }
            }, () -> target + ": a batch of cases did not finish within " + BATCH_BOUND + " (a hang?); replay with -D"
                    + Reliability.SEED_PROPERTY + "=" + Reliability.baseSeed());
            STATS.cases.addAndGet(end - start);
        }
    }

    /** What became of one stream. */
    private static final class Outcome {
        int messages;
        ProtocolException failure;
    }

    /**
     * Feeds {@code stream} in random fragments as the transport would, and checks every outcome.
     * Messages holding a slice (CopyData) are kept until the end at random, so cumulations must move.
     */
    private static Outcome feed(byte[] stream, Random random, long caseNumber) {
        boolean tracked = caseNumber % TRACKED_EVERY == 0;
        ByteBufAllocator alloc = tracked
                ? (random.nextBoolean() ? PooledByteBufAllocator.DEFAULT : UnpooledByteBufAllocator.DEFAULT)
                : (random.nextBoolean() ? UNTRACKED_HEAP : UNTRACKED_DIRECT);
        boolean direct = random.nextBoolean();
        ByteToMessageDecoder.Cumulator cumulator = random.nextInt(4) == 0
                ? ByteToMessageDecoder.COMPOSITE_CUMULATOR : ByteToMessageDecoder.MERGE_CUMULATOR;
        int maxFragment = random.nextInt(8) == 0 ? 1 : 1 + random.nextInt(random.nextBoolean() ? 16 : 512);
        BackendMessageReader framer = new BackendMessageReader(MAX_MESSAGE_SIZE);
        List<ReferenceCounted> held = new ArrayList<>();
        Outcome outcome = new Outcome();
        ByteBuf cumulation = null;
        try {
            for (int at = 0; at < stream.length && outcome.failure == null; ) {
                int length = Math.min(stream.length - at, 1 + random.nextInt(maxFragment));
                ByteBuf fragment = direct ? alloc.directBuffer(length) : alloc.heapBuffer(length);
                fragment.writeBytes(stream, at, length);
                at += length;
                cumulation = cumulation == null ? fragment : cumulator.cumulate(alloc, cumulation, fragment);
                outcome.failure = drain(framer, cumulation, held, random, outcome, caseNumber, stream);
                if (!cumulation.isReadable()) {
                    cumulation.release();
                    cumulation = null;
                } else if (cumulation.refCnt() == 1) {
                    cumulation.discardSomeReadBytes();
                }
            }
        } finally {
            for (ReferenceCounted message : held) {
                message.release();
            }
            if (cumulation != null) {
                assertThat(cumulation.refCnt()).as("%s: the cumulation is still referenced after every message was released",
                        Reliability.replay("framer", caseNumber)).isEqualTo(1);
                cumulation.release();
            }
        }
        STATS.messages.addAndGet(outcome.messages);
        STATS.bytes.addAndGet(stream.length);
        if (outcome.failure != null) {
            STATS.refused.incrementAndGet();
        }
        return outcome;
    }

    private static ProtocolException drain(BackendMessageReader framer, ByteBuf cumulation, List<ReferenceCounted> held,
                                           Random random, Outcome outcome, long caseNumber, byte[] stream) {
        while (true) {
            BackendMessage message;
            int readable = cumulation.readableBytes();
            long before = AllocationMeter.allocatedBytes();
            try {
                message = framer.next(cumulation);
            } catch (ProtocolException e) {
                checkRefusal(e, caseNumber, stream);
                return e;
            } catch (RuntimeException | Error e) {
                throw unexpected(e, caseNumber, stream);
            }
            checkAllocation(AllocationMeter.allocatedBytes() - before, readable, caseNumber, stream);
            if (message == null) {
                return null;
            }
            outcome.messages++;
            consume(message, held, random, caseNumber, stream);
        }
    }

    /**
     * Reads what a flow would read: every column of a row, every accessor through toString. A message
     * holding a slice is released now or, when {@code held} is given, at random kept there for later.
     */
    private static void consume(BackendMessage message, List<ReferenceCounted> held, Random random, long caseNumber, byte[] stream) {
        try {
            if (message instanceof DataRow) {
                DataRow row = (DataRow) message;
                ByteBuf buffer = row.buffer();
                for (int i = 0; i < row.columnCount(); i++) {
                    if (!row.isNull(i)) {
                        int offset = row.offset(i);
                        int length = row.length(i);
                        if (offset < 0 || length < 0 || offset + length > buffer.writerIndex()) {
                            throw new AssertionError(Reliability.replay("framer", caseNumber) + ": column " + i + " at " + offset
                                    + "+" + length + " lies outside its buffer");
                        }
                        ByteBufUtil.hashCode(buffer.slice(offset, length));
                    }
                }
                if (row instanceof OwnedDataRow owned) {
                    owned.release();
                }
                return;
            }
            message.toString();
            if (message instanceof ReferenceCounted) {
                if (held != null && random.nextBoolean()) {
                    held.add((ReferenceCounted) message);
                } else {
                    ((ReferenceCounted) message).release();
                }
            }
        } catch (RuntimeException e) {
            throw unexpected(e, caseNumber, stream);
        }
    }

    private static void decodeBody(byte type, byte[] body, Random random, long caseNumber) {
        ByteBufAllocator alloc = caseNumber % TRACKED_EVERY == 0 ? UnpooledByteBufAllocator.DEFAULT
                : (random.nextBoolean() ? UNTRACKED_HEAP : UNTRACKED_DIRECT);
        int padding = random.nextInt(4);
        ByteBuf buffer = alloc.buffer(body.length + 2 * padding);
        buffer.writeZero(padding).writeBytes(body).writeZero(padding);
        ByteBuf slice = buffer.slice(padding, body.length);
        try {
            long before = AllocationMeter.allocatedBytes();
            BackendMessage message;
            try {
                message = BackendMessageType.of(type).decode(slice);
            } catch (ProtocolException e) {
                checkRefusal(e, caseNumber, body);
                STATS.refused.incrementAndGet();
                return;
            } catch (RuntimeException | Error e) {
                throw unexpected(e, caseNumber, body);
            } finally {
                STATS.bytes.addAndGet(body.length);
            }
            checkAllocation(AllocationMeter.allocatedBytes() - before, body.length, caseNumber, body);
            STATS.messages.incrementAndGet();
            consume(message, null, random, caseNumber, body);
            assertThat(buffer.refCnt()).as("%s: the decoder still holds the body", Reliability.replay("framer.bodies", caseNumber)).isEqualTo(1);
        } finally {
            buffer.release();
        }
    }

    private static void checkRefusal(ProtocolException e, long caseNumber, byte[] input) {
        if (e.getMessage() == null || e.getMessage().isBlank()) {
            throw new AssertionError(Reliability.replay("framer", caseNumber) + ": ProtocolException without a message on "
                    + hex(input), e);
        }
    }

    private static void checkAllocation(long allocated, int readable, long caseNumber, byte[] input) {
        STATS.maxAllocation(allocated);
        if (allocated > ALLOCATION_FIXED + ALLOCATION_PER_BYTE * readable) {
            throw new AssertionError(Reliability.replay("framer", caseNumber) + ": the framer allocated " + allocated
                    + " bytes for " + readable + " readable bytes of " + hex(input));
        }
    }

    private static AssertionError unexpected(Throwable e, long caseNumber, byte[] input) {
        return new AssertionError(Reliability.replay("framer", caseNumber) + ": " + e.getClass().getName()
                + " is not an allowed outcome (null, a message or ProtocolException); input " + hex(input), e);
    }

    static String hex(byte[] input) {
        String hex = ByteBufUtil.hexDump(input, 0, Math.min(input.length, 256));
        return input.length + " bytes " + hex + (input.length > 256 ? "…" : "");
    }

    // ---- inputs ---------------------------------------------------------------------------------

    private static List<byte[]> pick(Random random) {
        int count = 1 + random.nextInt(12);
        List<byte[]> picked = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            picked.add(GOLDEN.get(random.nextInt(GOLDEN.size())));
        }
        return picked;
    }

    private static byte[] concat(List<byte[]> parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] out = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /** One to eight frames: a known type, a length that mostly matches, a random body. */
    private static byte[] randomFrames(Random random) {
        List<byte[]> frames = new ArrayList<>();
        int count = 1 + random.nextInt(8);
        for (int i = 0; i < count; i++) {
            byte[] body = Mutator.randomBytes(random, random.nextInt(random.nextBoolean() ? 12 : 80));
            int length = body.length + 4;
            if (random.nextInt(8) == 0) {
                length = Mutator.interestingInt(random, length);
            }
            byte[] frame = new byte[5 + body.length];
            frame[0] = KNOWN_TYPES[random.nextInt(KNOWN_TYPES.length)];
            frame[1] = (byte) (length >>> 24);
            frame[2] = (byte) (length >>> 16);
            frame[3] = (byte) (length >>> 8);
            frame[4] = (byte) length;
            System.arraycopy(body, 0, frame, 5, body.length);
            frames.add(frame);
        }
        return concat(frames);
    }

    /** Counters over all targets of this class. */
    private static final class Stats {
        final AtomicLong cases = new AtomicLong();
        final AtomicLong messages = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong slowestNanos = new AtomicLong();
        final AtomicLong maxAllocation = new AtomicLong();

        void slowest(long nanos) {
            slowestNanos.accumulateAndGet(nanos, Math::max);
        }

        void maxAllocation(long bytes) {
            maxAllocation.accumulateAndGet(bytes, Math::max);
        }

        @Override
        public String toString() {
            return cases + " cases, " + bytes + " bytes, " + messages + " messages decoded, " + refused
                    + " refused with ProtocolException, 0 other outcomes; slowest case " + slowestNanos.get() / 1000
                    + " µs; largest allocation in one framer call " + maxAllocation + " bytes";
        }
    }
}
