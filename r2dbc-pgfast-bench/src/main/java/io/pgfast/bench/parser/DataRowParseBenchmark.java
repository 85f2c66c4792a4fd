package io.pgfast.bench.parser;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.pgfast.codec.io.AsciiNumbers;
import io.pgfast.codec.io.UnsignedInts;
import io.pgfast.codec.io.Utf8Strings;
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

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Parses a stream of 500 DataRow messages and decodes every column: with this module's readers
 * ({@code pgfast}) and with the plain path ({@code plain}: {@code ByteBuf.toString(UTF_8)} and
 * {@code Integer.parseInt(String)}). The stream sits in a pooled direct buffer, as the network
 * delivers it. One operation is one stream of 500 rows. {@link ParserBench} runs it in alternating rounds
 * (BENCHMARKS.md, "Parser-only").
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class DataRowParseBenchmark {

    @Param({"SHORT_5", "DATES_AND_CODES_5", "MIXED_8", "LONG_TEXT_4", "NON_ASCII_3"})
    public String dataset;

    private ByteBuf stream;
    private DataRowStreams.Kind[] kinds;

    @Setup(Level.Trial)
    public void setUp() {
        DataRowStreams.Dataset d = DataRowStreams.Dataset.valueOf(dataset);
        kinds = d.kinds;
        stream = DataRowStreams.build(d, PooledByteBufAllocator.DEFAULT);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        stream.release();
    }

    @Benchmark
    public void pgfast(Blackhole bh) {
        ByteBuf buf = stream;
        int index = 0;
        int end = buf.writerIndex();
        DataRowStreams.Kind[] k = kinds;
        while (index < end) {
            int messageLength = buf.getInt(index + 1);
            int columns = UnsignedInts.u16(buf, index + 5);
            int at = index + 7;
            for (int c = 0; c < columns; c++) {
                int length = UnsignedInts.length(buf, at, Integer.MAX_VALUE);
                at += 4;
                if (k[c] == DataRowStreams.Kind.INT) {
                    bh.consume(AsciiNumbers.parseInt(buf, at, length, "int4"));
                } else {
                    bh.consume(Utf8Strings.read(buf, at, length));
                }
                at += length;
            }
            index += 1 + messageLength;
        }
    }

    @Benchmark
    public void plain(Blackhole bh) {
        ByteBuf buf = stream;
        int index = 0;
        int end = buf.writerIndex();
        DataRowStreams.Kind[] k = kinds;
        while (index < end) {
            int messageLength = buf.getInt(index + 1);
            int columns = buf.getShort(index + 5);
            int at = index + 7;
            for (int c = 0; c < columns; c++) {
                int length = buf.getInt(at);
                at += 4;
                String text = buf.toString(at, length, StandardCharsets.UTF_8);
                if (k[c] == DataRowStreams.Kind.INT) {
                    bh.consume(Integer.parseInt(text));
                } else {
                    bh.consume(text);
                }
                at += length;
            }
            index += 1 + messageLength;
        }
    }
}
