package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.backend.DataRow;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The driver core's receive path ({@link CoreReceive}: core's {@code BackendMessageReader} and {@code DataRow}, the
 * built-in codecs' decoders) over a RowDescription and 500 DataRows ({@link CoreStreams}) in a pooled direct
 * buffer, as the network delivers them. One operation is one stream of 500 rows. {@link CoreBeforeAfter} runs it
 * against two builds of core and codecs in alternating rounds (BENCHMARKS.md, "Parser-only").
 *
 * <p>When the system property {@value #WHERE_PROPERTY} names a file, the trial's set-up writes to it where this
 * JVM loaded {@code DataRow} and {@code UnsignedInts} from: the proof that a fork ran the build it was meant to.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class CoreDataRowBenchmark {

    static final String WHERE_PROPERTY = "pgfast.bench.classesFrom";

    @Param({"SHORT_5", "DATES_AND_CODES_5", "MIXED_8", "LONG_TEXT_4", "NON_ASCII_3"})
    public String dataset;

    private ByteBuf stream;
    private CodecRegistry codecs;
    private BackendMessageReader framer;

    @Setup(Level.Trial)
    public void setUp() {
        codecs = DefaultCodecRegistry.builtins();
        framer = new BackendMessageReader(1 << 20);
        stream = CoreStreams.build(DataRowStreams.Dataset.valueOf(dataset), codecs, PooledByteBufAllocator.DEFAULT);
        String where = System.getProperty(WHERE_PROPERTY);
        if (where != null) {
            try {
                Files.writeString(Path.of(where), classesFrom(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        stream.release();
    }

    @Benchmark
    public int decode(Blackhole bh) {
        stream.readerIndex(0);
        return CoreReceive.drain(stream, framer, codecs, bh::consume);
    }

    /**
     * Three lines: the class-path entries this JVM loaded core's DataRow and the codecs' UnsignedInts from, and
     * whether that UnsignedInts has {@code int32}, which the switch of 4130d08 added (a marker of the build, for
     * the reader of the report; the check is the locations').
     */
    static String classesFrom() {
        boolean int32;
        try {
            UnsignedInts.class.getMethod("int32", ByteBuf.class, int.class);
            int32 = true;
        } catch (NoSuchMethodException e) {
            int32 = false;
        }
        return DataRow.class.getProtectionDomain().getCodeSource().getLocation() + "\n"
                + UnsignedInts.class.getProtectionDomain().getCodeSource().getLocation() + "\n"
                + "UnsignedInts.int32 " + (int32 ? "present" : "absent") + "\n";
    }
}
