package io.pgfast.transport;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslHandler;

import java.net.SocketAddress;
import java.util.function.Function;

/**
 * One channel to open: where, with which TLS, and the factory's {@link TransportSettings}.
 * {@code sslHandlers} creates the TLS handler for this endpoint (host name verification and SNI are its
 * business); it is only called when TLS is tried.
 */
public record TransportOptions(
        SocketAddress address,
        boolean unixSocket,
        TlsPolicy tlsPolicy,
        Function<ByteBufAllocator, SslHandler> sslHandlers,
        TransportSettings settings) {
}
