package io.pgfast.transport.tls;

import java.util.ArrayList;
import java.util.List;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Runs a TLS handshake between a client and a server {@link SslHandler}, each in an
 * {@link EmbeddedChannel}, by moving the bytes each side writes to the other until both handshakes
 * are done or nothing moves any more. No sockets, no threads; every buffer is released.
 */
final class TlsHandshake implements AutoCloseable {

    /** A TLS 1.3 handshake needs three flights; anything beyond this bound is a bug in the test. */
    private static final int MAX_ROUNDS = 20;

    final SslHandler client;
    final SslHandler server;
    private final EmbeddedChannel clientChannel = new EmbeddedChannel();
    private final EmbeddedChannel serverChannel = new EmbeddedChannel();
    private final List<Throwable> pipelineErrors = new ArrayList<>();

    private TlsHandshake(SslHandler client, SslHandler server) {
        this.client = client;
        this.server = server;
    }

    static TlsHandshake run(SslHandler client, SslHandler server) {
        TlsHandshake h = new TlsHandshake(client, server);
        h.serverChannel.pipeline().addLast(server);
        h.clientChannel.pipeline().addLast(client);
        for (int i = 0; i < MAX_ROUNDS && !(client.handshakeFuture().isDone() && server.handshakeFuture().isDone()); i++) {
            boolean moved = h.move(h.clientChannel, h.serverChannel);
            moved |= h.move(h.serverChannel, h.clientChannel);
            if (!moved) {
                break;
            }
        }
        // deliver the last flight (alerts, session tickets) so neither side holds buffers
        h.move(h.clientChannel, h.serverChannel);
        h.move(h.serverChannel, h.clientChannel);
        return h;
    }

    private boolean move(EmbeddedChannel from, EmbeddedChannel to) {
        boolean moved = false;
        Object message;
        while ((message = from.readOutbound()) != null) {
            moved = true;
            if (!to.isOpen()) {
                ReferenceCountUtil.release(message);
                continue;
            }
            try {
                to.writeInbound(message);
            } catch (RuntimeException e) {
                // a failed handshake surfaces here and, with its cause, in the handshake future
                pipelineErrors.add(e);
            }
        }
        return moved;
    }

    boolean succeeded() {
        return client.handshakeFuture().isSuccess() && server.handshakeFuture().isSuccess();
    }

    /** Why the client's handshake failed, or null. */
    Throwable clientFailure() {
        return client.handshakeFuture().cause();
    }

    @Override
    public void close() {
        for (EmbeddedChannel c : List.of(clientChannel, serverChannel)) {
            try {
                c.finishAndReleaseAll();
            } catch (RuntimeException e) {
                pipelineErrors.add(e);
            }
        }
    }
}
