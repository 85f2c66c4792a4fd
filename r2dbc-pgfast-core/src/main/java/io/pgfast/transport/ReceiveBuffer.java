package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * The socket reads of one connection go into one buffer the connection keeps, taken again for the next read
 * once nothing else holds it (reference count 1: the rows and messages cut from it are released, no
 * cumulation keeps its tail). A round trip then takes no buffer from the allocator, and none of Netty's
 * leak-detector sampling, which both cost more than the read of a short answer itself. While the buffer is
 * still held (a message split across reads, rows still in use), the read takes a new buffer, which is kept
 * from then on; the old one is freed by its last holder.
 *
 * <p>How much one read asks for is Netty's adaptive guess ({@link AdaptiveRecvByteBufAllocator}, the channel
 * default): a kept buffer smaller than the guess is replaced by one of the guess's size; a larger one is used
 * whole, as a larger read costs nothing more. A buffer larger than {@link #KEEP_AT_MOST} is not kept.
 *
 * <p>One instance per channel, set as its {@code RCVBUF_ALLOCATOR}; used on the channel's event loop only.
 * {@link #release()} (when the channel closes) gives the kept buffer back; reads after that keep nothing.
 */
final class ReceiveBuffer implements RecvByteBufAllocator {

    /** Netty's largest adaptive guess: the biggest buffer a connection keeps between reads. */
    static final int KEEP_AT_MOST = AdaptiveRecvByteBufAllocator.DEFAULT_MAXIMUM;

    private final RecvByteBufAllocator sizing = new AdaptiveRecvByteBufAllocator();
    /** Our own reference to the kept buffer, or null. */
    private ByteBuf kept;
    private boolean released;

    @Override
    public Handle newHandle() {
        return new KeepingHandle((ExtendedHandle) sizing.newHandle());
    }

    /** A buffer for the next read, with a reference that is the caller's (the channel's) to release. */
    ByteBuf allocate(ByteBufAllocator alloc, int guess) {
        ByteBuf b = kept;
        if (b != null) {
            if (b.refCnt() == 1 && b.capacity() >= guess) {
                return b.clear().retain();
            }
            kept = null;
            b.release();
        }
        b = alloc.ioBuffer(guess);
        if (released || b.capacity() > KEEP_AT_MOST) {
            return b;
        }
        kept = b;
        return b.retain();
    }

    /** Gives the kept buffer back (the channel has closed); later reads keep nothing. Idempotent. */
    void release() {
        released = true;
        ByteBuf b = kept;
        if (b != null) {
            kept = null;
            b.release();
        }
    }

    /** The kept buffer, or null (for tests; event loop only). */
    ByteBuf kept() {
        return kept;
    }

    /** Netty's adaptive handle, but the buffer it reads into comes from {@link #allocate}. */
    private final class KeepingHandle extends DelegatingHandle implements ExtendedHandle {

        KeepingHandle(ExtendedHandle sizing) {
            super(sizing);
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            return ReceiveBuffer.this.allocate(alloc, guess());
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return ((ExtendedHandle) delegate()).continueReading(maybeMoreDataSupplier);
        }
    }
}
