package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import io.netty.channel.unix.DomainSocketAddress;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.SqlState;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.frontend.Terminate;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where each backend message of one connection goes, decided by its type in one switch, and how the connection
 * ends. What a message says about the session is recorded in the {@link ServerSession}: a ParameterStatus or a
 * NotificationResponse goes no further; a BackendKeyData, ReadyForQuery or NoticeResponse goes on. Then the
 * conversation at the head of the {@link ConversationQueue} receives it, and once that conversation has had its last
 * ReadyForQuery the next one is the head. An ErrorResponse is logged as it arrives. A message that no conversation
 * awaits fails the connection, but for a notice, which is logged.
 *
 * <p>It also keeps the connection's end: its failure, which fails every conversation ({@link #fail}), the
 * Terminate of an orderly {@link #close}, and the action that waits for the connection to settle
 * ({@link #whenSettled}).
 *
 * <p>Confined to the channel's event loop, but for the reads of the failure and of {@link #isAtRest}, and
 * {@link #fail} and {@link #close}, which go to the event loop themselves.
 */
final class Dispatcher {

    private static final Logger LOG = Loggers.getLogger(Dispatcher.class);

    private final Channel channel;
    private final EventLoop eventLoop;
    private final ConversationQueue queue;
    private final ServerSession session;
    private final EarlyCancel earlyCancel;
    /** Where notices and error responses are logged, at the levels the configuration names. */
    private final Notices notices;
    /** The server as messages name it (see {@link #server()}). */
    private final String server;
    private final Sinks.Empty<Void> closed = Sinks.empty();
    private volatile Throwable failure;
    /** The failure, when the connection ended without {@link #close()} having been asked for. */
    private volatile Throwable lost;
    private volatile boolean closing;
    /** What waits for the connection to settle ({@link #whenSettled}); event loop only. */
    private Runnable settled;
    /** The conversation a ReadyForQuery is being handed to, while it is (event loop only; see {@link #isAtRest()}). */
    private Conversation answered;

    Dispatcher(Channel channel, ConversationQueue queue, ServerSession session, EarlyCancel earlyCancel, Notices notices) {
        this.channel = channel;
        this.eventLoop = channel.eventLoop();
        this.queue = queue;
        this.session = session;
        this.earlyCancel = earlyCancel;
        this.notices = notices;
        this.server = describe(channel.remoteAddress());
    }

    /** Hands {@code message}, of type {@code type}, to the session and to the conversation it answers. */
    void dispatch(BackendMessageType type, BackendMessage message) {
        switch (type) {
            case PARAMETER_STATUS:
                session.parameterStatus((ParameterStatus) message);
                return;
            case NOTIFICATION_RESPONSE:
                session.notification((NotificationResponse) message);
                return;
            case BACKEND_KEY_DATA:
                session.backendKeyData((BackendKeyData) message);
                break;
            case READY_FOR_QUERY:
                session.readyForQuery((ReadyForQuery) message);
                break;
            case NOTICE_RESPONSE:
                session.notice((NoticeResponse) message);
                break;
            case ERROR_RESPONSE:
                notices.log((ErrorResponse) message);
                if (session.isStarted() && isFatal((ErrorResponse) message)) {
                    message = fromThisServer((ErrorResponse) message);
                }
                break;
            default:
                break;
        }
        Conversation head = queue.head();
        if (head == null) {
            onUnsolicited(type, message);
            return;
        }
        boolean readyForQuery = type == BackendMessageType.READY_FOR_QUERY;
        if (readyForQuery) {
            answered = head;
        }
        if (head.onMessage(message)) {
            earlyCancel.ended(head);
            queue.completeHead();
            if (queue.head() != null) {
                // the handler is reading: it hands the new head what it has received, as it goes on
                earlyCancel.headChanged(queue.head(), true);
            } else {
                settle();
            }
        }
        if (readyForQuery) {
            answered = null;
        }
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
        fields.put(ErrorDetails.MESSAGE, e.message() + " (server " + server + ")");
        return new ErrorResponse(fields);
    }

    // --- settling ---

    /**
     * Whether nothing is pending or running: nothing queued and nothing in flight, but for a head that is ending its
     * publishers ({@link ConversationQueue#ending}) and, on the event loop, for the conversation being handed its
     * ReadyForQuery. From another thread, as of the event loop's last change.
     */
    boolean isAtRest() {
        int size = queue.size();
        if (size == 0) {
            return true;
        }
        // the head being answered; when it is ending it is not counted, so the one counted waits behind it
        return size == 1 && eventLoop.inEventLoop() && !queue.isHeadEnding() && answered != null && queue.head() == answered;
    }

    /**
     * Runs {@code action} once the connection has settled: at rest, failed, or reading held back for a consumer's
     * demand ({@code readingHeldBack} says whether it is now); at once when it has. One action at a time; event loop
     * only.
     *
     * @throws IllegalStateException if an action is waiting already
     */
    void whenSettled(Runnable action, boolean readingHeldBack) {
        if (settled != null) {
            throw new IllegalStateException("an action already waits for this connection to settle");
        }
        settled = action;
        if (isAtRest() || failure != null || readingHeldBack) {
            settle();
        }
    }

    /**
     * Reading waits for the head's consumer: what waits for the connection to settle runs, after this dispatch (it may
     * submit a request behind the head, which must find the handler able to resume; event loop only).
     */
    void readingHeldBack() {
        if (settled != null) {
            eventLoop.execute(this::settle);
        }
    }

    /** The connection has settled ({@link #whenSettled}): runs what waited for it, once (event loop only). */
    private void settle() {
        Runnable action = settled;
        if (action != null) {
            settled = null;
            action.run();
        }
    }

    // --- the end ---

    /** Fails every conversation and closes the channel. Idempotent; safe from any thread. */
    void fail(Throwable cause) {
        if (!eventLoop.inEventLoop()) {
            eventLoop.execute(() -> fail(cause));
            return;
        }
        if (failure != null) {
            return;
        }
        String lastWords = session.lastWords();
        Throwable wrapped = cause instanceof R2dbcNonTransientResourceException || cause instanceof R2dbcTimeoutException ? cause
                : new R2dbcNonTransientResourceException(closing ? "connection to " + server + " closed"
                        : "connection to " + server + " failed: " + cause.getMessage()
                        + (lastWords == null ? "" : " (the server had said: " + lastWords + ")"), cause);
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

    /**
     * The channel is closed: unless the driver closed it, the server did, and {@code unreadLastWords} is the reason a
     * FATAL error gave that was not read yet (or null), for when the server said nothing before.
     */
    void channelInactive(String unreadLastWords) {
        String words = session.lastWords();
        if (words == null && !closing) {
            words = unreadLastWords;
        }
        fail(new R2dbcNonTransientResourceException(closing ? "connection to " + server + " closed"
                : "connection to " + server + " closed by the server" + (words == null ? "" : ": " + words)));
    }

    boolean isFailed() {
        return failure != null;
    }

    /** Whether the driver is closing the connection, or did. */
    boolean isClosing() {
        return closing;
    }

    /** Sends Terminate and closes the channel once it is written. Idempotent. */
    Mono<Void> close() {
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

    /** Completes when the connection has ended, closed or lost. */
    Mono<Void> onClose() {
        return closed.asMono();
    }

    /** The failure when the connection ended without {@link #close()} having been asked for, else null. */
    Throwable lostWith() {
        return lost;
    }

    /** The server at the other end, as connection errors name it: {@code host:port}, or the Unix socket's path. */
    String server() {
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
}
