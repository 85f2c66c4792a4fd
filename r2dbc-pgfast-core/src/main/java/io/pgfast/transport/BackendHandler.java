package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.error.SqlState;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.MessageFramer;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.codec.io.UnsignedInts;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

import java.time.Duration;

/**
 * The last inbound handler of a connection's pipeline: it reads the backend's messages out of the received bytes
 * ({@link BackendMessageReader}), one at a time, and hands each to the {@link Dispatcher}, reading on only as far as
 * the conversation at the head of the queue takes what comes next.
 *
 * <p>Backpressure: before a message is read, the head conversation is asked whether it takes a message of that type
 * now ({@link Conversation#canAccept}); a message the server may send at any time
 * ({@link BackendMessageType#isAsynchronous()}) is always taken. When the head refuses, auto-read is switched off and
 * the received bytes wait, undecoded, until {@link #resume()}; it is switched back on when a drain ends with the head
 * taking what comes next, whatever started that drain. (Toggling auto-read only then, instead of requesting
 * every read, saves the epoll interest updates of a round trip.) What waits is at most one socket read and one
 * message, whatever the size of the result, plus what a conversation reads ahead for those waiting behind it.
 *
 * <p>Read-ahead: when the head refuses while other conversations wait behind it, their answers can only come after
 * the head's, so the head is asked to take the rest into memory ({@link Conversation#readAheadForWaiters}), within
 * {@code readAheadLimit}; when it cannot, the waiters fail and the head waits for its own consumer.
 *
 * <p>Also here: the DataRows of a conversation whose consumer is gone are stepped over by their length, undecoded, and
 * counted for its {@link EarlyCancel}; and the connection's {@link SocketTimeout}, told of every socket read and of
 * every change of whether reading is held back.
 *
 * <p>Event loop only.
 */
final class BackendHandler extends ChannelInboundHandlerAdapter {

    private final BackendMessageReader reader;
    private final ConversationQueue queue;
    private final Dispatcher dispatcher;
    private final EarlyCancel earlyCancel;
    /** Null when socketTimeout is off: then nothing of it runs. */
    private final SocketTimeout socketTimeout;
    /** {@code readAheadLimit}: the bytes a conversation may hold read ahead for the conversations waiting behind it. */
    private final long readAheadLimit;
    private ChannelHandlerContext ctx;
    private ByteBuf cumulation;
    /** Reading is held back: the head conversation refused the next message. */
    private boolean stalled;
    /**
     * Auto-read is off: set with {@link #stalled}, cleared when a drain ends without it. Bytes can still arrive while
     * it is set (Netty 4.1's epoll runs a read it queued when auto-read was last switched on, even after it went off
     * again), and the drain they start may find demand that came meanwhile, whose resume then finds nothing stalled.
     */
    private boolean readingOff;
    private boolean draining;

    /**
     * @param socketTimeout the connection's {@code socketTimeout}, {@link Duration#ZERO} or null for none
     */
    BackendHandler(int maxMessageSize, Duration socketTimeout, long readAheadLimit, EventLoop eventLoop,
                   ConversationQueue queue, Dispatcher dispatcher, EarlyCancel earlyCancel) {
        this.reader = new BackendMessageReader(maxMessageSize);
        this.queue = queue;
        this.dispatcher = dispatcher;
        this.earlyCancel = earlyCancel;
        this.readAheadLimit = readAheadLimit;
        this.socketTimeout = socketTimeout == null || socketTimeout.isZero() ? null
                : new SocketTimeout(eventLoop, queue, dispatcher, socketTimeout);
        if (this.socketTimeout != null) {
            queue.afterHeldWrites(this::watchTimeout);
        }
    }

    /** Whether the handler is inside its read loop, handing received messages to the conversations. */
    boolean isDraining() {
        return draining;
    }

    /** Whether reading is held back because the head conversation refused the next message. */
    boolean isStalled() {
        return stalled;
    }

    /** The bytes a conversation may hold read ahead for the conversations waiting behind it. */
    long readAheadLimit() {
        return readAheadLimit;
    }

    /** Something may have changed whether the driver waits for the backend (a write, new demand): socketTimeout looks again. */
    void watchTimeout() {
        if (socketTimeout != null) {
            socketTimeout.update(stalled);
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        ctx.channel().config().setAutoRead(true);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        ByteBuf in = (ByteBuf) msg;
        if (dispatcher.isFailed()) {
            in.release();
            return;
        }
        if (socketTimeout != null) {
            socketTimeout.bytesRead();
        }
        cumulation = cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), cumulation, in);
        drain();
    }

    /** Called on the event loop when the head conversation may accept more (new demand, a new head). */
    void resume() {
        if (stalled) {
            drain();
        }
    }

    private void drain() {
        if (draining) {
            return;
        }
        draining = true;
        HeldFlushes held = HeldFlushes.ofThisThread();
        held.hold();
        try {
            stalled = false;
            while (cumulation != null && cumulation.isReadable() && !dispatcher.isFailed()) {
                // a leak-detection wrapper shares the indices of the buffer it wraps; reading through the
                // wrapped buffer keeps PARANOID leak detection from recording a trace per header read (the
                // wrapper itself is still what gets released)
                ByteBuf view = LeakWrappers.isWrapper(cumulation) ? cumulation.unwrap() : cumulation;
                Conversation head = queue.head();
                BackendMessageType type = BackendMessageType.of(view.getByte(view.readerIndex()));
                if (head != null && !type.isAsynchronous() && !head.canAccept(type)) {
                    if (queue.hasWaitersBehindHead()) {
                        if (head.readAheadForWaiters(type)) {
                            continue;
                        }
                        // the waiters would wait for ever: they fail, the head waits for its own consumer;
                        // failing them may have brought that consumer's demand (synchronously): look again
                        if (failWaitersBehindHead() > 0) {
                            continue;
                        }
                    }
                    stalled = true;
                    if (!readingOff) {
                        readingOff = true;
                        ctx.channel().config().setAutoRead(false);
                    }
                    dispatcher.readingHeldBack();
                    return;
                }
                if (type == BackendMessageType.DATA_ROW && head != null && head.skipsDataRows()) {
                    int skipped = reader.skipDataRow(view);
                    if (skipped < 0) {
                        break;
                    }
                    earlyCancel.discarded(head, skipped);
                    continue;
                }
                // a CopyData keeps a retained slice, which may outlive the cumulation: it is cut from the
                // wrapper, so that its release, the last one, reaches the leak detector's record (a slice of
                // the wrapped buffer would free the memory and leave the record open: a false leak report)
                BackendMessage message = reader.next(type == BackendMessageType.COPY_DATA ? cumulation : view);
                if (message == null) {
                    break;
                }
                dispatcher.dispatch(type, message);
            }
            if (cumulation != null && !cumulation.isReadable()) {
                cumulation.release();
                cumulation = null;
            } else if (cumulation != null && cumulation.refCnt() == 1) {
                // only when no DataRow/CopyData slice still points into it
                cumulation.discardSomeReadBytes();
            }
        } catch (RuntimeException e) {
            dispatcher.fail(e);
        } finally {
            draining = false;
            if (readingOff && !stalled && !dispatcher.isFailed()) {
                // whichever way the head came to take more (a resume, or a read that was still under way when
                // reading was switched off, with demand that came meanwhile), reading goes on: a resume that
                // finds nothing stalled afterwards does nothing
                readingOff = false;
                ctx.channel().config().setAutoRead(true);
            }
            // all that was received is handed over: what waits now waits for the socket (or for a consumer's demand)
            earlyCancel.awaitingBytes();
            held.release();
            watchTimeout();
        }
    }

    /** The head conversation can read no further ahead: fail what waits behind it. */
    private int failWaitersBehindHead() {
        return queue.failWaitersBehindHead(new R2dbcNonTransientResourceException("this statement was issued on a connection "
                + "whose earlier result is not being read (its subscriber asks for no more rows), and its answer can only "
                + "arrive after that result; reading the earlier result ahead into memory reached readAheadLimit ("
                + readAheadLimit + " bytes). Read the earlier result to its end before issuing this statement, run this "
                + "statement on another connection, or raise readAheadLimit. A statement already sent to the server "
                + "still runs there; only its results are discarded.", SqlState.INSUFFICIENT_RESOURCES));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        channelClosed();
        releaseCumulation();
        ctx.fireChannelInactive();
    }

    /**
     * The channel is closed (its close future, or {@link #channelInactive}, whichever comes first): the connection
     * fails, with the reason the server gave if it sits unread.
     */
    void channelClosed() {
        dispatcher.channelInactive(dispatcher.isClosing() ? null : unreadLastWords());
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseCumulation();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        dispatcher.fail(cause);
    }

    /**
     * The reason a FATAL (or PANIC) ErrorResponse gave, when one sits unread in what was received: the server
     * sends it just before it closes the connection (protocol docs, "Termination"), and it stays unread when the
     * head conversation's consumer had asked for nothing more (rows, or a replication stream's data, before it).
     * Read without consuming anything, so that the error the application sees says why the server closed the
     * connection. Null when there is none. Event loop only.
     */
    String unreadLastWords() {
        ByteBuf b = cumulation;
        if (b == null) {
            return null;
        }
        int end = b.writerIndex();
        for (int i = b.readerIndex(); end - i >= MessageFramer.HEADER_LENGTH; ) {
            int length = UnsignedInts.int32(b, i + 1);
            if (length < 4 || end - i - 1 < length) {
                break;
            }
            if (b.getByte(i) == BackendMessageType.ERROR_RESPONSE.code()) {
                try {
                    ErrorResponse error = ErrorResponse.decode(b.slice(i + MessageFramer.HEADER_LENGTH, length - 4));
                    if ("FATAL".equals(error.severity()) || "PANIC".equals(error.severity())) {
                        return error.message() + " (" + error.code() + ")";
                    }
                } catch (RuntimeException malformed) {
                    // a malformed message tells nothing: the plain "closed by the server" stands
                    return null;
                }
            }
            i += 1 + length;
        }
        return null;
    }

    private void releaseCumulation() {
        if (cumulation != null) {
            cumulation.release();
            cumulation = null;
        }
    }
}
