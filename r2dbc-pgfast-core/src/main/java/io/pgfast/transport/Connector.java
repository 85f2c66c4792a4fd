package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.util.concurrent.Promise;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import reactor.core.publisher.Mono;
import reactor.netty.Connection;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.tcp.TcpClient;

import java.net.ConnectException;

/**
 * Opens one channel with Reactor Netty (TCP or a Unix domain socket, the native transport where
 * available), negotiates GSS encryption and TLS as asked, and installs the {@link BackendHandler}. Authentication is not
 * here: it is the startup flow's conversation on the returned transport.
 *
 * <p>Cancelling the returned Mono closes whatever was opened.
 */
public final class Connector {

    private Connector() {
    }

    /** Opens a transport; the Mono emits once TLS (if any) is established. */
    public static Mono<Transport> connect(ChannelToOpen toOpen) {
        // a channel per subscription, and a ReceiveBuffer per channel
        return Mono.defer(() -> connectOnce(toOpen));
    }

    private static Mono<Transport> connectOnce(ChannelToOpen toOpen) {
        // it keeps this channel's read buffer, given back when the channel closes
        ReceiveBuffer receiveBuffer = new ReceiveBuffer();
        TcpClient client = TcpClient.create(ConnectionProvider.newConnection())
                .remoteAddress(toOpen::address)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, toOpen.settings().connectTimeout().toMillis()))
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.RCVBUF_ALLOCATOR, receiveBuffer);
        if (toOpen.settings().loopResources() != null) {
            client = client.runOn(toOpen.settings().loopResources());
        }
        DeadPeerDetection deadPeer = toOpen.settings().deadPeer();
        if (!toOpen.unixSocket()) {
            client = client.option(ChannelOption.TCP_NODELAY, toOpen.settings().tcpNoDelay())
                    // on the channel itself: which options it takes depends on its transport (epoll, NIO)
                    .doOnChannelInit((observer, channel, address) -> deadPeer.apply(channel));
        } else {
            deadPeer.unixSocket(String.valueOf(toOpen.address()));
        }
        return client.connect()
                .onErrorMap(e -> !(e instanceof R2dbcNonTransientResourceException),
                        e -> new R2dbcNonTransientResourceException(CANNOT_CONNECT + toOpen.address() + ": " + describe(e), SqlState.SQLCLIENT_UNABLE_TO_ESTABLISH_SQLCONNECTION, e))
                .flatMap(connection -> {
                    // the close future's listeners run on the channel's event loop, as the reads do
                    connection.channel().closeFuture().addListener(f -> receiveBuffer.release());
                    return negotiateEncryption(connection, toOpen)
                            .doOnCancel(connection::dispose)
                            .onErrorResume(e -> {
                                connection.dispose();
                                return Mono.error(e);
                            });
                });
    }

    /** Whether {@code e} says the TCP connection itself could not be made (the next address may work). */
    public static boolean isConnectFailure(Throwable e) {
        return e instanceof R2dbcNonTransientResourceException && e.getMessage() != null && e.getMessage().startsWith(CANNOT_CONNECT);
    }

    private static final String CANNOT_CONNECT = "cannot connect to ";

    private static String describe(Throwable e) {
        if (e instanceof ConnectException && e.getMessage() != null) {
            return e.getMessage();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /**
     * GSS encryption first when asked for (libpq's order): when the server takes it, TLS is not negotiated;
     * when it declines, TLS is negotiated on the same connection as {@code sslMode} says.
     */
    private static Mono<Transport> negotiateEncryption(Connection connection, ChannelToOpen toOpen) {
        Channel channel = connection.channel();
        Transport transport = new Transport(channel, toOpen.settings());
        ChannelToOpen.GssEncryption gss = toOpen.gssEncryption();
        if (gss == null || toOpen.unixSocket()) {
            if (gss != null) {
                gss.context().dispose();
            }
            return negotiateTls(connection, toOpen, transport);
        }
        Promise<Boolean> done = channel.eventLoop().newPromise();
        connection.addHandlerLast("pgfast-gss-negotiation", new GssEncNegotiationHandler(gss.context(), gss.required(), done));
        return await(done).flatMap(encrypted -> {
            if (encrypted) {
                transport.session().markGssEncrypted();
                install(connection, transport);
                return Mono.just(transport);
            }
            return negotiateTls(connection, toOpen, transport);
        });
    }

    private static Mono<Transport> negotiateTls(Connection connection, ChannelToOpen toOpen, Transport transport) {
        Channel channel = connection.channel();
        if (toOpen.tlsPolicy() == TlsPolicy.DISABLED || toOpen.unixSocket()) {
            install(connection, transport);
            return Mono.just(transport);
        }
        Promise<Boolean> done = channel.eventLoop().newPromise();
        SslNegotiationHandler negotiation = new SslNegotiationHandler(toOpen.tlsPolicy() == TlsPolicy.REQUIRED,
                toOpen.settings().directTls(), toOpen.sslHandlers(), done);
        connection.addHandlerLast("pgfast-ssl-negotiation", negotiation);
        return await(done).map(tls -> {
            install(connection, transport);
            return transport;
        });
    }

    /** The outcome of a negotiation handler; cancelling fails it, so the handler stops. */
    private static Mono<Boolean> await(Promise<Boolean> done) {
        return Mono.create(sink -> {
            done.addListener(f -> {
                if (f.isSuccess()) {
                    sink.success(done.getNow());
                } else {
                    sink.error(f.cause());
                }
            });
            sink.onCancel(() -> done.tryFailure(new IllegalStateException("cancelled")));
        });
    }

    private static void install(Connection connection, Transport transport) {
        connection.addHandlerLast("pgfast-backend", transport.handler());
        transport.pipelineComplete();
        // says "closed by the server" unless we were closing it ourselves
        connection.onDispose(transport::onChannelInactive);
    }
}
