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
 * never the shared {@link TestPostgres} server). Each {@link #start()} makes a new pair in a temporary
 * directory; {@link #stop()} (also run at JVM exit, and by an orphan guard if the JVM is killed) stops both
 * and deletes the files.
 *
 * <p>Superuser {@value #USER} logs in over TCP with SCRAM and password {@value #PASSWORD}; replication
 * connections from 127.0.0.1 are trusted. See {@link ReplicationBinaries} for which binaries are used and
 * how the standby's copy is made ({@link #method()} says which way was taken).
 *
 * @see <a href="https://www.postgresql.org/docs/current/warm-standby.html">Log-Shipping Standby Servers</a>
 */
public final class ReplicatedCluster {
    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres_pw";
    public static final String DATABASE = "postgres";
    private static final Duration STREAMING_WAIT = Duration.ofSeconds(60);
    private static final Duration BASE_BACKUP_TIMEOUT = Duration.ofSeconds(120);

    private final ReplicationBinaries binaries;
    private final ServerUser user;
    private final Path base;
    private final ClusterNode primary;
    private final ClusterNode replica;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final List<ShellGuard> guards = new ArrayList<>();
    private String method;
    private ServerVersion version;

    private ReplicatedCluster(ReplicationBinaries binaries, ServerUser user, Path base) {
        this.binaries = binaries;
        this.user = user;
        this.base = base;
        PgCtl pgCtl = new PgCtl(binaries.server(), user);
        this.primary = new ClusterNode("primary", pgCtl, base);
        this.replica = new ClusterNode("replica", pgCtl, base);
    }

    /**
     * Builds and starts the pair; returns once the standby streams and shows a row written on the primary.
     *
     * @throws IllegalStateException if it cannot (the message holds the server logs); nothing is left running
     */
    public static ReplicatedCluster start() {
        return start(ReplicationBinaries.choose());
    }

    /** With these binaries; an empty {@link ReplicationBinaries#baseBackup()} makes the standby from a cold copy. */
    static ReplicatedCluster start(ReplicationBinaries binaries) {
        long begin = System.nanoTime();
        Path base;
        try {
            base = Files.createTempDirectory("pgfast-replicated-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
        ReplicatedCluster cluster = new ReplicatedCluster(binaries, ServerUser.current(), base);
        ShutdownActions.register(cluster::stop);
        try {
            cluster.boot();
        } catch (RuntimeException | Error e) {
            String logs = cluster.logs();
            cluster.stop();
            throw new IllegalStateException(e.getMessage() + "\n" + logs, e);
        }
        System.err.printf("[pgfast-test] primary 127.0.0.1:%d + standby 127.0.0.1:%d (PostgreSQL %s) ready in %d ms: %s; %s%n",
                cluster.primary.port(), cluster.replica.port(), cluster.version.version(),
                (System.nanoTime() - begin) / 1_000_000, binaries.description(), cluster.method);
        return cluster;
    }

    public String host() {
        return LocalCluster.HOST;
    }

    public int primaryPort() {
        return primary.port();
    }

    public int replicaPort() {
        return replica.port();
    }

    /** The server's major version, such as 15. */
    public int major() {
        return version.major();
    }

    /** How the standby was made: with which pg_basebackup, or as a cold copy. */
    public String method() {
        return method;
    }

    /** Fast shutdown of the primary; the standby stays up, read-only, trying to reconnect. */
    public void stopPrimary() {
        primary.stop();
    }

    public void stopReplica() {
        replica.stop();
    }

    /** Starts the standby again (same port); returns once it accepts read-only connections. */
    public void startReplica() {
        replica.start();
    }

    /** Stops both servers and deletes their files. Idempotent. */
    public void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            replica.stop();
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
            guards.add(OrphanGuard.watch(replica.stopCommand(), replica.data(), base, base));
            Path passwordFile = base.resolve("pwfile");
            Files.writeString(passwordFile, PASSWORD + "\n", StandardCharsets.UTF_8);
            user.takeOwnership(base);
            PgCtl pgCtl = new PgCtl(binaries.server(), user);
            Path initdbOutput = base.resolve("initdb.out");
            pgCtl.awaitInitdb(pgCtl.startInitdb(primary.data(), USER, passwordFile, initdbOutput), primary.data(), USER,
                    passwordFile, initdbOutput);
            Files.delete(passwordFile);
            Files.writeString(primary.data().resolve("pg_hba.conf"), hba(), StandardCharsets.UTF_8);
            Files.writeString(primary.data().resolve("postgresql.conf"), settings(), StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            user.takeOwnership(base);
            primary.start();
            copyPrimary();
            makeStandby();
            user.takeOwnership(base);
            replica.start();
            awaitStreaming();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set up a primary and a standby in " + base, e);
        }
    }

    /** Trust for replication connections (pg_basebackup, the standby's walreceiver); SCRAM for everything else. */
    private static String hba() {
        return "# pgfast primary/standby pair; generated by io.pgfast.testing.ReplicatedCluster\n"
                + "host  replication  all  127.0.0.1/32  trust\n"
                + "host  all  all  127.0.0.1/32  scram-sha-256\n";
    }

    /** Appended to postgresql.conf (a later line overrides an earlier one); the standby inherits them. */
    private static String settings() {
        return "\n# pgfast primary/standby pair (io.pgfast.testing.ReplicatedCluster)\n"
                + "listen_addresses = '" + LocalCluster.HOST + "'\n"
                + "unix_socket_directories = ''\n"
                // a throwaway pair needs no crash safety; full_page_writes stays on, pg_basebackup needs it
                + "fsync = off\n"
                + "ssl = off\n"
                + "wal_level = replica\n"
                + "max_wal_senders = 5\n"
                + "hot_standby = on\n";
    }

    /** The standby's data directory: pg_basebackup from the running primary, else a copy of it stopped. */
    private void copyPrimary() {
        Path output = base.resolve("copy.out");
        if (binaries.baseBackup().isPresent()) {
            List<String> command = user.wrap(List.of(binaries.baseBackup().get().toString(), "-h", LocalCluster.HOST,
                    "-p", Integer.toString(primary.port()), "-U", USER, "-D", replica.data().toString(),
                    "-X", "stream", "-c", "fast", "--no-sync"));
            CommandRunner.Result r = CommandRunner.run(command, BASE_BACKUP_TIMEOUT, output);
            if (!r.succeeded()) {
                throw new IllegalStateException("pg_basebackup failed (exit " + r.exitCode() + "): "
                        + String.join(" ", command) + "\n" + r.output());
            }
            method = "standby made with pg_basebackup (" + binaries.baseBackup().get() + ")";
            return;
        }
        // a cleanly stopped cluster's directory is a valid base for a standby (docs, 26.3.x "cold" backup)
        primary.stop();
        List<String> copy = List.of("cp", "-a", primary.data().toString(), replica.data().toString());
        CommandRunner.Result r = CommandRunner.run(copy, BASE_BACKUP_TIMEOUT, output);
        if (!r.succeeded()) {
            throw new IllegalStateException("cp -a of the stopped primary failed: " + r.output());
        }
        primary.start();
        method = "standby made from a cold copy of the stopped primary (no pg_basebackup found)";
    }

    /** standby.signal plus primary_conninfo (PostgreSQL 12+: docs, "Setting Up a Standby Server"). */
    private void makeStandby() throws IOException {
        Files.deleteIfExists(replica.data().resolve("postmaster.pid"));
        Files.writeString(replica.data().resolve("standby.signal"), "", StandardCharsets.UTF_8);
        Files.writeString(replica.data().resolve("postgresql.conf"),
                "primary_conninfo = 'host=" + LocalCluster.HOST + " port=" + primary.port() + " user=" + USER
                        + " application_name=pgfast_replica'\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** Until pg_stat_replication shows the standby streaming and the standby sees a row written on the primary. */
    private void awaitStreaming() {
        long deadline = System.nanoTime() + STREAMING_WAIT.toNanos();
        try (Connection p = connect(primary.port())) {
            version = ServerVersion.of(p);
            poll(deadline, "the standby to stream", () -> count(p,
                    "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'") == 1);
            Jdbc.execute(p, "CREATE TABLE pgfast_replication_check (v int)", "INSERT INTO pgfast_replication_check VALUES (1)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot use the primary on port " + primary.port() + ": " + e.getMessage(), e);
        }
        poll(deadline, "the standby to show a row written on the primary", () -> {
            try (Connection r = connect(replica.port())) {
                return count(r, "SELECT count(*) FROM pgfast_replication_check") == 1
                        && count(r, "SELECT count(*) FROM (SELECT pg_is_in_recovery() AS r) s WHERE r") == 1;
            } catch (SQLException e) {
                return false;
            }
        });
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
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what, e);
            }
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
        return "--- primary log ---\n" + primary.logTail() + "\n--- standby log ---\n" + replica.logTail();
    }
}
