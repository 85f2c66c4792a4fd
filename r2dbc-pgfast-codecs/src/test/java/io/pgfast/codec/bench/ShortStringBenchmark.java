package io.pgfast.codec.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
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

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * How to build a short all-ASCII String from a direct buffer, by length: the measurement behind
 * {@code Utf8Strings.ASCII_FAST_PATH_MAX}. {@code latin1} checks and copies the bytes into a byte[]
 * one by one and uses the Latin-1 String constructor; {@code bulkLatin1} copies them in one
 * getBytes and checks the array; {@code chars} builds a char[] (the JDK then compresses
 * it); {@code utf8} is netty's general decode (thread-local scratch array, then the JDK's UTF-8
 * decoder). The first two hold the ASCII check the fast path needs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 500, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class ShortStringBenchmark {

    @Param({"8", "16", "24", "32"})
    public int length;

    private ByteBuf buf;

    @Setup(Level.Trial)
    public void setUp() {
        buf = PooledByteBufAllocator.DEFAULT.directBuffer(length + 3);
        buf.writeBytes("abc".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < length; i++) {
            buf.writeByte('a' + i % 26);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        buf.release();
    }

    @Benchmark
    @SuppressWarnings("deprecation")
    public String latin1() {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            byte b = buf.getByte(3 + i);
            if (b < 0) {
                return null;
            }
            bytes[i] = b;
        }
        return new String(bytes, 0, 0, length);
    }

    @Benchmark
    @SuppressWarnings("deprecation")
    public String bulkLatin1() {
        byte[] bytes = new byte[length];
        buf.getBytes(3, bytes);
        for (byte b : bytes) {
            if (b < 0) {
                return null;
            }
        }
        return new String(bytes, 0, 0, length);
    }

    @Benchmark
    public String chars() {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            byte b = buf.getByte(3 + i);
            if (b < 0) {
                return null;
            }
            chars[i] = (char) b;
        }
        return new String(chars);
    }

    @Benchmark
    public String utf8() {
        return buf.toString(3, length, StandardCharsets.UTF_8);
    }
}
