package io.pgfast.transport;

import java.time.Duration;

/**
 * What every channel of one connection factory is opened with: the connection options the transport
 * uses, as plain values (the transport never reads the configuration; {@code io.pgfast.connect} derives
 * this once per factory). {@code connectTimeout} bounds the TCP connect ({@link Duration#ZERO} for none);
 * {@code deadPeer} holds the keepalive and user timeout of TCP sockets;
 * {@code directTls} starts TLS at once (PostgreSQL 17 {@code sslnegotiation=direct}) instead of sending
 * SSLRequest first; {@code socketTimeout} ({@link Duration#ZERO} for none) fails the connection when the
 * backend sends nothing for that long while the driver waits for it (see {@link SocketTimeout});
 * {@code readAheadLimit} bounds the bytes of one result read ahead for statements waiting behind it (0 for
 * none); {@code notices} logs the server's notices and error responses; {@code loopResources} (null for
 * Reactor Netty's shared ones) runs the channel and its CancelRequests; {@code cancelDrainBytes} and
 * {@code cancelDrainTime} bound what an early cancel discards before it sends a CancelRequest (see
 * {@link EarlyCancel}; zero for either sends it at once).
 */
public record TransportSettings(
        Duration connectTimeout,
        DeadPeerDetection deadPeer,
        boolean tcpNoDelay,
        boolean directTls,
        int maxMessageSize,
        int pipelineLimit,
        Duration socketTimeout,
        long readAheadLimit,
        Notices notices,
        reactor.netty.resources.LoopResources loopResources,
        long cancelDrainBytes,
        Duration cancelDrainTime) {

    public TransportSettings {
        if (readAheadLimit < 0) {
            throw new IllegalArgumentException("readAheadLimit must not be negative, got " + readAheadLimit);
        }
        if (cancelDrainBytes < 0 || cancelDrainTime == null || cancelDrainTime.isNegative()) {
            throw new IllegalArgumentException("cancelDrainBytes and cancelDrainTime must not be negative");
        }
    }
}
