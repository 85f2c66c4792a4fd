package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One server of a {@link ReplicatedCluster}: a data directory under the pair's directory, a TCP port on
 * 127.0.0.1 (no Unix socket), and pg_ctl start / stop. The port is kept across restarts.
 */
final class ClusterNode {
    private static final int LOG_TAIL_LINES = 30;
    private static final int PORT_ATTEMPTS = 3;

    private final String name;
    private final PgCtl pgCtl;
    private final Path base;
    private final Path data;
    private final Path log;
    private int port;
    private boolean running;

    ClusterNode(String name, PgCtl pgCtl, Path base) {
        this.name = name;
        this.pgCtl = pgCtl;
        this.base = base;
        this.data = base.resolve(name);
        this.log = base.resolve(name + ".log");
    }

    Path data() {
        return data;
    }

    int port() {
        return port;
    }

    synchronized boolean running() {
        return running;
    }

    List<String> stopCommand() {
        return pgCtl.stopCommand(data, "immediate");
    }

    /** Starts on a free port the first time, on the same port afterwards; returns once it accepts connections. */
    synchronized void start() {
        if (running) {
            return;
        }
        boolean newPort = port == 0;
        CommandRunner.Result result = null;
        // a port free when probed may be taken before postgres binds it; then another is tried
        for (int attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
            if (newPort) {
                port = freePort();
            }
            result = pgCtl.start(data, port, log, base.resolve(name + "-pg_ctl.out"));
            if (result.succeeded() || !newPort || !logTail().contains("could not bind")) {
                break;
            }
        }
        if (!result.succeeded()) {
            throw new IllegalStateException("the " + name + " did not start: pg_ctl exited " + result.exitCode() + " (port "
                    + port + ")\n" + result.output().strip() + "\n--- server log ---\n" + logTail());
        }
        running = true;
    }

    /** Fast shutdown, then immediate if that fails. */
    synchronized void stop() {
        if (!running && !Files.exists(data.resolve("postmaster.pid"))) {
            return;
        }
        Path output = base.resolve(name + "-pg_ctl-stop.out");
        if (!pgCtl.stop(data, "fast", output).succeeded()) {
            pgCtl.stop(data, "immediate", output);
        }
        running = false;
    }

    String logTail() {
        return CommandRunner.tail(log, LOG_TAIL_LINES);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(LocalCluster.HOST))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port on " + LocalCluster.HOST, e);
        }
    }
}
