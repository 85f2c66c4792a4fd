package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOutboundHandler;
import io.netty.channel.EventLoop;
import reactor.core.publisher.Mono;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One open channel to a backend, as the conversations see it: they are submitted here, written by the
 * {@link ConversationQueue}, answered through the {@link BackendHandler} (which reads) and the {@link Dispatcher}
 * (which routes each message and keeps the connection's end), and the backend's own reports are kept in the
 * {@link ServerSession}. This class puts those together and is what the flows and the R2DBC layer hold.
 *
 * <p>Everything runs on the channel's event loop; {@link #submit}, {@link #resumeReading}, {@link #fail} and
 * {@link #close} may be called from any thread.
 */
public final class Transport {

    private final Channel channel;
    private final EventLoop eventLoop;
    private final ConversationQueue queue;
    private final ServerSession session = new ServerSession();
    /** What an early cancel does: discard, and cancel past the bounds (see {@link #cancelEarly}). */
    private final EarlyCancel earlyCancel;
    private final CancelRequestSender cancelRequests;
    private final Dispatcher dispatcher;
    private final BackendHandler handler;
    /** Conversations submitted from other threads, on their way to the event loop. */
    private final Submissions submissions;
    private final AtomicBoolean resumeScheduled = new AtomicBoolean();
    /** Where notices and error responses are logged, at the levels the configuration names. */
    private final Notices notices;

    Transport(Channel channel, TransportSettings settings) {
        this.channel = channel;
        this.eventLoop = channel.eventLoop();
        this.notices = settings.notices();
        this.queue = new ConversationQueue(settings.pipelineLimit());
        this.cancelRequests = new CancelRequestSender(channel, session, queue, settings.loopResources());
        this.earlyCancel = new EarlyCancel(eventLoop, queue, cancelRequests, settings.cancelDrainBytes(), settings.cancelDrainTime());
        this.dispatcher = new Dispatcher(channel, queue, session, earlyCancel, notices);
        this.handler = new BackendHandler(settings.maxMessageSize(), settings.socketTimeout(), settings.readAheadLimit(), eventLoop,
                queue, dispatcher, earlyCancel);
        this.submissions = new Submissions(eventLoop, this::submitOnLoop);
        queue.attach(channel);
    }

    /**
     * The pipeline is complete (TLS negotiated or not): when nothing in it transforms what the driver writes,
     * flushes go straight to the socket where they can ({@link SocketWriter}). Before the first conversation.
     */
    void pipelineComplete() {
        for (Map.Entry<String, ChannelHandler> h : channel.pipeline()) {
            if (h.getValue() instanceof ChannelOutboundHandler) {
                return;
            }
        }
        queue.writeDirectly();
    }

    /** How many flushes went straight to the socket (for tests; event loop only). */
    long directWrites() {
        return queue.directWrites();
    }

    /** The handler to install as the last inbound handler of the channel pipeline. */
    BackendHandler handler() {
        return handler;
    }

    /** The channel is closed (its close future completed): the connection fails, unless it was closing. */
    void onChannelInactive() {
        handler.channelClosed();
    }

    public Channel channel() {
        return channel;
    }

    public EventLoop eventLoop() {
        return eventLoop;
    }

    /** What the backend reports about its session. */
    public ServerSession session() {
        return session;
    }

    /** This connection's log of notices and error responses. */
    public Notices notices() {
        return notices;
    }

    /** Queues a conversation; it is written as soon as the pipeline allows. Safe from any thread. */
    public void submit(Conversation conversation) {
        if (eventLoop.inEventLoop()) {
            submitOnLoop(conversation);
        } else {
            submissions.add(conversation);
        }
    }

    private void submitOnLoop(Conversation conversation) {
        queue.submit(conversation);
        if (handler.isStalled() && queue.head() != conversation) {
            // reading waits for the head's consumer, and now a conversation waits behind it: the head may have
            // to read ahead (or the waiter fail) so that nothing waits for ever (see Conversation#readAheadForWaiters)
            handler.resume();
        }
        handler.watchTimeout();
    }

    /** Writes more messages of the conversation in flight (event loop only). */
    public void writeMore(ByteBuf out) {
        queue.writeMore(out);
        handler.watchTimeout();
    }

    /** A conversation has new demand: resume decoding and reading. Safe from any thread. */
    public void resumeReading() {
        if (eventLoop.inEventLoop()) {
            handler.resume();
        } else if (resumeScheduled.compareAndSet(false, true)) {
            eventLoop.execute(() -> {
                resumeScheduled.set(false);
                handler.resume();
            });
        }
    }

    /**
     * {@code readAheadLimit}: how many bytes a conversation may hold read ahead of its consumer for the conversations
     * waiting behind it (see {@link Conversation#readAheadForWaiters}).
     */
    public long readAheadLimit() {
        return handler.readAheadLimit();
    }

    /**
     * The consumer of {@code c}'s answer gave up while the statement may still run (event loop only): the rest of the
     * answer is discarded as it arrives, and a CancelRequest goes out only if the statement still runs past
     * {@code cancelDrainBytes} or {@code cancelDrainTime} (see {@link EarlyCancel}). Does nothing more when a cancel
     * could reach another statement (one was written after {@code c}): the answer is then only discarded. The
     * conversation says when that statement ended ({@link #earlyCancelOver}), and hears of a CancelRequest sent
     * ({@link Conversation#cancelRequestSent}), after which the server may answer 57014 (query_canceled).
     */
    public void cancelEarly(Conversation c) {
        earlyCancel.start(c, handler.isDraining());
    }

    /**
     * The statement of {@code c} whose consumer gave up ended within the early cancel's bounds (event loop only): no
     * CancelRequest goes out for it, and writes held for it go on. A later statement of {@code c} is not drained.
     */
    public void earlyCancelOver(Conversation c) {
        earlyCancel.ended(c);
    }

    /**
     * Sends a CancelRequest for this connection's backend at once (event loop only), holding back further writes
     * until the server has taken it; nothing before the server has sent its key. The caller makes sure that
     * nothing was written after the statement it cancels ({@link #isLastWritten}).
     */
    public void sendCancelRequest() {
        cancelRequests.send();
    }

    /** Whether nothing was written after {@code c} (event loop only). */
    public boolean isLastWritten(Conversation c) {
        return queue.isLastWritten(c);
    }

    /**
     * Whether nothing is pending or running on this connection, so that it can go to another user as it is: nothing
     * queued and nothing in flight, but for a conversation that is ending its publishers after its last
     * ReadyForQuery ({@link #ending}), whose last signals are what the caller is continuing from, on the
     * event loop or on a thread those signals woke up. On the event loop also, for a conversation that does not say
     * so, while it is handed its ReadyForQuery. From another thread, as of the event loop's last change: a
     * conversation that thread submitted and the event loop has not taken yet is not seen.
     */
    public boolean isAtRest() {
        return dispatcher.isAtRest();
    }

    /**
     * Runs {@code action} on the event loop once this connection has settled: at rest ({@link #isAtRest()}), failed,
     * or waiting for a consumer's demand before it reads on (then only that consumer, or a request behind it that makes
     * it read ahead, moves it); at once when it has. Nothing is sent. One action at a time: a pool's release of a
     * connection whose statement still runs.
     *
     * @throws IllegalStateException if an action is waiting already
     */
    public void whenSettled(Runnable action) {
        dispatcher.whenSettled(action, handler.isStalled());
    }

    /**
     * The conversation at the head has had its last ReadyForQuery and ends its publishers now: a conversation calls
     * this in {@link Conversation#onMessage}, before those last signals, only when {@code onMessage} then returns true
     * (event loop only). From here on the connection counts as at rest ({@link #isAtRest()}) for every thread, so that
     * a caller another thread wakes up with those signals (a blocking one) sees it at rest, as one that continues from
     * them on the event loop does, and can give it back without a hop to the event loop. Optional: without it the
     * connection is at rest once the conversation has ended.
     */
    public void ending(Conversation conversation) {
        queue.ending(conversation);
    }

    /** Fails every conversation and closes the channel. Idempotent; safe from any thread. */
    public void fail(Throwable cause) {
        dispatcher.fail(cause);
    }

    public boolean isFailed() {
        return dispatcher.isFailed();
    }

    /** Whether the channel is open and has not failed. */
    public boolean isConnected() {
        return !dispatcher.isFailed() && channel.isActive();
    }

    /** Sends Terminate and closes the channel once it is written. Idempotent. */
    public Mono<Void> close() {
        return dispatcher.close();
    }

    /** Completes when the connection has ended, closed or lost (then see {@link #lostWith()}). */
    public Mono<Void> onClose() {
        return dispatcher.onClose();
    }

    /**
     * Why the connection ended when nobody asked it to (the server closed it, it broke, socketTimeout): the
     * error its pending requests got. Null while it is open and after {@link #close()}.
     */
    public Throwable lostWith() {
        return dispatcher.lostWith();
    }

    /**
     * The server at the other end, as connection errors name it: {@code host:port} as in a host list (an IPv6
     * literal in brackets), or the Unix socket's path. With several hosts this is what tells which one failed.
     */
    public String server() {
        return dispatcher.server();
    }
}
