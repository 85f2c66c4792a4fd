package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.frontend.CancelRequest;
import reactor.core.publisher.Mono;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;
import reactor.netty.tcp.TcpClient;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.net.SocketAddress;
import java.time.Duration;

/**
 * Sends a CancelRequest (protocol 55.2.8) for one connection's backend over a new, short-lived connection
 * to the same address, and holds back further writes on the connection until the server has closed that
 * connection: by then the backend has been signalled, so the cancel cannot reach a statement written
 * later (the backend ignores a cancel that arrives while it waits for the client).
 *
 * <p>Best effort, as in libpq: a cancel that cannot be delivered is logged, never an error for the
 * user. The hold is released after at most {@link #TIMEOUT}.
 */
final class CancelRequestSender {

    private static final Logger LOG = Loggers.getLogger(CancelRequestSender.class);
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Channel channel;
    private final ServerSession session;
    private final ConversationQueue queue;
    /** The event loops the connection runs on ({@code loopResources}), null for Reactor Netty's. */
    private final LoopResources loopResources;

    CancelRequestSender(Channel channel, ServerSession session, ConversationQueue queue, LoopResources loopResources) {
        this.channel = channel;
        this.session = session;
        this.queue = queue;
        this.loopResources = loopResources;
    }

    /** Event loop of the connection only. Does nothing before the server has sent its key. */
    void send() {
        BackendKeyData key = session.backendKeyData();
        SocketAddress address = channel.remoteAddress();
        if (key == null || address == null) {
            return;
        }
        queue.holdWrites();
        TcpClient client = TcpClient.create(ConnectionProvider.newConnection())
                .remoteAddress(() -> address)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) TIMEOUT.toMillis());
        if (loopResources != null) {
            // on the event loops the application gave the connection (loopResources), not Reactor Netty's
            client = client.runOn(loopResources);
        }
        client.connect()
                .flatMap(c -> {
                    // Int32 length, Int32 code, Int32 process ID, the key (4 bytes in 3.0, up to 256 in 3.2)
                    ByteBuf buf = c.channel().alloc().ioBuffer(12 + key.secretKey().length);
                    new CancelRequest(key.processId(), key.secretKey()).encode(buf);
                    return c.outbound().send(Mono.just(buf)).then()
                            .then(c.onDispose())
                            .doFinally(s -> c.dispose());
                })
                .timeout(TIMEOUT)
                .doOnError(e -> LOG.debug("CancelRequest for backend {} not delivered: {}", key.processId(), e.toString()))
                .onErrorResume(e -> Mono.empty())
                .doFinally(s -> channel.eventLoop().execute(queue::releaseWrites))
                .subscribe();
    }
}
