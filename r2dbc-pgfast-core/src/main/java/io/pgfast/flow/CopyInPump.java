package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.frontend.CopyData;
import io.pgfast.transport.Transport;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Feeds a COPY FROM STDIN from the application's publisher: subscribes to it, asks for elements under a byte
 * budget, gathers them into CopyData messages of {@link CopyChunker#CHUNK_SIZE} bytes and writes them.
 *
 * <p>Flow control: elements are asked for in windows sized from the bytes the elements have had so far, so
 * that at most {@link #MAX_BYTES_IN_FLIGHT} bytes are gathered or waiting in the channel (write futures not
 * yet complete); more is requested only as writes complete. A fast publisher therefore runs at the speed of
 * the socket. A slow publisher's data may wait here until a chunk fills or the publisher completes. An
 * element is written whole once taken: an element larger than the budget adds its own size to it.
 *
 * <p>Threading: the publisher may signal from any thread; its signals are queued and handled in order on the
 * event loop. Everything else, including every call from its {@link Owner}, happens on the event loop.
 */
final class CopyInPump implements Subscriber<Object> {

    /** At most this many bytes gathered or written and not yet on the socket. */
    static final int MAX_BYTES_IN_FLIGHT = 4 * CopyChunker.CHUNK_SIZE;

    /** The largest number of elements asked for at once (small elements). */
    static final int MAX_WINDOW = 1024;

    /** After this many CopyData messages in one go the event loop is left to other channels for a while. */
    private static final int MAX_WRITES_PER_PASS = 16;

    private static final Object COMPLETE = new Object();

    /** The COPY this pump feeds (event loop only). */
    interface Owner {

        /** Whether data is still wanted; elements arriving otherwise are released unread. */
        boolean copying();

        /** The publisher completed and the last chunk is written: the copy may end with CopyDone. */
        void dataComplete();

        /** The publisher failed, or sent an element of an unsupported type: the copy must be aborted. */
        void dataFailed(Throwable error);
    }

    private record Subscribed(Subscription subscription) {
    }

    private record Failed(Throwable error) {
    }

    private final Transport transport;
    private final Owner owner;
    private final CopyChunker chunker;
    private final Queue<Object> signals = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private Subscription upstream;
    private long outstanding;
    private long received;
    private long receivedBytes;
    private long bytesInFlight;
    private boolean unflushed;
    private int writesThisPass;
    private boolean draining;

    CopyInPump(Transport transport, Owner owner) {
        this.transport = transport;
        this.owner = owner;
        this.chunker = new CopyChunker(transport.channel().alloc());
    }

    /** Subscribes to {@code data} (event loop). */
    void start(Publisher<?> data) {
        try {
            data.subscribe(this);
        } catch (RuntimeException e) {
            // a publisher breaking Reactive Streams 1.9
            owner.dataFailed(e);
        }
    }

    /** Cancels the publisher and drops the data gathered; later elements are released as they come (event loop). */
    void stop() {
        Subscription s = upstream;
        upstream = null;
        if (s != null) {
            s.cancel();
        }
        chunker.release();
    }

    // --- the data publisher's subscriber (any thread; handled on the event loop) ---

    @Override
    public void onSubscribe(Subscription s) {
        if (s == null) {
            throw new NullPointerException("Reactive Streams 2.13: the subscription must not be null");
        }
        signals.offer(new Subscribed(s));
        drainSignals();
    }

    @Override
    public void onNext(Object element) {
        if (element == null) {
            throw new NullPointerException("Reactive Streams 2.13: COPY data elements must not be null");
        }
        signals.offer(element);
        drainSignals();
    }

    @Override
    public void onError(Throwable error) {
        if (error == null) {
            throw new NullPointerException("Reactive Streams 2.13: the error must not be null");
        }
        signals.offer(new Failed(error));
        drainSignals();
    }

    @Override
    public void onComplete() {
        signals.offer(COMPLETE);
        drainSignals();
    }

    private void drainSignals() {
        if (transport.eventLoop().inEventLoop()) {
            drain();
        } else if (drainScheduled.compareAndSet(false, true)) {
            transport.eventLoop().execute(this::scheduledDrain);
        }
    }

    private void scheduledDrain() {
        drainScheduled.set(false);
        // a task of its own: the event loop has had its turn since the last writes were counted
        writesThisPass = 0;
        drain();
    }

    /**
     * Handles the queued signals, asks for more data while the budget allows, and flushes what was
     * written. Not reentrant: a publisher that emits from inside {@code request} only queues.
     */
    private void drain() {
        if (draining) {
            return;
        }
        draining = true;
        try {
            for (;;) {
                Object signal;
                while ((signal = signals.poll()) != null) {
                    handle(signal);
                }
                if (requestMore()) {
                    continue;
                }
                if (unflushed) {
                    // completions run now when the socket takes everything: the budget may be back
                    unflushed = false;
                    transport.channel().flush();
                    continue;
                }
                break;
            }
        } finally {
            draining = false;
        }
    }

    private void handle(Object signal) {
        if (signal instanceof Subscribed) {
            Subscription s = ((Subscribed) signal).subscription();
            if (upstream != null || !owner.copying()) {
                // a second onSubscribe (Reactive Streams 2.5), or the copy ended before the first
                s.cancel();
            } else {
                upstream = s;
            }
        } else if (signal == COMPLETE) {
            // a publisher that has terminated is not cancelled (Reactive Streams 3.7)
            upstream = null;
            if (owner.copying()) {
                chunker.flush(this::writeChunk);
                owner.dataComplete();
            }
        } else if (signal instanceof Failed) {
            upstream = null;
            if (owner.copying()) {
                owner.dataFailed(((Failed) signal).error());
            }
        } else {
            outstanding--;
            if (!owner.copying()) {
                ReferenceCountUtil.release(signal);
                return;
            }
            try {
                receivedBytes += chunker.append(signal, this::writeChunk);
                received++;
            } catch (IllegalArgumentException e) {
                owner.dataFailed(e);
            }
        }
    }

    /** Asks the publisher for a new window when the last one has arrived and the budget allows. */
    private boolean requestMore() {
        if (!owner.copying() || upstream == null || outstanding > 0) {
            return false;
        }
        if (writesThisPass >= MAX_WRITES_PER_PASS) {
            // A publisher emitting synchronously may have its emission loop below us on the stack (it
            // then calls drain() once per element), so this count spans drains. A scheduled task, unlike
            // execute(), runs only after the event loop has polled for I/O: the server's answers (an
            // ErrorResponse for a bad row) are read between passes.
            if (drainScheduled.compareAndSet(false, true)) {
                transport.eventLoop().schedule(this::scheduledDrain, 0, TimeUnit.NANOSECONDS);
            }
            return false;
        }
        long budget = MAX_BYTES_IN_FLIGHT - bytesInFlight - chunker.buffered();
        if (budget <= 0) {
            return false;
        }
        long n;
        if (received == 0) {
            n = 1;
        } else {
            long average = Math.max(1, receivedBytes / received);
            n = Math.max(1, Math.min(MAX_WINDOW, budget / average));
        }
        outstanding += n;
        upstream.request(n);
        return true;
    }

    /** Writes one full (or the last) chunk as a CopyData message; the flush happens at the end of the pass. */
    private void writeChunk(ByteBuf chunk) {
        // CopyData.encode copies the chunk: one copy per 64 KiB, the price of keeping the framing in its class
        ByteBuf out = transport.channel().alloc().ioBuffer(chunk.readableBytes() + 5);
        new CopyData(chunk).encode(out);
        int size = out.readableBytes();
        bytesInFlight += size;
        writesThisPass++;
        unflushed = true;
        transport.channel().write(out).addListener((ChannelFutureListener) f -> {
            bytesInFlight -= size;
            if (f.isSuccess()) {
                drain();
            } else {
                transport.fail(f.cause());
            }
        });
    }
}
