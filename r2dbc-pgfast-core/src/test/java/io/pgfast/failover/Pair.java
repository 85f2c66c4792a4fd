package io.pgfast.failover;

import java.time.Duration;
import java.util.List;

import io.pgfast.config.HostSpec;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.pgfast.config.SslMode;
import io.pgfast.config.TargetServerType;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.testing.ReplicatedCluster;

/**
 * The two servers of the pair as an application knows them: one host list, in a fixed order, whatever
 * their roles are at the moment. Each factory is a new {@link PgfastConnectionFactory}, so each has its own
 * view of which host is what.
 */
final class Pair {
    /** Bounds each connection attempt; a refused connection fails at once, so this only catches a hang. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final ReplicatedCluster cluster;
    private final List<HostSpec> hosts;

    Pair(ReplicatedCluster cluster) {
        this.cluster = cluster;
        this.hosts = List.of(new HostSpec(cluster.host(), cluster.primaryPort()), new HostSpec(cluster.host(), cluster.replicaPort()));
    }

    ReplicatedCluster cluster() {
        return cluster;
    }

    List<HostSpec> hosts() {
        return hosts;
    }

    PgfastConnectionFactory factory(TargetServerType target, String applicationName) {
        return new PgfastConnectionFactory(config(target, applicationName).build());
    }

    PgfastConnectionConfigurationBuilder config(TargetServerType target, String applicationName) {
        return PgfastConnectionConfiguration.builder().hosts(hosts).targetServerType(target)
                .username(ReplicatedCluster.USER).password(ReplicatedCluster.PASSWORD).database(ReplicatedCluster.DATABASE)
                .sslMode(SslMode.DISABLE).connectTimeout(CONNECT_TIMEOUT).applicationName(applicationName);
    }

    /** A factory for the one server on {@code port} (checks and set-up, not the application's view). */
    PgfastConnectionFactory direct(int port, String applicationName) {
        return new PgfastConnectionFactory(PgfastConnectionConfiguration.builder().host(cluster.host()).port(port)
                .username(ReplicatedCluster.USER).password(ReplicatedCluster.PASSWORD).database(ReplicatedCluster.DATABASE)
                .sslMode(SslMode.DISABLE).connectTimeout(CONNECT_TIMEOUT).applicationName(applicationName).build());
    }

    /** {@code 127.0.0.1:port}, as the driver names a host in its messages. */
    String name(int port) {
        return new HostSpec(cluster.host(), port).toString();
    }
}
