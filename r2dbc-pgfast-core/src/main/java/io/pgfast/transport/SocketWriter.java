package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.unix.FileDescriptor;
import io.netty.channel.unix.Socket;
import io.netty.channel.unix.UnixChannel;

import java.io.IOException;

/**
 * Writes a flush to the socket. On a native transport (epoll, kqueue), with nothing between the driver and the socket (no
 * TLS), and while the channel has nothing of its own queued, the bytes go straight to the socket with one
 * {@code send}: the system call Netty's write path ends in, without its queue entry, reference counting,
 * pending-bytes accounting and pipeline walk per statement. What the socket does not take (a full send buffer),
 * and every write on other transports, with TLS, or behind bytes the channel still queues, goes through the
 * channel as before, so the order on the wire is the order of the writes. A failed send also goes through the
 * channel, which meets the same error and handles it as for any write (exceptionCaught, close).
 *
 * <p>Event loop only: the socket is closed on the event loop too, so it is checked open just before the send
 * (a closed descriptor's number may already belong to another socket).
 */
final class SocketWriter {

    private final Channel channel;
    /** Null when every write goes through the channel. */
    private final Socket socket;
    /** Flushes sent whole with one send, for tests. */
    private long direct;

    private SocketWriter(Channel channel, Socket socket) {
        this.channel = channel;
        this.socket = socket;
    }

    /** Every write through the channel: what a channel with TLS, or not on a native transport, needs. */
    static SocketWriter throughChannel(Channel channel) {
        return new SocketWriter(channel, null);
    }

    /**
     * Straight to the socket where it can be, for a channel whose pipeline passes the driver's bytes to the
     * socket unchanged (no TLS, no other outbound handler); through the channel otherwise.
     */
    static SocketWriter direct(Channel channel) {
        if (channel instanceof UnixChannel) {
            FileDescriptor fd = ((UnixChannel) channel).fd();
            if (fd instanceof Socket) {
                return new SocketWriter(channel, (Socket) fd);
            }
        }
        return throughChannel(channel);
    }

    /**
     * Writes the readable bytes of a buffer the caller keeps: its reference is not handed over (the channel
     * takes one of its own for what it queues).
     */
    void writeKept(ByteBuf out) {
        if (!sent(out)) {
            channel.writeAndFlush(out.retain(), channel.voidPromise());
        }
    }

    /** Writes the readable bytes of {@code out} and takes over its reference. */
    void write(ByteBuf out) {
        if (sent(out)) {
            out.release();
        } else {
            // the void promise allocates nothing per write; a failed write reaches the pipeline's exceptionCaught,
            // that is BackendHandler, which fails the transport as a listener here would
            channel.writeAndFlush(out, channel.voidPromise());
        }
    }

    /** Sends what it can straight to the socket; true when nothing is left for the channel to write. */
    private boolean sent(ByteBuf out) {
        if (socket == null || !out.hasMemoryAddress() || !socket.isOpen()) {
            return false;
        }
        // flushed and unflushed bytes alike: isEmpty() counts only flushed entries
        ChannelOutboundBuffer queued = channel.unsafe().outboundBuffer();
        if (queued == null || !queued.isEmpty() || queued.totalPendingWriteBytes() != 0) {
            return false;
        }
        try {
            int n = socket.sendAddress(out.memoryAddress(), out.readerIndex(), out.writerIndex());
            out.skipBytes(n);
        } catch (IOException e) {
            // the channel's own write meets the same error and fails the connection its usual way
            return false;
        }
        if (out.isReadable()) {
            return false;
        }
        direct++;
        return true;
    }

    /** How many flushes went straight to the socket whole (event loop only; for tests). */
    long directWrites() {
        return direct;
    }
}
