package io.pgfast.transport;

import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOption;
import io.netty.channel.epoll.EpollChannelOption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link DeadPeerDetection} on Netty's native epoll transport (Linux), whose sockets take all four options. A class
 * of its own: it is loaded only for an epoll channel, so the epoll classes need not be there otherwise.
 */
final class EpollKeepAlive {

    private EpollKeepAlive() {
    }

    /**
     * Sets the keepalive probes (when {@code keepAlive}) and the user timeout (when not zero) on an epoll socket;
     * returns the names of the options the channel refused.
     */
    static List<String> apply(ChannelConfig config, boolean keepAlive, Duration idle, Duration interval, int count,
                              Duration userTimeout) {
        List<String> notSet = new ArrayList<>();
        if (keepAlive) {
            set(config, EpollChannelOption.TCP_KEEPIDLE, (int) idle.getSeconds(), "tcpKeepAliveIdle", notSet);
            set(config, EpollChannelOption.TCP_KEEPINTVL, (int) interval.getSeconds(), "tcpKeepAliveInterval", notSet);
            set(config, EpollChannelOption.TCP_KEEPCNT, count, "tcpKeepAliveCount", notSet);
        }
        if (!userTimeout.isZero()) {
            // milliseconds, as the kernel takes them; the option's check bounds it to an int
            set(config, EpollChannelOption.TCP_USER_TIMEOUT, (int) userTimeout.toMillis(), "tcpUserTimeout", notSet);
        }
        return notSet;
    }

    private static void set(ChannelConfig config, ChannelOption<Integer> option, int value, String name, List<String> notSet) {
        if (!config.setOption(option, value)) {
            notSet.add(name);
        }
    }
}
