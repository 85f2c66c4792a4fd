package io.pgfast.reliability;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.pgfast.codec.CodecException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Decoder;
import io.pgfast.codec.Format;
import io.pgfast.codec.PgType;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.PgVector;
import io.pgfast.codec.type.SparseVector;
import org.locationtech.jts.geom.Geometry;
import org.locationtech.jts.geom.GeometryCollection;
import org.locationtech.jts.geom.Point;
import org.locationtech.jts.geom.Polygon;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Fuzzes every decoder of every built-in type ({@link Oid#builtinTypes()}) and of the extension types with a
 * codec ({@link ExtensionSamples#TYPES}), in both formats where the codec decodes both: its default decoder and every conversion the registry offers (as String,
 * Integer, Long, BigDecimal, LocalDate, ...). Inputs are valid encodings made by the codecs' own
 * encoders ({@link CodecSamples}, {@link ExtensionSamples}), those encodings mutated ({@link Mutator}), and random bytes.
 *
 * <p>Allowed outcomes: a non-null value, or {@link CodecException} with a message; a valid encoding
 * must decode with the default decoder. Also checked on every case: the decoder reads only the
 * {@code length} bytes it is given (the buffer ends right after them, so a read past them would throw
 * IndexOutOfBoundsException; and one case in eight is decoded again with garbage around the value
 * and must give the same outcome), leaves the buffer's indices and reference count alone, allocates
 * no more than {@link #ALLOCATION_FIXED} plus {@link #ALLOCATION_PER_BYTE} per input byte, takes
 * under {@link #SLOW_CASE}, and each type's batch ends within {@link #TYPE_BOUND}.
 *
 * <p>Types that hold numerics are held to the looser {@link #NUMERIC_ALLOCATION} and
 * {@link #NUMERIC_SLOW_CASE}: a binary numeric's Int16 weight is a decimal exponent, and the codec
 * materializes every digit it implies (see {@link NumericExpansionTest}, a driver bug); those cases
 * are counted and reported separately.
 */
class CodecFuzzTest {

    private static final CodecRegistry REGISTRY = DefaultCodecRegistry.builtins();
    private static final Duration TYPE_BOUND = Reliability.scale(Duration.ofSeconds(60), Duration.ofMinutes(30));
    private static final Duration SLOW_CASE = Duration.ofSeconds(2);
    private static final long ALLOCATION_FIXED = 1 << 20;
    /**
     * Generous because the JDK's own parsers are: Double.parseDouble of a long mantissa with a large
     * exponent builds big integers (tens of KB for one float8 text), so a 1 KB text polygon[] costs
     * about 1.5 MB. What this bound is for is an allocation that a length or count asks for, which is
     * megabytes to gigabytes from a few bytes.
     */
    private static final long ALLOCATION_PER_BYTE = 2048;
    private static final long NUMERIC_ALLOCATION = io.pgfast.config.PgOptions.MAX_MESSAGE_SIZE.defaultValue();
    private static final Duration NUMERIC_SLOW_CASE = Duration.ofSeconds(5);
    private static final int SEEDS = 40;
    private static final int TRACKED_EVERY = 2_000;
    private static final ByteBufAllocator UNTRACKED_DIRECT = new UnpooledByteBufAllocator(true, true);

    /** Conversions asked of every type; the registry refuses those a codec does not offer. */
    private static final List<Class<?>> TARGETS = List.of(String.class, Integer.class, Long.class, Short.class, Double.class,
            Float.class, BigDecimal.class, BigInteger.class, Boolean.class, byte[].class, ByteBuffer.class, UUID.class,
            LocalDate.class, LocalDateTime.class, LocalTime.class, OffsetDateTime.class, OffsetTime.class, Instant.class,
            ZonedDateTime.class, Duration.class, java.time.Period.class, InetAddress.class, Object[].class, String[].class,
            Integer[].class, int[].class, long[].class, Character.class, float[].class, PgVector.class, SparseVector.class,
            Geometry.class, Point.class, Polygon.class, GeometryCollection.class);

    private static final AtomicLong CASES = new AtomicLong();
    private static final AtomicLong VALUES = new AtomicLong();
    private static final AtomicLong REFUSED = new AtomicLong();
    private static final AtomicLong DECODERS = new AtomicLong();
    private static final AtomicLong VALID_SEEDS = new AtomicLong();
    private static final AtomicLong SLOWEST = new AtomicLong();
    private static final AtomicLong MAX_ALLOCATION = new AtomicLong();
    private static final AtomicLong NUMERIC_EXPANSIONS = new AtomicLong();
    private static final TreeSet<String> WITHOUT_SEEDS = new TreeSet<>();

    @AfterAll
    static void report() {
        Reliability.report("codec fuzz", Oid.builtinTypes().size() + " built-in and " + ExtensionSamples.TYPES.size() + " extension types, " + DECODERS + " decoders, " + VALID_SEEDS
                + " valid seed encodings, " + CASES + " cases: " + VALUES + " values, " + REFUSED
                + " refused with CodecException, 0 other outcomes; slowest case " + SLOWEST.get() / 1000
                + " µs; largest allocation for one value " + MAX_ALLOCATION + " bytes (" + NUMERIC_EXPANSIONS
                + " numeric cases above the general bound); formats without a valid seed"
                + " (fuzzed from random bytes only): " + WITHOUT_SEEDS.size() + " " + WITHOUT_SEEDS);
    }

    @TestFactory
    Stream<DynamicTest> everyBuiltInType() {
        return Oid.builtinTypes().stream().map(type -> DynamicTest.dynamicTest(type.toString(), () -> {
            Random random = new Random(Reliability.seed("codec." + type.oid()));
            fuzz(REGISTRY, type, new CodecSamples(REGISTRY, random).encodings(type, SEEDS), random);
        }));
    }

    /** pgvector's and PostGIS's types, and arrays of vector and geometry, as discovery finds them in a database. */
    @TestFactory
    Stream<DynamicTest> extensionTypes() {
        CodecRegistry registry = ExtensionSamples.registry();
        return ExtensionSamples.TYPES.stream().map(type -> DynamicTest.dynamicTest(type.toString(), () -> {
            Random random = new Random(Reliability.seed("codec." + type.name()));
            fuzz(registry, type, new ExtensionSamples(registry, random).encodings(type, SEEDS), random);
        }));
    }

    private static void fuzz(CodecRegistry registry, PgType type, Map<Format, List<byte[]>> encodings, Random random) {
        int cases = Reliability.scale(2_000, 200_000);
        for (Format format : Format.values()) {
            if (format == Format.BINARY && !registry.binaryDecodable(type.oid())) {
                continue;
            }
            List<Decoder<?>> decoders = decoders(registry, type.oid(), format);
            DECODERS.addAndGet(decoders.size());
            List<byte[]> seeds = encodings.get(format);
            VALID_SEEDS.addAndGet(seeds.size());
            if (seeds.isEmpty()) {
                synchronized (WITHOUT_SEEDS) {
                    WITHOUT_SEEDS.add(type.name() + "/" + format.name().toLowerCase());
                }
            }
            Bounds bounds = holdsNumeric(type, 0) ? new Bounds(NUMERIC_ALLOCATION, NUMERIC_SLOW_CASE, true)
                    : new Bounds(-1, SLOW_CASE, false);
            String target = "codec " + type + " " + format;
            warmUp(decoders, seeds);
            assertTimeoutPreemptively(TYPE_BOUND, () -> {
                for (long c = 0; c < cases; c++) {
                    long begin = System.nanoTime();
                    fuzzCase(decoders, seeds, random, target, c, bounds);
                    long nanos = System.nanoTime() - begin;
                    SLOWEST.accumulateAndGet(nanos, Math::max);
                    if (nanos > bounds.slowCase.toNanos()) {
                        throw new AssertionError(Reliability.replay(target, c) + " took " + nanos / 1_000_000 + " ms");
                    }
                }
            }, () -> target + ": the cases did not finish within " + TYPE_BOUND + " (a hang?); replay with -D"
                    + Reliability.SEED_PROPERTY + "=" + Reliability.baseSeed());
            CASES.addAndGet(cases);
        }
    }

    /**
     * Decodes every seed once with every decoder, unchecked, so that class loading and lazily built
     * state are not charged to the first case's allocation.
     */
    private static void warmUp(List<Decoder<?>> decoders, List<byte[]> seeds) {
        for (Decoder<?> decoder : decoders) {
            for (byte[] seed : seeds) {
                try {
                    decoder.decode(Unpooled.wrappedBuffer(seed), 0, seed.length);
                } catch (RuntimeException checkedLater) {
                    // the cases check the outcome
                }
            }
        }
    }

    /** The limits of one type's cases; a negative allocation means the general per-byte bound. */
    private static final class Bounds {
        final long allocation;
        final Duration slowCase;
        final boolean numeric;

        Bounds(long allocation, Duration slowCase, boolean numeric) {
            this.allocation = allocation;
            this.slowCase = slowCase;
            this.numeric = numeric;
        }

        long allocation(int inputLength) {
            return allocation >= 0 ? allocation : ALLOCATION_FIXED + ALLOCATION_PER_BYTE * inputLength;
        }
    }

    /** Whether values of {@code type} may contain a numeric (records may hold any type). */
    private static boolean holdsNumeric(PgType type, int depth) {
        if (type.oid() == Oid.NUMERIC || type.oid() == Oid.RECORD || depth > 3) {
            return true;
        }
        int inner = type.isArray() ? type.elementOid() : type.rangeSubtypeOid() != 0 ? type.rangeSubtypeOid() : type.rangeOid();
        return inner != 0 && REGISTRY.type(inner).map(t -> holdsNumeric(t, depth + 1)).orElse(false);
    }

    /** The default decoder first, then every conversion the registry plans for this type and format. */
    private static List<Decoder<?>> decoders(CodecRegistry registry, int oid, Format format) {
        List<Decoder<?>> decoders = new ArrayList<>();
        decoders.add(registry.decoder(oid, format));
        for (Class<?> target : TARGETS) {
            try {
                Decoder<?> decoder = registry.decoder(oid, format, target);
                if (!decoders.contains(decoder)) {
                    decoders.add(decoder);
                }
            } catch (IllegalArgumentException notOffered) {
                // this codec does not convert to that class
            }
        }
        return decoders;
    }

    private static void fuzzCase(List<Decoder<?>> decoders, List<byte[]> seeds, Random random, String target, long caseNumber,
                                 Bounds bounds) {
        boolean defaultDecoder = decoders.size() == 1 || random.nextBoolean();
        Decoder<?> decoder = defaultDecoder ? decoders.get(0) : decoders.get(1 + random.nextInt(decoders.size() - 1));
        int kind = random.nextInt(10);
        byte[] input;
        boolean valid = false;
        if (seeds.isEmpty() || kind == 0) {
            input = Mutator.randomBytes(random, random.nextInt(random.nextBoolean() ? 16 : 80));
        } else if (kind == 1) {
            input = seeds.get(random.nextInt(seeds.size()));
            valid = true;
        } else {
            input = Mutator.mutate(seeds.get(random.nextInt(seeds.size())), seeds, random, 4);
        }
        Result exact = decode(decoder, input, random, caseNumber, target, bounds);
        if (valid && defaultDecoder && exact.refusal != null) {
            throw new AssertionError(Reliability.replay(target, caseNumber) + ": a valid encoding made by the codec's own encoder"
                    + " was refused: " + FramerFuzzTest.hex(input), exact.refusal);
        }
        if (random.nextInt(8) == 0) {
            Result padded = decodePadded(decoder, input, random, caseNumber, target, bounds);
            if ((exact.refusal == null) != (padded.refusal == null)
                    || (exact.refusal == null && !exact.rendered.equals(padded.rendered))) {
                throw new AssertionError(Reliability.replay(target, caseNumber) + ": the outcome depends on bytes outside the value: "
                        + exact + " alone, " + padded + " with bytes around it; input " + FramerFuzzTest.hex(input));
            }
        }
        if (exact.refusal == null) {
            VALUES.incrementAndGet();
        } else {
            REFUSED.incrementAndGet();
        }
    }

    /** A decoding outcome: the value rendered as text, or the CodecException. */
    private static final class Result {
        final String rendered;
        final CodecException refusal;

        Result(String rendered, CodecException refusal) {
            this.rendered = rendered;
            this.refusal = refusal;
        }

        @Override
        public String toString() {
            return refusal == null ? "value " + rendered : "CodecException: " + refusal.getMessage();
        }
    }

    /** Decodes {@code input} from a buffer that ends right after it: heap, direct or composite. */
    private static Result decode(Decoder<?> decoder, byte[] input, Random random, long caseNumber, String target, Bounds bounds) {
        int offset = random.nextInt(4);
        ByteBuf buf;
        switch (caseNumber % TRACKED_EVERY == 0 ? 3 : random.nextInt(3)) {
            case 0:
                buf = Unpooled.wrappedBuffer(withPrefix(input, offset));
                break;
            case 1:
                buf = UNTRACKED_DIRECT.directBuffer(offset + input.length).writeZero(offset).writeBytes(input);
                break;
            case 2: {
                byte[] prefixed = withPrefix(input, offset);
                int split = random.nextInt(prefixed.length + 1);
                CompositeByteBuf composite = Unpooled.compositeBuffer();
                composite.addComponent(true, Unpooled.wrappedBuffer(Arrays.copyOfRange(prefixed, 0, split)));
                composite.addComponent(true, Unpooled.wrappedBuffer(Arrays.copyOfRange(prefixed, split, prefixed.length)));
                buf = composite;
                break;
            }
            default:
                buf = PooledByteBufAllocator.DEFAULT.buffer(offset + input.length).writeZero(offset).writeBytes(input);
        }
        try {
            return run(decoder, buf, offset, input, caseNumber, target, bounds);
        } finally {
            buf.release();
        }
    }

    /** Decodes {@code input} with random bytes before and after it. */
    private static Result decodePadded(Decoder<?> decoder, byte[] input, Random random, long caseNumber, String target,
                                       Bounds bounds) {
        byte[] before = Mutator.randomBytes(random, 1 + random.nextInt(8));
        byte[] after = Mutator.randomBytes(random, 1 + random.nextInt(8));
        ByteBuf buf = Unpooled.wrappedBuffer(before, input, after);
        try {
            return run(decoder, buf, before.length, input, caseNumber, target, bounds);
        } finally {
            buf.release();
        }
    }

    private static Result run(Decoder<?> decoder, ByteBuf buf, int index, byte[] input, long caseNumber, String target, Bounds bounds) {
        int readerIndex = buf.readerIndex();
        int writerIndex = buf.writerIndex();
        int refCnt = buf.refCnt();
        long allocatedBefore = AllocationMeter.allocatedBytes();
        Object value;
        try {
            value = decoder.decode(buf, index, input.length);
        } catch (CodecException e) {
            if (e.getMessage() == null || e.getMessage().isBlank()) {
                throw new AssertionError(Reliability.replay(target, caseNumber) + ": CodecException without a message on "
                        + FramerFuzzTest.hex(input), e);
            }
            checkAllocation(AllocationMeter.allocatedBytes() - allocatedBefore, input, caseNumber, target, bounds);
            checkBuffer(buf, readerIndex, writerIndex, refCnt, input, caseNumber, target);
            return new Result(null, e);
        } catch (RuntimeException | Error e) {
            throw new AssertionError(Reliability.replay(target, caseNumber) + ": " + e.getClass().getName()
                    + " is not an allowed outcome (a value or CodecException); " + decoder + " on " + FramerFuzzTest.hex(input), e);
        }
        checkAllocation(AllocationMeter.allocatedBytes() - allocatedBefore, input, caseNumber, target, bounds);
        if (value == null) {
            throw new AssertionError(Reliability.replay(target, caseNumber) + ": " + decoder + " returned null for a non-NULL value "
                    + FramerFuzzTest.hex(input));
        }
        checkBuffer(buf, readerIndex, writerIndex, refCnt, input, caseNumber, target);
        return new Result(render(value), null);
    }

    private static void checkAllocation(long allocated, byte[] input, long caseNumber, String target, Bounds bounds) {
        MAX_ALLOCATION.accumulateAndGet(allocated, Math::max);
        if (bounds.numeric && allocated > ALLOCATION_FIXED + ALLOCATION_PER_BYTE * input.length) {
            NUMERIC_EXPANSIONS.incrementAndGet();
        }
        if (allocated > bounds.allocation(input.length)) {
            throw new AssertionError(Reliability.replay(target, caseNumber) + ": decoding " + input.length + " bytes allocated "
                    + allocated + " bytes; input " + FramerFuzzTest.hex(input));
        }
    }

    private static void checkBuffer(ByteBuf buf, int readerIndex, int writerIndex, int refCnt, byte[] input, long caseNumber, String target) {
        if (buf.readerIndex() != readerIndex || buf.writerIndex() != writerIndex || buf.refCnt() != refCnt) {
            throw new AssertionError(Reliability.replay(target, caseNumber) + ": the decoder changed its buffer (indices "
                    + readerIndex + "/" + writerIndex + " -> " + buf.readerIndex() + "/" + buf.writerIndex() + ", refCnt " + refCnt
                    + " -> " + buf.refCnt() + "); input " + FramerFuzzTest.hex(input));
        }
    }

    private static byte[] withPrefix(byte[] input, int offset) {
        byte[] out = new byte[offset + input.length];
        System.arraycopy(input, 0, out, offset, input.length);
        return out;
    }

    /** A comparable rendering: arrays element by element, buffers as hex. */
    private static String render(Object value) {
        if (value instanceof Object[]) {
            return Arrays.deepToString((Object[]) value);
        } else if (value instanceof byte[]) {
            return ByteBufUtil.hexDump((byte[]) value);
        } else if (value instanceof int[]) {
            return Arrays.toString((int[]) value);
        } else if (value instanceof long[]) {
            return Arrays.toString((long[]) value);
        } else if (value instanceof float[]) {
            return Arrays.toString((float[]) value);
        } else if (value instanceof ByteBuffer) {
            ByteBuffer b = ((ByteBuffer) value).duplicate();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            return ByteBufUtil.hexDump(bytes);
        }
        return String.valueOf(value);
    }
}
