package io.pgfast.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;
import jdk.net.ExtendedSocketOptions;
import reactor.util.Logger;
import reactor.util.Loggers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How the kernel finds a server that vanished without closing the connection (a failover, a moved address, a NAT
 * that forgot the flow: packets are dropped and no reset ever comes), libpq's {@code keepalives*} and
 * {@code tcp_user_timeout}:
 * <ul>
 * <li>{@code keepAlive} ({@code SO_KEEPALIVE}): a connection silent for {@code idle} is probed every
 *     {@code interval}; {@code count} unanswered probes drop it. A live server's kernel answers the probes whatever
 *     the server process does, so a long statement is never ended by them.</li>
 * <li>{@code userTimeout} ({@code TCP_USER_TIMEOUT}, {@link Duration#ZERO} for the system's): data sent and not
 *     acknowledged for that long drops the connection. Linux also applies it to keepalive: unanswered probes drop the
 *     connection once this long has passed since the last data received, whatever {@code count} says (tcp(7)).</li>
 * </ul>
 * A dropped connection makes the next socket read fail ({@code ETIMEDOUT}), which fails the transport and whatever
 * was waiting on it.
 *
 * <p>Set on the native epoll transport with Netty's epoll options, on NIO with {@code jdk.net.ExtendedSocketOptions}
 * where the platform has them (JDK 17 has the keepalive times on Linux and macOS, and no user timeout); what cannot
 * be set on a channel, and everything on a Unix-domain socket, is logged once per JVM and kind of channel, at the
 * first connection that meets it.
 */
public record DeadPeerDetection(boolean keepAlive, Duration idle, Duration interval, int count, Duration userTimeout) {

    /** Nothing set: the system's defaults (for transports made in tests). */
    public static final DeadPeerDetection OFF = new DeadPeerDetection(false, Duration.ofSeconds(1), Duration.ofSeconds(1), 1, Duration.ZERO);

    private static final Logger LOG = Loggers.getLogger(DeadPeerDetection.class);
    /** The messages logged already: each once per JVM. */
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    public DeadPeerDetection {
        if (idle.getSeconds() < 1 || interval.getSeconds() < 1 || count < 1 || userTimeout.isNegative()) {
            throw new IllegalArgumentException("keepalive times must be at least 1 s, the count at least 1, the user timeout "
                    + "not negative: " + idle + ", " + interval + ", " + count + ", " + userTimeout);
        }
    }

    /** Whether anything is asked of the kernel beyond its defaults. */
    boolean asksAnything() {
        return keepAlive || !userTimeout.isZero();
    }

    /**
     * Sets the options on a TCP channel, before it connects (Reactor Netty's channel initializer). What this kind of
     * channel cannot take is logged once, and returned by name.
     */
    List<String> apply(Channel channel) {
        ChannelConfig config = channel.config();
        config.setOption(ChannelOption.SO_KEEPALIVE, keepAlive);
        if (!asksAnything()) {
            return List.of();
        }
        List<String> notSet;
        if (channel.getClass().getName().startsWith("io.netty.channel.epoll.")) {
            // only then are the epoll classes known to be there
            notSet = EpollKeepAlive.apply(config, keepAlive, idle, interval, count, userTimeout);
        } else if (channel instanceof NioSocketChannel) {
            notSet = applyNio(config);
        } else {
            notSet = asked();
        }
        if (!notSet.isEmpty()) {
            logOnce(channel.getClass().getSimpleName() + " " + notSet, () -> LOG.warn("{} cannot be set on a {} (this platform "
                    + "or transport has no such socket option): a server that vanishes without closing the connection is "
                    + "found only after the system's own timeouts (on Linux about 2 hours idle, 15 minutes awaiting an "
                    + "answer); socketTimeout can bound the wait for an answer. Logged once.",
                    String.join(", ", notSet), channel.getClass().getSimpleName()));
        }
        return notSet;
    }

    /** A Unix-domain socket takes none of these; a server that dies closes it, which the kernel reports at once. */
    void unixSocket(String path) {
        if (asksAnything()) {
            logOnce("unix socket", () -> LOG.info("tcpKeepAlive and tcpUserTimeout do not apply to a Unix-domain socket "
                    + "({}): a local server that dies closes it. Logged once.", path));
        }
    }

    private List<String> applyNio(ChannelConfig config) {
        List<String> notSet = new ArrayList<>();
        if (keepAlive) {
            setNio(config, ExtendedSocketOptions.TCP_KEEPIDLE, (int) idle.getSeconds(), "tcpKeepAliveIdle", notSet);
            setNio(config, ExtendedSocketOptions.TCP_KEEPINTERVAL, (int) interval.getSeconds(), "tcpKeepAliveInterval", notSet);
            setNio(config, ExtendedSocketOptions.TCP_KEEPCOUNT, count, "tcpKeepAliveCount", notSet);
        }
        if (!userTimeout.isZero()) {
            // java.net has no TCP_USER_TIMEOUT (JDK 17 through 25)
            notSet.add("tcpUserTimeout");
        }
        return notSet;
    }

    private static void setNio(ChannelConfig config, java.net.SocketOption<Integer> option, int value, String name, List<String> notSet) {
        // false when the JDK's channel does not support the option on this platform
        if (!config.setOption(NioChannelOption.of(option), value)) {
            notSet.add(name);
        }
    }

    /** The options asked for beyond SO_KEEPALIVE, by name. */
    List<String> asked() {
        List<String> names = new ArrayList<>();
        if (keepAlive) {
            names.addAll(List.of("tcpKeepAliveIdle", "tcpKeepAliveInterval", "tcpKeepAliveCount"));
        }
        if (!userTimeout.isZero()) {
            names.add("tcpUserTimeout");
        }
        return names;
    }

    private static void logOnce(String key, Runnable log) {
        if (LOGGED.add(key)) {
            log.run();
        }
    }
}
