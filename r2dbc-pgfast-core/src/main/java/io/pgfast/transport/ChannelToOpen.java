package io.pgfast.transport;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.SslHandler;

import java.net.SocketAddress;
import java.util.function.Function;

/**
 * One channel to open: where, with which TLS, and the factory's {@link TransportSettings}.
 * {@code sslHandlers} creates the TLS handler for this endpoint (host name verification and SNI are its
 * business); it is only called when TLS is tried. {@code gssEncryption} (null for none) asks for GSS
 * encryption before TLS.
 */
public record ChannelToOpen(
        SocketAddress address,
        boolean unixSocket,
        TlsPolicy tlsPolicy,
        Function<ByteBufAllocator, SslHandler> sslHandlers,
        TransportSettings settings,
        GssEncryption gssEncryption) {

    /**
     * GSS encryption to ask for first (GSSENCRequest): {@code context} is the security context to set up (its
     * credentials already found, off the event loop), {@code required} whether a server's 'N' fails the
     * connection instead of going on with {@code tlsPolicy}.
     */
    public record GssEncryption(io.pgfast.gss.GssClient context, boolean required) {
    }
}
