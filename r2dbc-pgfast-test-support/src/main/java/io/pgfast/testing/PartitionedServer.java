package io.pgfast.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A throwaway PostgreSQL in a network namespace of its own, reached from this host over a veth pair whose link a
 * test can cut silently ({@link #partition()}, {@link #dropAnswers()}) and mend ({@link #heal()}): packets leave and
 * are dropped, no reset and no ICMP error come back, as when a failover moves an address or a NAT forgets a flow
 * (see {@link NetworkNamespace} for how). Not the shared {@link TestPostgres} server: each {@link #start()} makes a
 * cluster and a namespace of its own, both removed by {@link #close()}, at JVM exit, or by guards once the JVM is
 * gone.
 *
 * <p>Needs root and iproute2 ({@link #unavailableReason()} says what is missing); the server runs as the harness runs
 * every cluster as root ({@link ServerUser}), inside the namespace ({@code ip netns exec}). The superuser
 * {@value #USER} logs in over TCP with SCRAM and password {@value #PASSWORD}, from this host's end of the link only;
 * TLS is off.
 */
public final class PartitionedServer implements AutoCloseable {
    public static final String USER = HbaConfig.SUPERUSER;
    public static final String PASSWORD = HbaConfig.SUPERUSER + "_pw";
    public static final String DATABASE = "postgres";

    private final NetworkNamespace namespace;
    private final LocalCluster cluster;
    private final String version;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PartitionedServer(NetworkNamespace namespace, LocalCluster cluster, String version) {
        this.namespace = namespace;
        this.cluster = cluster;
        this.version = version;
    }

    /**
     * Why such a server cannot be had here (not root, no {@code ip}, namespaces refused, no PostgreSQL binaries), or
     * empty when it can. A namespace is made and deleted to find out.
     */
    public static Optional<String> unavailableReason() {
        Optional<String> network = NetworkNamespace.unavailableReason();
        if (network.isPresent()) {
            return network;
        }
        List<String> tried = new ArrayList<>();
        if (ReplicationBinaries.serverBinaries(tried).isEmpty()) {
            return Optional.of("no PostgreSQL binaries; tried: " + String.join("; ", tried));
        }
        return Optional.empty();
    }

    /**
     * Makes the namespace and starts the server in it, listening on the namespace's end of the link only.
     *
     * @throws IllegalStateException if it cannot (see {@link #unavailableReason()}); nothing is left behind
     */
    public static PartitionedServer start() {
        long begin = System.nanoTime();
        List<String> tried = new ArrayList<>();
        PgBinaries binaries = ReplicationBinaries.serverBinaries(tried).orElseThrow(() -> new IllegalStateException(
                "no PostgreSQL binaries for a partitioned server; tried:\n  - " + String.join("\n  - ", tried)));
        NetworkNamespace namespace = NetworkNamespace.create();
        try {
            ServerUser base = ServerUser.current();
            ServerUser inside = new ServerUser(base.description() + ", in the network namespace " + namespace.name(),
                    namespace.wrap(base.prefix()), base.owner());
            HbaConfig hba = new HbaConfig(List.of(namespace.hostAddress() + "/32"), false);
            LocalCluster cluster = LocalCluster.start(binaries, inside, USER, hba, false,
                    Map.of("listen_addresses", namespace.innerAddress()));
            PartitionedServer server = new PartitionedServer(namespace, cluster, binaries.version());
            ShutdownActions.register(server::close);
            System.err.printf("[pgfast-test] PostgreSQL %s in the network namespace %s on %s:%d, ready in %d ms%n",
                    binaries.version(), namespace.name(), server.host(), server.port(), (System.nanoTime() - begin) / 1_000_000);
            return server;
        } catch (RuntimeException | Error e) {
            namespace.delete();
            throw e;
        }
    }

    /** The server's address: the namespace's end of the link (an IPv4 literal). */
    public String host() {
        return namespace.innerAddress();
    }

    public int port() {
        return cluster.address().port();
    }

    /** This host's end of the link, where the server sees its clients come from. */
    public String clientAddress() {
        return namespace.hostAddress();
    }

    /** The server's version, such as 17.4. */
    public String version() {
        return version;
    }

    /** Drops every packet between this host and the server, both ways, silently, until {@link #heal()}. */
    public void partition() {
        namespace.cut();
    }

    /**
     * Drops what the server sends (answers and TCP acknowledgements) while what this host sends still reaches it,
     * until {@link #heal()}: a statement is received and run, and its answer is lost.
     */
    public void dropAnswers() {
        namespace.cutTowardHost();
    }

    /** Lets every packet through again. */
    public void heal() {
        namespace.heal();
    }

    /** A JDBC connection as the superuser, for checking what the server holds (while the link is whole). */
    public Connection jdbc() throws SQLException {
        return Jdbc.connect(Jdbc.url(host(), port(), DATABASE, Map.of("user", USER, "password", PASSWORD, "sslmode", "disable")));
    }

    /** The last lines of the server log, for failure messages. */
    public String logTail() {
        return cluster.logTail();
    }

    /** Stops the server, deletes its files, the namespace and the veth pair. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            // the server's clients may be partitioned away: a fast shutdown does not wait for them
            namespace.heal();
            cluster.stop();
        } finally {
            namespace.delete();
        }
    }

    @Override
    public String toString() {
        return "PostgreSQL " + version + " at " + host() + ':' + port() + " in the network namespace " + namespace.name();
    }
}
