package io.pgfast.codec.builtin;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.Encoder;
import io.pgfast.codec.Format;

import java.util.function.ToLongFunction;

/**
 * An encoder with a fixed parameter type and format, writing through a {@link Writer}. Built once
 * per (type, Java class) when the registry plans it, never per value.
 */
public final class SimpleEncoder<T> extends FixedTypeEncoder<T> {

    /** Writes one value's bytes, without the length prefix. */
    @FunctionalInterface
    public interface Writer<T> {
        void write(T value, ByteBuf out);
    }

    private final Writer<? super T> writer;
    private final ToLongFunction<? super T> minimumLength;

    public SimpleEncoder(int oid, Format format, Writer<? super T> writer) {
        this(oid, format, writer, null);
    }

    /** @param minimumLength at least the bytes {@code writer} writes for a value (see {@link Encoder#minimumLength}) */
    public SimpleEncoder(int oid, Format format, Writer<? super T> writer, ToLongFunction<? super T> minimumLength) {
        super(oid, format);
        this.writer = writer;
        this.minimumLength = minimumLength;
    }

    @Override
    public long minimumLength(T value) {
        return minimumLength == null ? 0 : minimumLength.applyAsLong(value);
    }

    @Override
    public void encode(T value, ByteBuf out) {
        writer.write(value, out);
    }

    @Override
    public String toString() {
        return "SimpleEncoder[oid " + Integer.toUnsignedString(nullOid()) + ", " + format() + "]";
    }
}
