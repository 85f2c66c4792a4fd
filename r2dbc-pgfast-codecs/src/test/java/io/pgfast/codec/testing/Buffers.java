package io.pgfast.codec.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

import java.util.function.Function;

/**
 * The buffer shapes a decoder meets: heap, heap slices at an array offset, direct (pooled and not),
 * composite of two parts and composite of 1-byte fragments. Each places the value after a few
 * junk bytes, so a reader that ignores the absolute index fails.
 */
public enum Buffers {
    HEAP(bytes -> Unpooled.wrappedBuffer(bytes)),
    HEAP_SLICED_AT_OFFSET(bytes -> {
        byte[] larger = new byte[bytes.length + 7];
        larger[0] = (byte) 0xC3;
        System.arraycopy(bytes, 0, larger, 3, bytes.length);
        larger[larger.length - 1] = (byte) 0xA9;
        // a slice whose array offset is 3: index 0 of the slice is array[3]
        ByteBuf whole = Unpooled.wrappedBuffer(larger);
        ByteBuf slice = whole.retainedSlice(3, bytes.length);
        whole.release();
        return slice;
    }),
    DIRECT(bytes -> Unpooled.directBuffer(bytes.length).writeBytes(bytes)),
    POOLED_DIRECT(bytes -> PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes)),
    DIRECT_SLICED(bytes -> {
        ByteBuf larger = Unpooled.directBuffer(bytes.length + 8).writeZero(5).writeBytes(bytes).writeZero(3);
        ByteBuf slice = larger.retainedSlice(5, bytes.length);
        larger.release();
        return slice;
    }),
    COMPOSITE_TWO_PARTS(bytes -> {
        int half = bytes.length / 2;
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        composite.addComponent(true, Unpooled.wrappedBuffer(bytes, 0, half));
        composite.addComponent(true, Unpooled.directBuffer(bytes.length - half + 1).writeBytes(bytes, half, bytes.length - half));
        return composite;
    }),
    COMPOSITE_ONE_BYTE_FRAGMENTS(bytes -> {
        CompositeByteBuf composite = Unpooled.compositeBuffer(Math.max(2, bytes.length));
        for (byte b : bytes) {
            composite.addComponent(true, Unpooled.buffer(1).writeByte(b));
        }
        return composite;
    });

    /** Junk bytes before the value: a reader must start at the absolute index it is given. */
    public static final byte[] PREFIX = {(byte) 0xE2, (byte) 0x82, 0x41};

    private final Function<byte[], ByteBuf> factory;

    Buffers(Function<byte[], ByteBuf> factory) {
        this.factory = factory;
    }

    /** A buffer holding {@link #PREFIX} then {@code value}: the value starts at index {@code PREFIX.length}. */
    public ByteBuf withPrefix(byte[] value) {
        byte[] all = new byte[PREFIX.length + value.length];
        System.arraycopy(PREFIX, 0, all, 0, PREFIX.length);
        System.arraycopy(value, 0, all, PREFIX.length, value.length);
        return factory.apply(all);
    }

    /** A buffer holding exactly {@code bytes}. */
    public ByteBuf of(byte[] bytes) {
        return factory.apply(bytes);
    }
}
