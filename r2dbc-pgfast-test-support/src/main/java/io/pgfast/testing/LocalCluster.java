package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A throwaway PostgreSQL cluster: a temporary directory, initdb, pg_ctl start on a free port of 127.0.0.1, and
 * on {@link #stop()} (called by a shutdown hook too) pg_ctl stop and deletion of every file it made.
 *
 * <p>Layout of {@code pgfast-cluster-*}: {@code data/} (the cluster), {@code tls/} (certificates, when TLS is on),
 * {@code pg_hba.conf}, {@code server.log}, {@code s/} (the unix socket, unless that path would be too long).
 */
final class LocalCluster {
    static final String HOST = "127.0.0.1";
    /**
     * A unix socket path must fit sockaddr_un.sun_path (108 bytes with the NUL on Linux); PostgreSQL appends
     * {@code /.s.PGSQL.<port>}. https://www.postgresql.org/docs/current/runtime-config-connection.html
     */
    private static final int MAX_SOCKET_PATH = 107;
    private static final int PORT_ATTEMPTS = 3;
    private static final int LOG_TAIL_LINES = 30;

    private final PgCtl pgCtl;
    private final ServerUser user;
    private final Path base;
    private final Path data;
    private final Path sockets;
    private final Path serverLog;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private ShellGuard guard;
    private Optional<CertificateFiles> certificates = Optional.empty();
    /** postgresql.conf settings given by the caller, appended after the harness's own. */
    private Map<String, String> extraSettings = Map.of();
    private int port;

    private LocalCluster(PgCtl pgCtl, ServerUser user, Path base, Path sockets) {
        this.pgCtl = pgCtl;
        this.user = user;
        this.base = base;
        this.data = base.resolve("data");
        this.sockets = sockets;
        this.serverLog = base.resolve("server.log");
    }

    /**
     * Creates and starts a cluster whose superuser {@code superuser} has password {@code <superuser>_pw}.
     *
     * @param tls whether to generate certificates and start with {@code ssl = on}
     * @throws IllegalStateException if it cannot start; the message holds the server log's tail. Nothing is left
     *                               running or on disk.
     */
    static LocalCluster start(PgBinaries binaries, String superuser, HbaConfig hba, boolean tls) {
        return start(binaries, ServerUser.current(), superuser, hba, tls);
    }

    /** As {@link #start(PgBinaries, String, HbaConfig, boolean)}, with more postgresql.conf settings. */
    static LocalCluster start(PgBinaries binaries, String superuser, HbaConfig hba, boolean tls, Map<String, String> settings) {
        return start(binaries, ServerUser.current(), superuser, hba, tls, settings);
    }

    /** As {@link #start(PgBinaries, String, HbaConfig, boolean)}, running the server as {@code user}. */
    static LocalCluster start(PgBinaries binaries, ServerUser user, String superuser, HbaConfig hba, boolean tls) {
        return start(binaries, user, superuser, hba, tls, Map.of());
    }

    /** As {@link #start(PgBinaries, ServerUser, String, HbaConfig, boolean)}, with more postgresql.conf settings. */
    static LocalCluster start(PgBinaries binaries, ServerUser user, String superuser, HbaConfig hba, boolean tls,
                              Map<String, String> settings) {
        Path base = createDirectory(null, "pgfast-cluster-");
        Path sockets = base.resolve("s");
        LocalCluster cluster = new LocalCluster(new PgCtl(binaries, user), user,
                base, socketPathFits(sockets) ? sockets : createDirectory(Path.of("/tmp"), "pgfast-s-"));
        cluster.extraSettings = Map.copyOf(settings);
        ShutdownActions.register(cluster::stop);
        try {
            cluster.boot(superuser, hba, tls);
            return cluster;
        } catch (RuntimeException | Error e) {
            cluster.stop();
            throw e;
        }
    }

    ServerAddress address() {
        return new ServerAddress(HOST, port, Optional.of(sockets));
    }

    /** The certificates the server uses, when it was started with TLS. */
    Optional<CertificateFiles> certificates() {
        return certificates;
    }

    /** The last lines of the server log, for error messages. */
    String logTail() {
        return CommandRunner.tail(serverLog, LOG_TAIL_LINES);
    }

    /** Stops the server (fast shutdown, then immediate, then SIGKILL) and deletes the cluster's files. Idempotent. */
    void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            shutDownServer();
        } finally {
            FileTree.delete(base);
            if (!sockets.startsWith(base)) {
                FileTree.delete(sockets);
            }
            if (guard != null) {
                guard.dismiss();
            }
        }
    }

    private void boot(String superuser, HbaConfig hba, boolean tls) {
        try {
            Files.createDirectories(sockets);
            guard = OrphanGuard.watch(pgCtl.stopCommand(data, "immediate"), data, base, sockets);
            Path passwordFile = base.resolve("pwfile");
            Files.writeString(passwordFile, superuser + "_pw\n", StandardCharsets.UTF_8);
            user.takeOwnership(base);
            user.takeOwnership(sockets);
            Path initdbOutput = base.resolve("initdb.out");
            Process initdb = pgCtl.startInitdb(data, superuser, passwordFile, initdbOutput);
            // certificates are made while initdb runs: the two together are most of the start-up time
            if (tls) {
                certificates = Optional.of(Certificates.generate(base.resolve("tls"), List.of("localhost", HOST)));
            }
            Path hbaFile = base.resolve("pg_hba.conf");
            Files.writeString(hbaFile, hba.render(), StandardCharsets.UTF_8);
            pgCtl.awaitInitdb(initdb, data, superuser, passwordFile, initdbOutput);
            Files.delete(passwordFile);
            Files.writeString(data.resolve("postgresql.conf"), settings(hbaFile), StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            user.takeOwnership(base);
            startOnFreePort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set up a PostgreSQL cluster in " + base, e);
        }
    }

    /** Appended to postgresql.conf; a later line overrides an earlier one. */
    private String settings(Path hbaFile) {
        StringBuilder conf = new StringBuilder("\n# pgfast test cluster (io.pgfast.testing.LocalCluster)\n");
        setting(conf, "listen_addresses", HOST);
        setting(conf, "unix_socket_directories", sockets.toString());
        // a throwaway cluster needs no crash safety
        conf.append("fsync = off\n");
        // logical replication tests: walsenders in database mode, slots with pgoutput
        conf.append("wal_level = ").append(ReplicationRole.WAL_LEVEL).append('\n');
        conf.append("max_replication_slots = ").append(ReplicationRole.MAX_REPLICATION_SLOTS).append('\n');
        conf.append("max_wal_senders = ").append(ReplicationRole.MAX_WAL_SENDERS).append('\n');
        conf.append("max_prepared_transactions = ").append(ReplicationRole.MAX_PREPARED_TRANSACTIONS).append('\n');
        setting(conf, "hba_file", hbaFile.toString());
        conf.append("ssl = ").append(certificates.isPresent() ? "on" : "off").append('\n');
        certificates.ifPresent(files -> {
            setting(conf, "ssl_cert_file", files.serverCert().toString());
            setting(conf, "ssl_key_file", files.serverKey().toString());
            setting(conf, "ssl_ca_file", files.caCert().toString());
        });
        extraSettings.forEach((name, value) -> setting(conf, name, value));
        return conf.toString();
    }

    private static void setting(StringBuilder conf, String name, String value) {
        conf.append(name).append(" = '").append(value.replace("'", "''")).append("'\n");
    }

    /** The port is free when probed but may be taken before postgres binds it; then another is tried. */
    private void startOnFreePort() {
        Path output = base.resolve("pg_ctl.out");
        for (int attempt = 1; ; attempt++) {
            port = Ports.free(HOST);
            CommandRunner.Result result = pgCtl.start(data, port, serverLog, output);
            if (result.succeeded()) {
                return;
            }
            String log = CommandRunner.tail(serverLog, LOG_TAIL_LINES);
            if (attempt < PORT_ATTEMPTS && log.contains("could not bind")) {
                continue;
            }
            throw new IllegalStateException("PostgreSQL did not start: pg_ctl start exited " + result.exitCode()
                    + " (cluster " + data + ", port " + port + ")\n--- pg_ctl output ---\n" + result.output().strip()
                    + "\n--- server log, last " + LOG_TAIL_LINES + " lines ---\n" + log);
        }
    }

    private void shutDownServer() {
        Path pidFile = data.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        Path output = base.resolve("pg_ctl-stop.out");
        if (pgCtl.stop(data, "fast", output).succeeded() || !Files.exists(pidFile)) {
            return;
        }
        if (pgCtl.stop(data, "immediate", output).succeeded() || !Files.exists(pidFile)) {
            return;
        }
        postmasterPid(pidFile).flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** The first line of postmaster.pid is the postmaster's PID. */
    private static Optional<Long> postmasterPid(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile, StandardCharsets.US_ASCII);
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean socketPathFits(Path sockets) {
        return sockets.resolve(".s.PGSQL.65535").toString().length() <= MAX_SOCKET_PATH;
    }

    private static Path createDirectory(Path parent, String prefix) {
        try {
            return parent == null ? Files.createTempDirectory(prefix) : Files.createTempDirectory(parent, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory " + prefix + "*", e);
        }
    }
}
