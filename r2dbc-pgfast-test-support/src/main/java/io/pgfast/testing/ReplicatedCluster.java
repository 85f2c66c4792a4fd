package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A primary and a hot standby streaming from it, for tests of multi-host connections that stop servers (so
 * never the shared {@link TestPostgres} server). Each {@code start} makes a new pair in a temporary directory;
 * {@link #stop()} (also run at JVM exit, and by an orphan guard if the JVM is killed) stops both and deletes
 * the files.
 *
 * <p>Superuser {@value #USER} logs in over TCP with SCRAM and password {@value #PASSWORD}; replication
 * connections from 127.0.0.1 are trusted. See {@link ReplicationBinaries} for which binaries are used and
 * {@link StandbyCopy} for how a standby is made ({@link #method()} says which way was taken).
 *
 * <p>Failover: {@link #failPrimary} takes the primary down, {@link #promoteStandby()} makes the standby the
 * primary (the two swap roles: {@link #primaryPort()} is then the promoted server's), and
 * {@link #rebuildStandby()} makes the failed server a standby of the new primary again, so the cycle can
 * repeat. {@link #startSynchronous()} makes a pair whose primary waits for the standby to flush every commit
 * before answering ({@code synchronous_commit = on}, the standby in {@code synchronous_standby_names}): a
 * commit the client saw succeed is on the standby. A promoted server has no synchronous standby until
 * {@link #rebuildStandby()} attaches one (as failover managers do when no standby is left, e.g. Patroni
 * without {@code synchronous_mode_strict}): otherwise every commit on it would wait forever.
 *
 * @see <a href="https://www.postgresql.org/docs/current/warm-standby.html">Log-Shipping Standby Servers</a>
 */
public final class ReplicatedCluster {
    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres_pw";
    public static final String DATABASE = "postgres";
    private static final Duration STREAMING_WAIT = Duration.ofSeconds(60);

    private final ReplicationBinaries binaries;
    private final ServerUser user;
    private final Path base;
    private final boolean synchronous;
    private final StandbyCopy copier;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final List<ShellGuard> guards = new ArrayList<>();
    /** The two servers, which swap roles on {@link #promoteStandby()}. */
    private volatile ClusterNode primary;
    private volatile ClusterNode standby;
    private volatile String method;
    private ServerVersion version;
    private long marker;

    private ReplicatedCluster(ReplicationBinaries binaries, ServerUser user, Path base, boolean synchronous) {
        this.binaries = binaries;
        this.user = user;
        this.base = base;
        this.synchronous = synchronous;
        this.copier = new StandbyCopy(binaries, user, base);
        PgCtl pgCtl = new PgCtl(binaries.server(), user);
        this.primary = new ClusterNode("node-a", pgCtl, base);
        this.standby = new ClusterNode("node-b", pgCtl, base);
    }

    /**
     * Builds and starts the pair (asynchronous replication); returns once the standby streams and shows a row
     * written on the primary.
     *
     * @throws IllegalStateException if it cannot (the message holds the server logs); nothing is left running
     */
    public static ReplicatedCluster start() {
        return start(ReplicationBinaries.choose(), false);
    }

    /** As {@link #start()}, and returns once the standby is the primary's synchronous standby. */
    public static ReplicatedCluster startSynchronous() {
        return start(ReplicationBinaries.choose(), true);
    }

    /** With these binaries; an empty {@link ReplicationBinaries#baseBackup()} copies with the low-level backup API. */
    static ReplicatedCluster start(ReplicationBinaries binaries, boolean synchronous) {
        long begin = System.nanoTime();
        Path base;
        try {
            base = Files.createTempDirectory("pgfast-replicated-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
        ReplicatedCluster cluster = new ReplicatedCluster(binaries, ServerUser.current(), base, synchronous);
        ShutdownActions.register(cluster::stop);
        try {
            cluster.boot();
        } catch (RuntimeException | Error e) {
            String logs = cluster.logs();
            cluster.stop();
            throw new IllegalStateException(e.getMessage() + "\n" + logs, e);
        }
        System.err.printf("[pgfast-test] primary 127.0.0.1:%d + %s standby 127.0.0.1:%d (PostgreSQL %s) ready in %d ms: %s; %s%n",
                cluster.primaryPort(), synchronous ? "synchronous" : "asynchronous", cluster.replicaPort(),
                cluster.version.version(), (System.nanoTime() - begin) / 1_000_000, binaries.description(), cluster.method);
        return cluster;
    }

    public String host() {
        return LocalCluster.HOST;
    }

    /** The port of the server that is the primary now (the promoted one after {@link #promoteStandby()}). */
    public int primaryPort() {
        return primary.port();
    }

    /** The port of the other server: the standby, or after a promotion the failed primary until it is rebuilt. */
    public int replicaPort() {
        return standby.port();
    }

    /** The server's major version, such as 15. */
    public int major() {
        return version.major();
    }

    /** The server's version, such as 17.4. */
    public String version() {
        return version.version();
    }

    /** How the last standby was made: with which pg_basebackup, or with the low-level backup API. */
    public String method() {
        return method;
    }

    /** Whether the primary waits for the standby to flush each commit (see {@link #startSynchronous()}). */
    public boolean synchronous() {
        return synchronous;
    }

    /** Fast shutdown of the primary; the standby stays up, read-only, trying to reconnect. */
    public void stopPrimary() {
        primary.stop();
    }

    public void stopReplica() {
        standby.stop();
    }

    /** Starts the standby again (same port); returns once it accepts read-only connections. */
    public void startReplica() {
        standby.start();
    }

    /**
     * Takes the primary down as {@code how} says and returns once its postmaster is gone (no new connection is
     * accepted). The standby stays a standby until {@link #promoteStandby()}.
     */
    public void failPrimary(PrimaryFailure how) {
        switch (how) {
            case IMMEDIATE_SHUTDOWN -> primary.stopImmediately();
            case KILL_POSTMASTER -> primary.killPostmaster();
        }
    }

    /**
     * Promotes the standby ({@code pg_ctl promote -w}) and returns once it accepts writes; the two servers swap
     * roles. Call it once the primary is down (a running primary would go on as a second primary).
     */
    public void promoteStandby() {
        ClusterNode promoted = standby;
        promoted.promote();
        standby = primary;
        primary = promoted;
    }

    /**
     * Makes the failed server (stopped, or killed: its orphaned processes are ended first) a streaming standby
     * of the current primary, on the same port: its files are replaced by a new copy of the primary, taken while
     * the primary keeps serving. Synchronous pairs are synchronous again when this returns.
     */
    public void rebuildStandby() {
        ClusterNode rebuilt = standby;
        rebuilt.stop();
        rebuilt.deleteData();
        try (Connection p = connect(primary.port())) {
            method = copier.make(primary, rebuilt, p, binaries.server().major());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot use the primary on port " + primary.port() + ": " + e.getMessage(), e);
        }
        rebuilt.start();
        awaitStandby();
    }

    /** Stops both servers and deletes their files. Idempotent. */
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            standby.stop();
        } finally {
            try {
                primary.stop();
            } finally {
                FileTree.delete(base);
                guards.forEach(ShellGuard::dismiss);
            }
        }
    }

    private void boot() {
        try {
            guards.add(OrphanGuard.watch(primary.stopCommand(), primary.data(), base, base));
            guards.add(OrphanGuard.watch(standby.stopCommand(), standby.data(), base, base));
            Path passwordFile = base.resolve("pwfile");
            Files.writeString(passwordFile, PASSWORD + "\n", StandardCharsets.UTF_8);
            user.takeOwnership(base);
            PgCtl pgCtl = new PgCtl(binaries.server(), user);
            Path initdbOutput = base.resolve("initdb.out");
            pgCtl.awaitInitdb(pgCtl.startInitdb(primary.data(), USER, passwordFile, initdbOutput), primary.data(), USER,
                    passwordFile, initdbOutput);
            Files.delete(passwordFile);
            Files.writeString(primary.data().resolve("pg_hba.conf"), hba(), StandardCharsets.UTF_8);
            Files.writeString(primary.data().resolve("postgresql.conf"), settings(binaries.server().major()),
                    StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            user.takeOwnership(base);
            primary.start();
            try (Connection p = connect(primary.port())) {
                version = ServerVersion.of(p);
                method = copier.make(primary, standby, p, version.major());
            }
            standby.start();
            awaitStandby();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set up a primary and a standby in " + base, e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot use the primary on port " + primary.port() + ": " + e.getMessage(), e);
        }
    }

    /** Trust for replication connections (pg_basebackup, the standby's walreceiver); SCRAM for everything else. */
    private static String hba() {
        return "# pgfast primary/standby pair; generated by io.pgfast.testing.ReplicatedCluster\n"
                + "host  replication  all  127.0.0.1/32  trust\n"
                + "host  all  all  127.0.0.1/32  scram-sha-256\n";
    }

    /** Appended to postgresql.conf (a later line overrides an earlier one); every copy inherits them. */
    private static String settings(int major) {
        return "\n# pgfast primary/standby pair (io.pgfast.testing.ReplicatedCluster)\n"
                + "listen_addresses = '" + LocalCluster.HOST + "'\n"
                + "unix_socket_directories = ''\n"
                // a throwaway pair needs no crash safety; full_page_writes stays on, base backups need it
                + "fsync = off\n"
                + "ssl = off\n"
                + "wal_level = replica\n"
                + "max_wal_senders = 5\n"
                + "hot_standby = on\n"
                + "synchronous_commit = on\n"
                // the WAL a standby copied with the low-level API streams from its backup's checkpoint on
                + (major >= 13 ? "wal_keep_size = '256MB'\n" : "wal_keep_segments = 16\n");
    }

    /**
     * Until pg_stat_replication shows the standby streaming and the standby sees a row written on the primary;
     * for a synchronous pair, then until the standby is the primary's synchronous standby.
     */
    private void awaitStandby() {
        long deadline = System.nanoTime() + STREAMING_WAIT.toNanos();
        long expected = ++marker;
        try (Connection p = connect(primary.port())) {
            poll(deadline, "the standby to stream", () -> count(p,
                    "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'") == 1);
            Jdbc.execute(p, "CREATE TABLE IF NOT EXISTS pgfast_replication_check (v bigint)",
                    "INSERT INTO pgfast_replication_check VALUES (" + expected + ")");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot use the primary on port " + primary.port() + ": " + e.getMessage(), e);
        }
        poll(deadline, "the standby to show a row written on the primary", () -> {
            try (Connection r = connect(standby.port())) {
                return count(r, "SELECT count(*) FROM pgfast_replication_check WHERE v = " + expected) == 1
                        && count(r, "SELECT count(*) FROM (SELECT pg_is_in_recovery() AS r) s WHERE r") == 1;
            } catch (SQLException e) {
                return false;
            }
        });
        if (synchronous) {
            try (Connection p = connect(primary.port())) {
                Jdbc.execute(p, "ALTER SYSTEM SET synchronous_standby_names = " + Jdbc.literal(StandbyCopy.STANDBY_NAME),
                        "SELECT pg_reload_conf()");
                poll(deadline, "the standby to be synchronous", () -> count(p,
                        "SELECT count(*) FROM pg_stat_replication WHERE sync_state = 'sync'") == 1);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot make the standby synchronous: " + e.getMessage(), e);
            }
        }
    }

    private interface Condition {
        boolean holds() throws SQLException;
    }

    private static void poll(long deadlineNanos, String what, Condition condition) {
        while (true) {
            try {
                if (condition.holds()) {
                    return;
                }
            } catch (SQLException e) {
                if (System.nanoTime() > deadlineNanos) {
                    throw new IllegalStateException("gave up waiting for " + what + ": " + e.getMessage(), e);
                }
            }
            if (System.nanoTime() > deadlineNanos) {
                throw new IllegalStateException("gave up waiting for " + what + " after " + STREAMING_WAIT.toSeconds() + " s");
            }
            Ports.pause(50, what);
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Connection connect(int port) throws SQLException {
        return Jdbc.connect(Jdbc.url(LocalCluster.HOST, port, DATABASE,
                Map.of("user", USER, "password", PASSWORD, "sslmode", "disable")));
    }

    private String logs() {
        return "--- " + primary.name() + " (primary) log ---\n" + primary.logTail()
                + "\n--- " + standby.name() + " (standby) log ---\n" + standby.logTail();
    }
}
