package io.pgfast.transport;

import io.netty.channel.ChannelOption;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.pgfast.testing.RequiresPostgres;
import jdk.net.ExtendedSocketOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.pgfast.transport.TestTransports.TIMEOUT;
import static io.pgfast.transport.TestTransports.config;
import static io.pgfast.transport.TestTransports.connect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The keepalive times and the user timeout reach the kernel's socket: read back from the socket itself, on the
 * native epoll transport (all four) and on NIO (the keepalive times through jdk.net; no user timeout there, which is
 * reported, not dropped silently). What they do on a dead network is PartitionTest's business.
 */
class DeadPeerDetectionTest {

    private static final DeadPeerDetection FAST = new DeadPeerDetection(true, Duration.ofSeconds(5), Duration.ofSeconds(2), 2,
            Duration.ofSeconds(5));

    @Test
    @RequiresPostgres
    void theDefaultsReachTheSocketOfAConnection() {
        Transport transport = connect(config());
        try {
            assumeTrue(transport.channel() instanceof EpollSocketChannel, "the native epoll transport is not in use here");
            EpollSocketChannel channel = (EpollSocketChannel) transport.channel();
            assertThat(channel.config().getOption(ChannelOption.SO_KEEPALIVE)).isTrue();
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPIDLE)).isEqualTo(30);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPINTVL)).isEqualTo(10);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPCNT)).isEqualTo(3);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_USER_TIMEOUT)).isEqualTo(60_000);
        } finally {
            transport.close().block(TIMEOUT);
        }
    }

    @Test
    @RequiresPostgres
    void givenValuesReachTheSocketAndKeepaliveOffLeavesTheRest() {
        Transport transport = connect(config().tcpKeepAliveIdle(Duration.ofSeconds(7)).tcpKeepAliveInterval(Duration.ofSeconds(3))
                .tcpKeepAliveCount(4).tcpUserTimeout(Duration.ofMillis(2500)));
        Transport off = connect(config().tcpKeepAlive(false).tcpUserTimeout(Duration.ZERO));
        try {
            assumeTrue(transport.channel() instanceof EpollSocketChannel, "the native epoll transport is not in use here");
            EpollSocketChannel channel = (EpollSocketChannel) transport.channel();
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPIDLE)).isEqualTo(7);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPINTVL)).isEqualTo(3);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPCNT)).isEqualTo(4);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_USER_TIMEOUT)).isEqualTo(2500);
            EpollSocketChannel plain = (EpollSocketChannel) off.channel();
            assertThat(plain.config().getOption(ChannelOption.SO_KEEPALIVE)).isFalse();
            assertThat(plain.config().getOption(EpollChannelOption.TCP_USER_TIMEOUT)).isZero();
        } finally {
            transport.close().block(TIMEOUT);
            off.close().block(TIMEOUT);
        }
    }

    @Test
    void anEpollSocketTakesAllFour() {
        assumeTrue(Epoll.isAvailable(), "no native epoll here");
        EpollSocketChannel channel = new EpollSocketChannel();
        try {
            assertThat(FAST.apply(channel)).isEmpty();
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPIDLE)).isEqualTo(5);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPINTVL)).isEqualTo(2);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_KEEPCNT)).isEqualTo(2);
            assertThat(channel.config().getOption(EpollChannelOption.TCP_USER_TIMEOUT)).isEqualTo(5000);
        } finally {
            channel.unsafe().closeForcibly();
        }
    }

    @Test
    void aNioSocketTakesTheKeepaliveTimesAndReportsTheUserTimeout() {
        NioSocketChannel channel = new NioSocketChannel();
        try {
            List<String> notSet = FAST.apply(channel);
            assertThat(channel.config().getOption(ChannelOption.SO_KEEPALIVE)).isTrue();
            boolean linux = System.getProperty("os.name").toLowerCase().contains("linux");
            if (linux) {
                // JDK 17 has the keepalive times on Linux (and macOS), and no TCP_USER_TIMEOUT anywhere
                assertThat(notSet).containsExactly("tcpUserTimeout");
                assertThat(channel.config().getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPIDLE))).isEqualTo(5);
                assertThat(channel.config().getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPINTERVAL))).isEqualTo(2);
                assertThat(channel.config().getOption(NioChannelOption.of(ExtendedSocketOptions.TCP_KEEPCOUNT))).isEqualTo(2);
            } else {
                assertThat(notSet).contains("tcpUserTimeout");
            }
        } finally {
            channel.unsafe().closeForcibly();
        }
    }

    @Test
    void offAsksForNothingBeyondTheSystemsDefaults() {
        NioSocketChannel channel = new NioSocketChannel();
        try {
            assertThat(DeadPeerDetection.OFF.apply(channel)).isEmpty();
            assertThat(channel.config().getOption(ChannelOption.SO_KEEPALIVE)).isFalse();
        } finally {
            channel.unsafe().closeForcibly();
        }
    }
}
