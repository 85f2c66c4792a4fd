package io.pgfast.transport;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslHandler;

import java.net.SocketAddress;
import java.time.Duration;
import java.util.function.Function;

/**
 * Everything the transport needs to open one channel. {@code sslHandlers} creates the TLS handler for
 * this endpoint (host name verification and SNI are its business); it is only called when TLS is tried.
 * {@code directTls} starts TLS immediately (PostgreSQL 17 {@code sslnegotiation=direct}) instead of
 * sending SSLRequest first. {@code socketTimeout} ({@link Duration#ZERO} for none) fails the connection
 * when the backend sends nothing for that long while the driver waits for it (see {@link SocketTimeout}).
 * {@code notices} logs the server's notices and error responses; {@code loopResources} (null for Reactor
 * Netty's shared ones) runs the channel. {@code gssEncryption} (null for none) asks for GSS encryption
 * before TLS.
 */
public record TransportOptions(
        SocketAddress address,
        boolean unixSocket,
        Duration connectTimeout,
        boolean tcpKeepAlive,
        boolean tcpNoDelay,
        TlsPolicy tlsPolicy,
        boolean directTls,
        Function<ByteBufAllocator, SslHandler> sslHandlers,
        int maxMessageSize,
        int pipelineLimit,
        Duration socketTimeout,
        Notices notices,
        reactor.netty.resources.LoopResources loopResources,
        GssEncryption gssEncryption) {

    /**
     * GSS encryption to ask for first (GSSENCRequest): {@code context} is the security context to set up (its
     * credentials already found, off the event loop), {@code required} whether a server's 'N' fails the
     * connection instead of going on with {@code tlsPolicy}.
     */
    public record GssEncryption(io.pgfast.gss.GssClient context, boolean required) {
    }
}
