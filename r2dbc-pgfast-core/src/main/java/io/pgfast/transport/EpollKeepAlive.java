package io.pgfast.transport;

import io.netty.channel.ChannelConfig;
import io.netty.channel.ChannelOption;
import io.netty.channel.epoll.EpollChannelOption;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link DeadPeerDetection} on Netty's native epoll transport (Linux), whose sockets take all four options. A class
 * of its own: it is loaded only for an epoll channel, so the epoll classes need not be there otherwise.
 */
final class EpollKeepAlive {

    private EpollKeepAlive() {
    }

    /** Sets what {@code d} asks on an epoll socket; returns the names of those the channel refused. */
    static List<String> apply(ChannelConfig config, DeadPeerDetection d) {
        List<String> notSet = new ArrayList<>();
        if (d.keepAlive()) {
            set(config, EpollChannelOption.TCP_KEEPIDLE, (int) d.idle().getSeconds(), "tcpKeepAliveIdle", notSet);
            set(config, EpollChannelOption.TCP_KEEPINTVL, (int) d.interval().getSeconds(), "tcpKeepAliveInterval", notSet);
            set(config, EpollChannelOption.TCP_KEEPCNT, d.count(), "tcpKeepAliveCount", notSet);
        }
        if (!d.userTimeout().isZero()) {
            // milliseconds, as the kernel takes them; the option's check bounds it to an int
            set(config, EpollChannelOption.TCP_USER_TIMEOUT, (int) d.userTimeout().toMillis(), "tcpUserTimeout", notSet);
        }
        return notSet;
    }

    private static void set(ChannelConfig config, ChannelOption<Integer> option, int value, String name, List<String> notSet) {
        if (!config.setOption(option, value)) {
            notSet.add(name);
        }
    }
}
