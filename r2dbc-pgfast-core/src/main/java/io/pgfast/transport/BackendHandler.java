package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.BackendMessageReader;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.codec.io.UnsignedInts;

/**
 * Frames backend messages out of the byte stream and hands each to the conversation at the head of the
 * queue, reading from the socket only while that conversation can take what comes next.
 *
 * <p>Backpressure: auto-read is on while the head conversation takes what comes, and switched off as
 * soon as it refuses the next message type ({@link Conversation#canAccept}); the bytes already
 * received then stay in the cumulation, undecoded, until {@link #resume()}. Memory is therefore bounded
 * by one socket read plus one message, whatever the size of the result. (Toggling auto-read only when
 * stalled, instead of requesting every read, saves the epoll interest updates per round trip.)
 */
final class BackendHandler extends ChannelInboundHandlerAdapter {

    private final BackendMessageReader framer;
    private final Transport transport;
    private final ConversationQueue queue;
    /** Null when socketTimeout is off. */
    private SocketTimeout socketTimeout;
    private ChannelHandlerContext ctx;
    private ByteBuf cumulation;
    private boolean stalled;
    private boolean draining;

    BackendHandler(int maxMessageSize, Transport transport, ConversationQueue queue) {
        this.framer = new BackendMessageReader(maxMessageSize);
        this.transport = transport;
        this.queue = queue;
    }

    void socketTimeout(SocketTimeout socketTimeout) {
        this.socketTimeout = socketTimeout;
    }

    /** Whether the handler is inside its read loop, handing received messages to the conversations. */
    boolean isDraining() {
        return draining;
    }

    /** Whether reading is held back because the head conversation refused the next message. */
    boolean isStalled() {
        return stalled;
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
        if (transport.isFailed()) {
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
            if (!stalled && ctx != null && !transport.isFailed()) {
                ctx.channel().config().setAutoRead(true);
            }
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
            while (cumulation != null && cumulation.isReadable() && !transport.isFailed()) {
                // a leak-detection wrapper shares the indices of the buffer it wraps; reading through the
                // wrapped buffer keeps PARANOID leak detection from recording a trace per header read (the
                // wrapper itself is still what gets released)
                ByteBuf view = LeakWrappers.isWrapper(cumulation) ? cumulation.unwrap() : cumulation;
                Conversation head = queue.head();
                BackendMessageType type = BackendMessageType.of(view.getByte(view.readerIndex()));
                if (head != null && !type.isAsynchronous() && !head.canAccept(type)) {
                    if (queue.hasWaitersBehindHead()) {
                        if (head.readAhead(type)) {
                            continue;
                        }
                        // the waiters would wait for ever: they fail, the head waits for its own consumer;
                        // failing them may have brought that consumer's demand (synchronously): look again
                        if (transport.failWaitersBehindHead() > 0) {
                            continue;
                        }
                    }
                    stalled = true;
                    ctx.channel().config().setAutoRead(false);
                    transport.stalled();
                    return;
                }
                if (type == BackendMessageType.DATA_ROW && head != null && head.skipsDataRows()) {
                    int skipped = framer.skipDataRow(view);
                    if (skipped < 0) {
                        break;
                    }
                    transport.discarded(head, skipped);
                    continue;
                }
                // a CopyData keeps a retained slice, which may outlive the cumulation: it is cut from the
                // wrapper, so that its release, the last one, reaches the leak detector's record (a slice of
                // the wrapped buffer would free the memory and leave the record open: a false leak report)
                BackendMessage message = framer.next(type == BackendMessageType.COPY_DATA ? cumulation : view);
                if (message == null) {
                    break;
                }
                transport.dispatch(type, message);
            }
            if (cumulation != null && !cumulation.isReadable()) {
                cumulation.release();
                cumulation = null;
            } else if (cumulation != null && cumulation.refCnt() == 1) {
                // only when no DataRow/CopyData slice still points into it
                cumulation.discardSomeReadBytes();
            }
        } catch (RuntimeException e) {
            transport.fail(e);
        } finally {
            draining = false;
            transport.awaitingBytes();
            held.release();
            if (socketTimeout != null) {
                socketTimeout.update();
            }
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        releaseCumulation();
        transport.onChannelInactive();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseCumulation();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        transport.fail(cause);
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
        for (int i = b.readerIndex(); end - i >= 5; ) {
            int length = UnsignedInts.int32(b, i + 1);
            if (length < 4 || end - i - 1 < length) {
                break;
            }
            if (b.getByte(i) == BackendMessageType.ERROR_RESPONSE.code()) {
                try {
                    ErrorResponse error = ErrorResponse.decode(b.slice(i + 5, length - 4));
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
