package io.pgfast.reliability;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An in-process TCP proxy on the loopback interface between the driver and a test server, which
 * injects a {@link Fault} into the next connection it accepts (later connections, such as a
 * CancelRequest's, pass unharmed unless armed again). It can also drop every connection and refuse new
 * ones for a while, as a restarting server does.
 *
 * <p>Plain blocking java.nio: one accepting thread, two pumping threads per connection. Positions
 * count the bytes of one direction of one connection from its first byte (TLS records included), so
 * a fault lands at the same place of the same exchange each time.
 */
final class FaultProxy implements AutoCloseable {

    private final InetSocketAddress target;
    private final ServerSocketChannel listener;
    private final Thread acceptor;
    private final AtomicReference<Fault> next = new AtomicReference<>(Fault.NONE);
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final List<Link> history = new CopyOnWriteArrayList<>();
    private volatile long refuseUntilNanos;
    private volatile boolean refusing;
    private final AtomicLong bytesToServer = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private volatile boolean closed;
    private volatile boolean recording;

    private FaultProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = ServerSocketChannel.open();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        this.acceptor = new Thread(this::acceptLoop, "fault-proxy-accept-" + port());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A proxy to {@code host:port} (the test server), listening on 127.0.0.1 at an ephemeral port. */
    static FaultProxy to(String host, int port) {
        try {
            return new FaultProxy(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new IllegalStateException("cannot open the fault proxy: " + e, e);
        }
    }

    int port() {
        return listener.socket().getLocalPort();
    }

    /** Keeps a copy of every byte that later connections send toward the server ({@link Link#sentToServer()}). */
    void record() {
        recording = true;
    }

    /** Every connection accepted so far, in order. */
    List<Link> links() {
        return List.copyOf(history);
    }

    /** The fault for the next accepted connection (then none again). */
    void faultNext(Fault fault) {
        next.set(fault);
    }

    /** The connection accepted most recently, or null. */
    Link lastLink() {
        return history.isEmpty() ? null : history.get(history.size() - 1);
    }

    long bytesToServer() {
        return bytesToServer.get();
    }

    long bytesToClient() {
        return bytesToClient.get();
    }

    long accepted() {
        return accepted.get();
    }

    long refused() {
        return refused.get();
    }

    /** Resets every open connection, as a server that goes down does. */
    void dropAll() {
        for (Link link : links) {
            link.close(true);
        }
    }

    /** Resets every connection accepted during the next {@code duration}, as a server that is down does. */
    void refuseFor(Duration duration) {
        refuseUntilNanos = System.nanoTime() + duration.toNanos();
        refusing = true;
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        dropAll();
        try {
            acceptor.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            SocketChannel client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return;
            }
            if (refusing && System.nanoTime() - refuseUntilNanos < 0) {
                refused.incrementAndGet();
                reset(client);
                continue;
            }
            accepted.incrementAndGet();
            Fault fault = next.getAndSet(Fault.NONE);
            try {
                SocketChannel server = SocketChannel.open(target);
                Link link = new Link(client, server, fault);
                links.add(link);
                history.add(link);
                link.start();
            } catch (IOException e) {
                reset(client);
            }
        }
    }

    private static void reset(SocketChannel channel) {
        try {
            channel.setOption(StandardSocketOptions.SO_LINGER, 0);
            channel.close();
        } catch (IOException ignored) {
            // it is gone either way
        }
    }

    /** One proxied connection: the client's socket, the server's, and the fault applied to them. */
    final class Link {
        private final SocketChannel client;
        private final SocketChannel server;
        private final Fault fault;
        private final AtomicLong toServer = new AtomicLong();
        private final AtomicLong toClient = new AtomicLong();
        private final AtomicBoolean triggered = new AtomicBoolean();
        private final AtomicBoolean down = new AtomicBoolean();
        private final AtomicLong ended = new AtomicLong();
        private final java.io.ByteArrayOutputStream sent = recording ? new java.io.ByteArrayOutputStream() : null;

        Link(SocketChannel client, SocketChannel server, Fault fault) throws IOException {
            this.client = client;
            this.server = server;
            this.fault = fault;
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            server.setOption(StandardSocketOptions.TCP_NODELAY, true);
        }

        void start() {
            thread(Fault.Direction.TO_SERVER, client, server, toServer).start();
            thread(Fault.Direction.TO_CLIENT, server, client, toClient).start();
        }

        private Thread thread(Fault.Direction direction, SocketChannel from, SocketChannel to, AtomicLong count) {
            Thread t = new Thread(() -> pump(direction, from, to, count), "fault-proxy-" + port() + "-" + direction.name().toLowerCase());
            t.setDaemon(true);
            return t;
        }

        /** Bytes forwarded so far toward the server. */
        long toServer() {
            return toServer.get();
        }

        /** Bytes forwarded so far toward the client. */
        long toClient() {
            return toClient.get();
        }

        /** The bytes forwarded toward the server, when the proxy was {@link #record() recording}. */
        byte[] sentToServer() {
            if (sent == null) {
                throw new IllegalStateException("the proxy was not recording when this connection was accepted");
            }
            synchronized (sent) {
                return sent.toByteArray();
            }
        }

        /** Whether the fault was applied (its position was reached). */
        boolean triggered() {
            return triggered.get();
        }

        void close(boolean reset) {
            if (!down.compareAndSet(false, true)) {
                return;
            }
            links.remove(this);
            for (SocketChannel channel : new SocketChannel[] {client, server}) {
                try {
                    if (reset) {
                        channel.setOption(StandardSocketOptions.SO_LINGER, 0);
                    }
                    channel.close();
                } catch (IOException ignored) {
                    // already closed
                }
            }
        }

        private void pump(Fault.Direction direction, SocketChannel from, SocketChannel to, AtomicLong count) {
            boolean faulty = fault.applies(direction);
            ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
            boolean stalled = false;
            try {
                while (true) {
                    buffer.clear();
                    int n = from.read(buffer);
                    if (n < 0) {
                        if (!stalled) {
                            // half-close: the other direction may still be sending
                            to.shutdownOutput();
                        }
                        if (ended.incrementAndGet() == 2) {
                            close(false);
                        }
                        return;
                    }
                    buffer.flip();
                    if (stalled) {
                        continue;
                    }
                    if (!faulty) {
                        write(to, buffer, count, false);
                        continue;
                    }
                    long start = count.get();
                    switch (fault.kind) {
                        case CLOSE:
                        case RESET:
                        case STALL:
                        case PAUSE:
                            if (start + n > fault.position && !triggered.get()) {
                                int before = (int) Math.max(0, fault.position - start);
                                buffer.limit(before);
                                write(to, buffer, count, false);
                                buffer.limit(n);
                                triggered.set(true);
                                if (fault.kind == Fault.Kind.STALL) {
                                    stalled = true;
                                    continue;
                                }
                                if (fault.kind != Fault.Kind.PAUSE) {
                                    close(fault.kind == Fault.Kind.RESET);
                                    return;
                                }
                                Thread.sleep(fault.duration.toMillis());
                            }
                            write(to, buffer, count, false);
                            break;
                        case DELAY:
                            triggered.set(true);
                            Thread.sleep(fault.duration.toMillis());
                            write(to, buffer, count, false);
                            break;
                        case FRAGMENT:
                            triggered.set(true);
                            write(to, buffer, count, true);
                            break;
                        case CORRUPT:
                            if (fault.position >= start && fault.position < start + n) {
                                int at = (int) (fault.position - start);
                                buffer.put(at, (byte) ~buffer.get(at));
                                triggered.set(true);
                            }
                            write(to, buffer, count, false);
                            break;
                        default:
                            write(to, buffer, count, false);
                    }
                }
            } catch (IOException e) {
                close(false);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close(true);
            }
        }

        /**
         * Counts the bytes before writing them: whoever has received them must find them counted (a count
         * taken after the write lags behind the client, and calibrations read right after a reply would
         * then place a fault too early, on a loaded machine only).
         */
        private void write(SocketChannel to, ByteBuffer buffer, AtomicLong count, boolean byteByByte) throws IOException {
            int bytes = buffer.remaining();
            count.addAndGet(bytes);
            (to == server ? bytesToServer : bytesToClient).addAndGet(bytes);
            if (byteByByte) {
                int limit = buffer.limit();
                while (buffer.position() < limit) {
                    buffer.limit(buffer.position() + 1);
                    while (buffer.hasRemaining()) {
                        to.write(buffer);
                    }
                    buffer.limit(limit);
                }
            } else {
                while (buffer.hasRemaining()) {
                    to.write(buffer);
                }
            }
            if (to == server && sent != null) {
                synchronized (sent) {
                    sent.write(buffer.array(), buffer.position() - bytes, bytes);
                }
            }
        }
    }
}
