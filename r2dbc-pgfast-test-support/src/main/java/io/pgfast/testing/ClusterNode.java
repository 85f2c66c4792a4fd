package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One server of a {@link ReplicatedCluster}: a data directory under the pair's directory, a TCP port on
 * 127.0.0.1 (no Unix socket), pg_ctl start / stop / promote, and the two ways a primary fails in the failover
 * tests (immediate shutdown, SIGKILL of the postmaster). The port is kept across restarts and new copies.
 */
final class ClusterNode {
    private static final int LOG_TAIL_LINES = 30;
    private static final int PORT_ATTEMPTS = 3;
    /** How long the children of a killed postmaster may take to notice and end. */
    private static final Duration ORPHAN_WAIT = Duration.ofSeconds(30);

    private final String name;
    private final PgCtl pgCtl;
    private final Path base;
    private final Path data;
    private final Path log;
    private final List<ProcessHandle> orphans = new ArrayList<>();
    private int port;
    private boolean running;

    ClusterNode(String name, PgCtl pgCtl, Path base) {
        this.name = name;
        this.pgCtl = pgCtl;
        this.base = base;
        this.data = base.resolve(name);
        this.log = base.resolve(name + ".log");
    }

    String name() {
        return name;
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
                port = Ports.free(LocalCluster.HOST);
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

    /** Fast shutdown, then immediate if that fails; the orphans of a killed postmaster are ended too. */
    synchronized void stop() {
        reapOrphans();
        if (!running && !Files.exists(data.resolve("postmaster.pid"))) {
            return;
        }
        Path output = base.resolve(name + "-pg_ctl-stop.out");
        if (!pgCtl.stop(data, "fast", output).succeeded()) {
            pgCtl.stop(data, "immediate", output);
        }
        running = false;
    }

    /**
     * Immediate shutdown ({@code pg_ctl -m immediate}): every server process quits at once, nothing is written,
     * the next start recovers as after a crash (docs, "Shutting Down the Server": SIGQUIT).
     *
     * @throws IllegalStateException if pg_ctl fails
     */
    synchronized void stopImmediately() {
        Path output = base.resolve(name + "-pg_ctl-stop.out");
        CommandRunner.Result r = pgCtl.stop(data, "immediate", output);
        if (!r.succeeded()) {
            throw new IllegalStateException("pg_ctl -m immediate stop of the " + name + " failed: " + r.output());
        }
        running = false;
    }

    /**
     * SIGKILL to the postmaster alone, as the kernel's OOM killer would send it; returns once the postmaster is
     * gone. Its children are left running, as they would be: each ends when it notices that its postmaster died
     * (an idle backend at once, a walsender on its next loop). They are remembered and ended by
     * {@link #reapOrphans()}. The stale postmaster.pid is deleted, so that no later pg_ctl signals its PID
     * (which another process may get); the data directory is not started again, only replaced.
     *
     * @throws IllegalStateException if there is no running postmaster or it does not die
     */
    synchronized void killPostmaster() {
        long pid = postmasterPid().orElseThrow(() -> new IllegalStateException("the " + name + " has no postmaster.pid"));
        ProcessHandle postmaster = ProcessHandle.of(pid)
                .orElseThrow(() -> new IllegalStateException("the " + name + "'s postmaster " + pid + " is not running"));
        orphans.addAll(postmaster.children().toList());
        postmaster.destroyForcibly();
        if (!awaitDeath(postmaster, System.nanoTime() + ORPHAN_WAIT.toNanos())) {
            throw new IllegalStateException("the " + name + "'s postmaster " + pid + " survived SIGKILL");
        }
        running = false;
        try {
            Files.deleteIfExists(data.resolve("postmaster.pid"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the stale postmaster.pid of the " + name, e);
        }
    }

    /**
     * Waits for the children of a killed postmaster to end by themselves, SIGKILLs those still there after
     * {@link #ORPHAN_WAIT}; returns how many had to be killed.
     */
    synchronized int reapOrphans() {
        long deadline = System.nanoTime() + ORPHAN_WAIT.toNanos();
        int killed = 0;
        for (ProcessHandle orphan : orphans) {
            if (!awaitDeath(orphan, deadline)) {
                orphan.destroyForcibly();
                killed++;
            }
        }
        orphans.clear();
        return killed;
    }

    /**
     * Until {@code process} has ended or the deadline passed; whether it ended. A dead process that is not this
     * JVM's child stays a zombie until its new parent (PID 1) reaps it, which may take seconds in a container
     * ({@link ProcessHandle#isAlive()} and {@code onExit} wait for that), but it holds no socket or file any
     * more: its state in /proc says it is dead at once.
     */
    private static boolean awaitDeath(ProcessHandle process, long deadlineNanos) {
        while (process.isAlive() && !isZombie(process.pid())) {
            if (System.nanoTime() > deadlineNanos) {
                return false;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** The state field of /proc/PID/stat (after the parenthesised command name) is Z for a zombie (proc(5)). */
    private static boolean isZombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            int end = stat.lastIndexOf(')');
            return end > 0 && end + 2 < stat.length() && stat.charAt(end + 2) == 'Z';
        } catch (IOException e) {
            return !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
    }

    /** {@code pg_ctl promote -w}: returns once this standby has become a primary. */
    synchronized void promote() {
        CommandRunner.Result r = pgCtl.promote(data, base.resolve(name + "-pg_ctl-promote.out"));
        if (!r.succeeded()) {
            throw new IllegalStateException("pg_ctl promote of the " + name + " failed (exit " + r.exitCode() + "): "
                    + r.output().strip() + "\n--- server log ---\n" + logTail());
        }
    }

    /** Deletes the data directory of this stopped server, so that a new copy can take its place. */
    synchronized void deleteData() {
        if (running) {
            throw new IllegalStateException("the " + name + " is running; stop it before deleting its data");
        }
        reapOrphans();
        FileTree.delete(data);
    }

    /** The first line of postmaster.pid is the postmaster's PID. */
    private Optional<Long> postmasterPid() {
        try {
            List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    String logTail() {
        return CommandRunner.tail(log, LOG_TAIL_LINES);
    }
}
