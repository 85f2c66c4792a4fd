package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;

import java.util.ArrayDeque;

/**
 * The conversations of one connection: those waiting to be written and those written and waiting for
 * their responses ("in flight"), in request order. Confined to the channel's event loop.
 *
 * <p>Pipelining: everything pending is rendered into one buffer and flushed once, up to
 * {@code pipelineLimit} conversations in flight. A conversation that has not written all of its messages
 * yet (see {@link Conversation#writeComplete()}) is a write barrier: nothing after it is written until it
 * has, because the backend answers strictly in order.
 */
final class ConversationQueue {

    private final ArrayDeque<Conversation> pending = new ArrayDeque<>();
    private final ArrayDeque<Conversation> inFlight = new ArrayDeque<>();
    private final int pipelineLimit;
    private Channel channel;
    private SocketWriter writer;
    private Throwable closedCause;
    private int writeHold;
    /** This queue's flush waits for the end of its event loop's hold ({@link HeldFlushes}). */
    private boolean flushHeld;
    /** What the end of the hold runs: {@link #flushHeld()}, made once per connection. */
    private final Runnable heldFlush = this::flushHeld;
    private Runnable afterHeldWrites = () -> { };
    /**
     * The buffer flushes render into, kept while the channel has let go of it (reference count 1 after the
     * write), so that a statement takes no buffer from the allocator (nor its leak-detector sampling); null
     * until the first flush, or after one that grew it past {@link #KEEP_AT_MOST}.
     */
    private ByteBuf outbound;
    /** The head is ending its publishers ({@link #ending}): it no longer counts in {@link #size}. */
    private boolean headEnding;
    /**
     * How many conversations are pending or in flight, but for a head that is ending; written on the event loop after
     * each change so that other threads can read it ({@link #size()}).
     */
    private volatile int size;

    /** A flush buffer larger than this (a big batch or parameter) is given back after its write, not kept. */
    static final int KEEP_AT_MOST = 64 * 1024;

    ConversationQueue(int pipelineLimit) {
        this.pipelineLimit = Math.max(1, pipelineLimit);
    }

    void attach(Channel channel) {
        this.channel = channel;
        this.writer = SocketWriter.throughChannel(channel);
    }

    /** From now on flushes go straight to the socket where they can (see {@link SocketWriter#direct}). */
    void writeDirectly() {
        this.writer = SocketWriter.direct(channel);
    }

    /** How many flushes went straight to the socket (for tests; event loop only). */
    long directWrites() {
        return writer.directWrites();
    }

    /** The conversation that receives the next backend message, or null when none is in flight. */
    Conversation head() {
        return inFlight.peekFirst();
    }

    /** Whether nothing was written after {@code c}: cancelling its server work cannot hit another request. */
    boolean isLastWritten(Conversation c) {
        // pending conversations are not on the wire yet; a CancelRequest holds them back until it is done
        return inFlight.peekLast() == c;
    }

    /** Whether a conversation waits behind the head: written and awaiting its answers, or not written yet. */
    boolean hasWaitersBehindHead() {
        boolean first = true;
        for (Conversation c : inFlight) {
            if (first) {
                first = false;
            } else if (!c.isAbandoned()) {
                return true;
            }
        }
        for (Conversation c : pending) {
            if (!c.isCancelledBeforeWrite()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends every conversation waiting behind the head with {@code failure} (see
     * {@link Conversation#abandon}): those not written yet are dropped unwritten, those written abandon and
     * stay in flight to read their answers. Returns how many were ended.
     */
    int failWaitersBehindHead(Throwable failure) {
        int ended = 0;
        boolean first = true;
        for (Conversation c : inFlight) {
            if (first) {
                first = false;
                continue;
            }
            if (c.abandonOnce(failure)) {
                ended++;
            }
        }
        Conversation c;
        while ((c = pending.pollFirst()) != null) {
            if (!c.isCancelledBeforeWrite()) {
                c.onConnectionFailure(failure);
                ended++;
            }
        }
        resize();
        return ended;
    }

    boolean isIdle() {
        return inFlight.isEmpty() && pending.isEmpty();
    }

    /**
     * Conversations pending or in flight, but for a head that is ending its publishers ({@link #ending}),
     * from any thread: exact on the event loop; elsewhere as of the event loop's last change (a conversation submitted
     * from another thread counts once the event loop has taken it).
     */
    int size() {
        return size;
    }

    private void resize() {
        size = pending.size() + inFlight.size() - (headEnding ? 1 : 0);
    }

    /** {@code c} ends its publishers now: when it is the head, it no longer counts in {@link #size()}. */
    void ending(Conversation c) {
        if (inFlight.peekFirst() == c) {
            headEnding = true;
            resize();
        }
    }

    /** Whether the head is ending its publishers ({@link #ending}); event loop only. */
    boolean isHeadEnding() {
        return headEnding;
    }

    void submit(Conversation c) {
        if (closedCause != null) {
            c.onConnectionFailure(closedCause);
            return;
        }
        pending.addLast(c);
        flush();
        resize();
    }

    /** The head conversation is over: drop it and write what may now be written. */
    void completeHead() {
        inFlight.pollFirst();
        headEnding = false;
        flush();
        resize();
    }

    /**
     * Stops writing new conversations until {@link #releaseWrites()} (used while a CancelRequest is on its
     * way, so that the cancel cannot reach a statement written after the one it was meant for).
     */
    void holdWrites() {
        writeHold++;
    }

    void releaseWrites() {
        if (writeHold > 0 && --writeHold == 0) {
            flush();
            afterHeldWrites.run();
        }
    }

    /**
     * Writes every pending conversation that may be written now, in one buffer and one flush; while the event
     * loop holds flushes ({@link HeldFlushes}: it dispatches backend messages, or takes submitted conversations),
     * once the hold is over. So what subscribers submit from inside their callbacks is written together, and a
     * consumer that cancels its rows in the same callback chain (operators such as flatMap cancel their inner
     * subscriptions late) still finds nothing written after its statement, so its CancelRequest is safe.
     */
    void flush() {
        HeldFlushes held = HeldFlushes.ofThisThread();
        if (held.isHolding()) {
            if (!flushHeld) {
                flushHeld = true;
                held.waitFor(heldFlush);
            }
            return;
        }
        writePending();
    }

    /**
     * The flush that waited for the end of a hold ({@link HeldFlushes#release}). A failure fails this connection
     * (through its pipeline, as a failed write does), not the one whose dispatch held the flush.
     */
    private void flushHeld() {
        flushHeld = false;
        try {
            writePending();
        } catch (RuntimeException e) {
            channel.pipeline().fireExceptionCaught(e);
        }
        // what was submitted during the hold is on the wire only now: the driver may wait for the backend from here
        afterHeldWrites.run();
    }

    /**
     * Runs after writes that were held back are let go, by the end of a {@link HeldFlushes} hold or of
     * {@link #holdWrites} (the socketTimeout watch); event loop only.
     */
    void afterHeldWrites(Runnable action) {
        this.afterHeldWrites = action;
    }

    private void writePending() {
        if (channel == null || closedCause != null || writeHold > 0) {
            return;
        }
        Conversation last = inFlight.peekLast();
        if (last != null && !last.writeComplete()) {
            return;
        }
        ByteBuf out = null;
        boolean dropped = false;
        while (!pending.isEmpty() && inFlight.size() < pipelineLimit) {
            Conversation c = pending.pollFirst();
            if (c.isCancelledBeforeWrite()) {
                dropped = true;
                continue;
            }
            if (out == null) {
                out = outboundBuffer();
            }
            int mark = out.writerIndex();
            try {
                c.writeTo(out);
            } catch (RuntimeException e) {
                // a value that could not be encoded: nothing of this conversation reaches the wire
                out.writerIndex(mark);
                c.onConnectionFailure(e);
                dropped = true;
                continue;
            }
            inFlight.addLast(c);
            if (!c.writeComplete()) {
                break;
            }
        }
        if (out != null) {
            writeOutbound(out);
        }
        if (dropped) {
            resize();
        }
    }

    /** The kept buffer, emptied, if the channel is done with it; else a new one, which is kept from now on. */
    private ByteBuf outboundBuffer() {
        ByteBuf b = outbound;
        if (b != null) {
            if (b.refCnt() == 1) {
                return b.clear();
            }
            // still on its way to the socket (a full send buffer): the channel releases it once written
            b.release();
        }
        return outbound = channel.alloc().ioBuffer();
    }

    /** Writes the kept buffer; the channel releases its own reference once the bytes are sent (or failed). */
    private void writeOutbound(ByteBuf out) {
        if (out.isReadable()) {
            writer.writeKept(out);
        }
        if (out.capacity() > KEEP_AT_MOST) {
            outbound = null;
            out.release();
        }
    }

    /** Writes (and flushes) more messages of the conversation in flight, e.g. its Bind after a Describe. */
    void writeMore(ByteBuf out) {
        write(out);
        flush();
    }

    private void write(ByteBuf out) {
        if (!out.isReadable()) {
            out.release();
            return;
        }
        writer.write(out);
    }

    /**
     * Fails every conversation, in flight and pending, with {@code cause}, but for those in flight whose outcome
     * {@code lost} says is unknown; later submissions fail at once with {@code later}.
     */
    void close(Throwable cause, Throwable later, LostOutcome lost) {
        if (closedCause != null) {
            return;
        }
        closedCause = later;
        if (outbound != null) {
            outbound.release();
            outbound = null;
        }
        Conversation c;
        while ((c = inFlight.pollFirst()) != null) {
            c.onConnectionFailure(lost.failureOf(c, cause));
        }
        while ((c = pending.pollFirst()) != null) {
            c.onConnectionFailure(cause);
        }
        headEnding = false;
        resize();
    }

    boolean isClosed() {
        return closedCause != null;
    }
}
