package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.TransactionStatus;
import io.pgfast.protocol.frontend.Terminate;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One open channel to a backend: submits conversations, routes backend messages to them, and keeps the
 * session state the backend reports (ParameterStatus, BackendKeyData, transaction status).
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
    private final Map<String, String> parameters = new ConcurrentHashMap<>();
    private final AtomicBoolean resumeScheduled = new AtomicBoolean();
    private final Sinks.Empty<Void> closed = Sinks.empty();
    private volatile BackendKeyData backendKeyData;
    private volatile TransactionStatus transactionStatus = TransactionStatus.IDLE;
    private volatile Throwable failure;
    private volatile boolean closing;
    private volatile Consumer<NotificationResponse> notificationListener;

    /** {@code socketTimeout}: null or zero for none, see {@link SocketTimeout}. */
    Transport(Channel channel, int maxMessageSize, int pipelineLimit, Duration socketTimeout) {
        this.channel = channel;
        this.eventLoop = channel.eventLoop();
        this.queue = new ConversationQueue(pipelineLimit);
        this.handler = new BackendHandler(maxMessageSize, this, queue);
        this.socketTimeout = socketTimeout == null || socketTimeout.isZero() ? null
                : new SocketTimeout(this, queue, handler, socketTimeout);
        handler.socketTimeout(this.socketTimeout);
        queue.attach(channel, this::fail);
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
            eventLoop.execute(() -> submitOnLoop(conversation));
        }
    }

    private void submitOnLoop(Conversation conversation) {
        queue.submit(conversation);
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

    void dispatch(BackendMessage message) {
        if (message instanceof ParameterStatus) {
            ParameterStatus ps = (ParameterStatus) message;
            parameters.put(ps.name(), ps.value());
            return;
        }
        if (message instanceof NotificationResponse) {
            Consumer<NotificationResponse> listener = notificationListener;
            if (listener != null) {
                listener.accept((NotificationResponse) message);
            }
            return;
        }
        if (message instanceof BackendKeyData) {
            backendKeyData = (BackendKeyData) message;
        } else if (message instanceof ReadyForQuery) {
            transactionStatus = ((ReadyForQuery) message).status();
        }
        Conversation head = queue.head();
        if (head == null) {
            onUnsolicited(message);
            return;
        }
        if (head.onMessage(message)) {
            queue.completeHead();
            if (queue.head() != null) {
                handler.resume();
            }
        }
    }

    private void onUnsolicited(BackendMessage message) {
        if (message instanceof NoticeResponse) {
            NoticeResponse n = (NoticeResponse) message;
            Notices.log(n);
        } else if (message instanceof ErrorResponse) {
            // e.g. FATAL 57P01 on an idle connection when the server shuts down
            ErrorResponse e = (ErrorResponse) message;
            fail(new R2dbcNonTransientResourceException("[" + e.code() + "] " + e.message(), e.code()));
        } else {
            ReferenceCountUtil.release(message);
            fail(new ProtocolException("unexpected " + message.getClass().getSimpleName() + " while no request was in flight"));
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
                : new R2dbcNonTransientResourceException(closing ? "connection closed" : "connection failed: " + cause.getMessage(), cause);
        failure = wrapped;
        if (!closing) {
            LOG.debug("connection failed", cause);
        }
        // what was waiting timed out; what comes later finds a closed connection, not a timeout of its own
        Throwable later = wrapped instanceof R2dbcTimeoutException
                ? new R2dbcNonTransientResourceException("connection closed: " + wrapped.getMessage(), SqlState.CONNECTION_FAILURE, wrapped) : wrapped;
        queue.close(wrapped, later);
        channel.close();
        closed.tryEmitEmpty();
    }

    void onChannelInactive() {
        fail(new R2dbcNonTransientResourceException(closing ? "connection closed" : "connection closed by the server"));
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

    public Mono<Void> onClose() {
        return closed.asMono();
    }

    public Map<String, String> parameters() {
        return parameters;
    }

    public BackendKeyData backendKeyData() {
        return backendKeyData;
    }

    public TransactionStatus transactionStatus() {
        return transactionStatus;
    }

    public void notificationListener(Consumer<NotificationResponse> listener) {
        this.notificationListener = listener;
    }
}
