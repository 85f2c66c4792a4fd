package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelOutboundHandler;
import io.netty.channel.EventLoop;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.backend.ErrorFields;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.frontend.Terminate;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One open channel to a backend: submits conversations, routes backend messages to them, and keeps the
 * session state the backend reports in its {@link ServerSession}.
 *
 * <p>All routing happens on the channel's event loop; {@link #submit} and {@link #resumeReading} may be
 * called from any thread.
 */
public final class Transport {

    private static final Logger LOG = Loggers.getLogger(Transport.class);

    private final Channel channel;
    private final EventLoop eventLoop;
    private final ConversationQueue queue;
    private final BackendHandler handler;
    /** Null when socketTimeout is off: then nothing of it runs. */
    private final SocketTimeout socketTimeout;
    /** What an early cancel does: discard, and cancel past the bounds (see {@link #cancelEarly}). */
    private final EarlyCancel earlyCancel;
    private final ServerSession session = new ServerSession();
    private final AtomicBoolean resumeScheduled = new AtomicBoolean();
    /** Conversations submitted from other threads, on their way to the event loop. */
    private final Submissions submissions = new Submissions(this);
    private final Sinks.Empty<Void> closed = Sinks.empty();
    private volatile Throwable failure;
    /** The failure, when the connection ended without {@link #close()} having been asked for. */
    private volatile Throwable lost;
    private volatile boolean closing;
    /** {@code readAheadLimit}: bytes of one result's rows that may be read ahead for statements waiting behind it. */
    private final long readAheadLimit;
    /** The server as messages name it (see {@link #server()}). */
    private final String server;
    /** What waits for the connection to settle ({@link #whenSettled}); event loop only. */
    private Runnable settled;
    /** The conversation a ReadyForQuery is being handed to, while it is (event loop only; see {@link #isAtRest()}). */
    private Conversation answered;
    /** The event loops the connection runs on ({@code loopResources}), null for Reactor Netty's: CancelRequests use them too. */
    private final reactor.netty.resources.LoopResources loopResources;

    /** Where notices and error responses are logged, at the levels the configuration names. */
    private final Notices notices;

    /**
     * A channel with no read-ahead, default notices, Reactor Netty's loops and an early cancel that cancels at once;
     * {@code socketTimeout} null or zero for none.
     */
    Transport(Channel channel, int maxMessageSize, int pipelineLimit, Duration socketTimeout) {
        this(channel, new TransportSettings(Duration.ZERO, DeadPeerDetection.OFF, true, false, maxMessageSize, pipelineLimit,
                socketTimeout == null ? Duration.ZERO : socketTimeout, 0, Notices.DEFAULT, null,
                0, Duration.ZERO));
    }

    Transport(Channel channel, TransportSettings settings) {
        this.notices = settings.notices();
        this.readAheadLimit = settings.readAheadLimit();
        this.loopResources = settings.loopResources();
        int maxMessageSize = settings.maxMessageSize();
        int pipelineLimit = settings.pipelineLimit();
        Duration socketTimeout = settings.socketTimeout();
        this.channel = channel;
        this.eventLoop = channel.eventLoop();
        this.server = describe(channel.remoteAddress());
        this.queue = new ConversationQueue(pipelineLimit);
        this.handler = new BackendHandler(maxMessageSize, this, queue);
        this.socketTimeout = socketTimeout == null || socketTimeout.isZero() ? null
                : new SocketTimeout(this, queue, handler, socketTimeout);
        handler.socketTimeout(this.socketTimeout);
        this.earlyCancel = new EarlyCancel(this, queue, settings.cancelDrainBytes(), settings.cancelDrainTime());
        if (this.socketTimeout != null) {
            queue.afterHeldFlush(this.socketTimeout::update);
        }
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

    public Channel channel() {
        return channel;
    }

    /** Queues a conversation; it is written as soon as the pipeline allows. Safe from any thread. */
    public void submit(Conversation conversation) {
        if (eventLoop.inEventLoop()) {
            submitOnLoop(conversation);
        } else {
            submissions.add(conversation);
        }
    }

    void submitOnLoop(Conversation conversation) {
        queue.submit(conversation);
        if (handler.isStalled() && queue.head() != conversation) {
            // reading waits for the head's consumer, and now a conversation waits behind it: the head may have
            // to read ahead (or the waiter fail) so that nothing waits for ever (see Conversation#readAhead)
            handler.resume();
        }
        watchTimeout();
    }

    /** Writes more messages of the conversation in flight (event loop only). */
    public void writeMore(ByteBuf out) {
        queue.writeMore(out);
        watchTimeout();
    }

    /** After a write or a change of the head conversation: the driver may now wait for the backend. */
    private void watchTimeout() {
        if (socketTimeout != null) {
            socketTimeout.update();
        }
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

    /** The event loops this connection was opened on, or null for Reactor Netty's own. */
    reactor.netty.resources.LoopResources loopResources() {
        return loopResources;
    }

    /** How many bytes of one result's rows may be read ahead for statements waiting behind it. */
    public long readAheadLimit() {
        return readAheadLimit;
    }

    /** The head conversation can read no further ahead: fail what waits behind it (event loop only). */
    int failWaitersBehindHead() {
        return queue.failWaitersBehindHead(new R2dbcNonTransientResourceException("this statement was issued on a connection "
                + "whose earlier result is not being read (its subscriber asks for no more rows), and its answer can only "
                + "arrive after that result; reading the earlier result ahead into memory reached readAheadLimit ("
                + readAheadLimit + " bytes). Read the earlier result to its end before issuing this statement, run this "
                + "statement on another connection, or raise readAheadLimit. A statement already sent to the server "
                + "still runs there; only its results are discarded.", SqlState.INSUFFICIENT_RESOURCES));
    }

    /**
     * The consumer of {@code c}'s answer gave up while the statement may still run (event loop only): the rest of the
     * answer is discarded as it arrives, and a CancelRequest goes out only if the statement still runs past
     * {@code cancelDrainBytes} or {@code cancelDrainTime} (see {@link EarlyCancel}). Returns false, doing nothing, when
     * a cancel could reach another statement (one was written after {@code c}): the answer is then only discarded. A
     * conversation that sees true may receive the server's 57014 (query_canceled) for its statement.
     */
    public boolean cancelEarly(Conversation c) {
        return earlyCancel.start(c, handler.isDraining());
    }

    /** The handler stepped over a DataRow of {@code bytes} for the head conversation, which discards its rows. */
    void discarded(Conversation head, int bytes) {
        earlyCancel.discarded(head, bytes);
    }

    /** The handler has handed over all it received and waits for the socket (or for a consumer's demand). */
    void awaitingBytes() {
        earlyCancel.awaitingBytes();
    }

    /** Whether nothing was written after {@code c} (event loop only). */
    public boolean isLastWritten(Conversation c) {
        return queue.isLastWritten(c);
    }

    public void holdWrites() {
        queue.holdWrites();
    }

    public void releaseWrites() {
        queue.releaseWrites();
        watchTimeout();
    }

    public EventLoop eventLoop() {
        return eventLoop;
    }

    /** This connection's log of notices and error responses. */
    public Notices notices() {
        return notices;
    }

    void dispatch(BackendMessageType type, BackendMessage message) {
        if (session.report(type, message)) {
            return;
        }
        if (type == BackendMessageType.ERROR_RESPONSE) {
            notices.log((ErrorResponse) message);
            if (session.isStarted() && isFatal((ErrorResponse) message)) {
                message = fromThisServer((ErrorResponse) message);
            }
        }
        boolean readyForQuery = type == BackendMessageType.READY_FOR_QUERY;
        Conversation head = queue.head();
        if (head == null) {
            onUnsolicited(type, message);
            return;
        }
        if (readyForQuery) {
            answered = head;
        }
        if (head.onMessage(message)) {
            earlyCancel.ended(head);
            queue.completeHead();
            if (queue.head() != null) {
                earlyCancel.headChanged(queue.head(), true);
                handler.resume();
            } else {
                settle();
            }
        }
        if (readyForQuery) {
            answered = null;
        }
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
        int size = queue.size();
        if (size == 0) {
            return true;
        }
        // the head being answered; when it is ending it is not counted, so the one counted waits behind it
        return size == 1 && eventLoop.inEventLoop() && !queue.isHeadEnding() && answered != null && queue.head() == answered;
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
        if (settled != null) {
            throw new IllegalStateException("an action already waits for this connection to settle");
        }
        settled = action;
        if (isAtRest() || failure != null || handler.isStalled()) {
            settle();
        }
    }

    /**
     * Reading waits for the head's consumer: what waits for the connection to settle runs, after this dispatch (it may
     * submit a request behind the head, which must find the handler able to resume; event loop only).
     */
    void stalled() {
        if (settled != null) {
            eventLoop.execute(this::settle);
        }
    }

    /** The connection has settled ({@link #whenSettled}): runs what waited for it, once (event loop only). */
    void settle() {
        Runnable action = settled;
        if (action != null) {
            settled = null;
            action.run();
        }
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

    private void onUnsolicited(BackendMessageType type, BackendMessage message) {
        if (type == BackendMessageType.NOTICE_RESPONSE) {
            notices.log((NoticeResponse) message);
        } else if (type == BackendMessageType.ERROR_RESPONSE) {
            // e.g. FATAL 57P01 on an idle connection when the server shuts down (its message names the server)
            ErrorResponse e = (ErrorResponse) message;
            fail(new R2dbcNonTransientResourceException("[" + e.code() + "] " + e.message(), e.code()));
        } else {
            ReferenceCountUtil.release(message);
            fail(new ProtocolException("unexpected " + type + " while no request was in flight"));
        }
    }

    /** Fails every conversation and closes the channel. Idempotent; safe from any thread. */
    public void fail(Throwable cause) {
        if (!eventLoop.inEventLoop()) {
            eventLoop.execute(() -> fail(cause));
            return;
        }
        if (failure != null) {
            return;
        }
        Throwable wrapped = cause instanceof R2dbcNonTransientResourceException || cause instanceof R2dbcTimeoutException ? cause
                : new R2dbcNonTransientResourceException(closing ? "connection to " + server + " closed"
                        : "connection to " + server + " failed: " + cause.getMessage()
                        + (session.lastWords() == null ? "" : " (the server had said: " + session.lastWords() + ")"), cause);
        failure = wrapped;
        if (!closing) {
            lost = wrapped;
            LOG.debug("connection failed", cause);
        }
        // what was waiting timed out; what comes later finds a closed connection, not a timeout of its own
        Throwable later = wrapped instanceof R2dbcTimeoutException
                ? new R2dbcNonTransientResourceException("connection closed: " + wrapped.getMessage(), SqlState.CONNECTION_FAILURE, wrapped) : wrapped;
        earlyCancel.closed();
        queue.close(wrapped, later, new LostOutcome(server, session.transactionStatus()));
        channel.close();
        closed.tryEmitEmpty();
        settle();
    }

    void onChannelInactive() {
        String words = session.lastWords();
        if (words == null && !closing) {
            words = handler.unreadLastWords();
        }
        fail(new R2dbcNonTransientResourceException(closing ? "connection to " + server + " closed"
                : "connection to " + server + " closed by the server" + (words == null ? "" : ": " + words)));
    }

    /**
     * The server at the other end, as connection errors name it: {@code host:port} as in a host list (an IPv6
     * literal in brackets), or the Unix socket's path. With several hosts this is what tells which one failed.
     */
    public String server() {
        return server;
    }

    static String describe(SocketAddress address) {
        if (address instanceof InetSocketAddress) {
            InetSocketAddress inet = (InetSocketAddress) address;
            String host = inet.getHostString();
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + inet.getPort();
        }
        if (address instanceof DomainSocketAddress) {
            return ((DomainSocketAddress) address).path();
        }
        return address == null ? "the server" : address.toString();
    }

    /** FATAL and PANIC end the session: the server closes the connection next (protocol docs, "Termination"). */
    private static boolean isFatal(ErrorResponse e) {
        return "FATAL".equals(e.severity()) || "PANIC".equals(e.severity());
    }

    /**
     * A FATAL error after the startup ends the connection, and the statement that receives it is the one whose
     * message the application sees: the server's message gets the server's name, so that with several hosts
     * the message tells which one went away ("terminating connection due to administrator command (server
     * 127.0.0.1:5433)"). The other fields stay as sent.
     */
    private ErrorResponse fromThisServer(ErrorResponse e) {
        Map<Character, String> fields = new LinkedHashMap<>(e.fields());
        fields.put(ErrorFields.MESSAGE, e.message() + " (server " + server + ")");
        return new ErrorResponse(fields);
    }

    public boolean isFailed() {
        return failure != null;
    }

    /** Whether the channel is open and has not failed. */
    public boolean isConnected() {
        return failure == null && channel.isActive();
    }

    /** Sends Terminate and closes the channel once it is written. Idempotent. */
    public Mono<Void> close() {
        return Mono.defer(() -> {
            if (!closing && failure == null) {
                closing = true;
                eventLoop.execute(() -> {
                    if (failure != null) {
                        return;
                    }
                    ByteBuf buf = channel.alloc().ioBuffer(5);
                    Terminate.INSTANCE.encode(buf);
                    channel.writeAndFlush(buf).addListener(ChannelFutureListener.CLOSE);
                });
            }
            closing = true;
            return closed.asMono();
        });
    }

    /** Completes when the connection has ended, closed or lost (then see {@link #lostWith()}). */
    public Mono<Void> onClose() {
        return closed.asMono();
    }

    /**
     * Why the connection ended when nobody asked it to (the server closed it, it broke, socketTimeout): the
     * error its pending requests got. Null while it is open and after {@link #close()}.
     */
    public Throwable lostWith() {
        return lost;
    }

    /** What the backend reports about its session. */
    public ServerSession session() {
        return session;
    }
}
