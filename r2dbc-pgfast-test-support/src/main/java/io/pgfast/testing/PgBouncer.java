package io.pgfast.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A PgBouncer in front of {@link TestPostgres#get()} (whatever its kind, an external server too), one per
 * {@link Mode} per JVM, started on first use on a free port of 127.0.0.1 and stopped when the JVM exits.
 *
 * <p>Clients log in with the test server's roles and passwords ({@link TestServer#role(AuthMethod)}, the
 * superuser), each by the method the server uses for it. The pgbouncer comes from {@link PgBouncerLocator}; when
 * none can be had, {@link #get(Mode)} fails, or aborts the test with {@code -Dpgfast.test.pgbouncer=skip}.
 *
 * @see <a href="https://www.pgbouncer.org/features.html">PgBouncer pooling modes</a>
 */
public final class PgBouncer {
    /** The pooling setups the tests use. */
    public enum Mode {
        /** A server connection per client connection for its whole life; enough for 50 clients at once. */
        SESSION("session", 55, 0),
        /** A server connection per transaction, only 2 per database and user, so clients must share them. */
        TRANSACTION("transaction", 2, 0),
        /**
         * As {@link #TRANSACTION}, with {@code max_prepared_statements = 100}: PgBouncer (1.21 and later) tracks
         * named prepared statements and prepares them on whichever server connection a client gets.
         */
        TRANSACTION_PREPARED_STATEMENTS("transaction", 2, 100);

        private final String poolMode;
        private final int poolSize;
        private final int maxPreparedStatements;

        Mode(String poolMode, int poolSize, int maxPreparedStatements) {
            this.poolMode = poolMode;
            this.poolSize = poolSize;
            this.maxPreparedStatements = maxPreparedStatements;
        }

        /** The {@code pool_mode} setting. */
        public String poolMode() {
            return poolMode;
        }

        /** The {@code default_pool_size}: server connections per database and user. */
        public int poolSize() {
            return poolSize;
        }

        /** The {@code max_prepared_statements} setting; 0 leaves it out (PgBouncer before 1.21 does not know it). */
        public int maxPreparedStatements() {
            return maxPreparedStatements;
        }
    }

    private static final int PORT_ATTEMPTS = 3;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final int LOG_TAIL_LINES = 30;
    private static final Object LOCK = new Object();
    private static final Map<Mode, PgBouncer> STARTED = new EnumMap<>(Mode.class);
    private static final Map<Mode, RuntimeException> FAILED = new EnumMap<>(Mode.class);
    private static PgBouncerBinary binary;
    private static RuntimeException binaryFailure;

    private final Mode mode;
    private final TestServer server;
    private final PgBouncerBinary executable;
    private final Path base;
    private final Path log;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private Process process;
    private ShellGuard guard;
    private int port;

    private PgBouncer(Mode mode, TestServer server, PgBouncerBinary executable, Path base) {
        this.mode = mode;
        this.server = server;
        this.executable = executable;
        this.base = base;
        this.log = base.resolve("pgbouncer.log");
    }

    /**
     * The PgBouncer of {@code mode}, started (and the test server too) if this is the first call for it.
     *
     * @throws UnsupportedOperationException if {@code mode} needs a newer PgBouncer than the one found
     * @throws IllegalStateException         if it cannot start, or no pgbouncer can be had; later calls throw again
     */
    public static PgBouncer get(Mode mode) {
        PgBouncerBinary found = binary();
        if (mode.maxPreparedStatements() > 0 && !found.version().supportsPreparedStatements()) {
            throw new UnsupportedOperationException("PgBouncer " + found.version() + " has no max_prepared_statements; "
                    + "it needs " + PgBouncerVersion.PREPARED_STATEMENTS + " or later");
        }
        TestServer server = TestPostgres.get();
        synchronized (LOCK) {
            PgBouncer running = STARTED.get(mode);
            if (running != null) {
                return running;
            }
            RuntimeException failure = FAILED.get(mode);
            if (failure != null) {
                throw new IllegalStateException(failure.getMessage(), failure);
            }
            long begin = System.nanoTime();
            try {
                running = start(mode, server, found);
            } catch (RuntimeException e) {
                FAILED.put(mode, e);
                throw e;
            }
            STARTED.put(mode, running);
            System.err.printf("[pgfast-test] PgBouncer %s (%s, pool_mode=%s, default_pool_size=%d) on %s:%d in front of "
                            + "%s:%d, ready in %d ms%n", found.version(), found.origin(), mode.poolMode(), mode.poolSize(),
                    running.host(), running.port(), server.host(), server.port(), (System.nanoTime() - begin) / 1_000_000);
            return running;
        }
    }

    /**
     * The version of the pgbouncer the harness runs, found (or downloaded) on first call.
     *
     * @throws IllegalStateException if none can be had (with {@code -Dpgfast.test.pgbouncer=skip} the test is
     *                               aborted instead, so it counts as skipped)
     */
    public static PgBouncerVersion version() {
        return binary().version();
    }

    private static PgBouncerBinary binary() {
        synchronized (LOCK) {
            if (binary == null && binaryFailure == null) {
                try {
                    binary = PgBouncerLocator.locate();
                } catch (RuntimeException e) {
                    binaryFailure = e;
                }
            }
            if (binaryFailure != null) {
                Assumptions.assumeFalse(PgBouncerLocator.skipWhenMissing(),
                        () -> "no pgbouncer and -D" + PgBouncerLocator.PROPERTY + "=skip: " + binaryFailure.getMessage());
                throw new IllegalStateException(binaryFailure.getMessage(), binaryFailure);
            }
            return binary;
        }
    }

    public Mode mode() {
        return mode;
    }

    /** The test server behind this PgBouncer. */
    public TestServer server() {
        return server;
    }

    /** Where clients connect: {@code 127.0.0.1}. */
    public String host() {
        return PgBouncerConfig.HOST;
    }

    public int port() {
        return port;
    }

    /** The last lines of PgBouncer's log, for assertion messages. */
    public String logTail() {
        return CommandRunner.tail(log, LOG_TAIL_LINES);
    }

    private static PgBouncer start(Mode mode, TestServer server, PgBouncerBinary executable) {
        Path base;
        try {
            base = Files.createTempDirectory("pgfast-pgbouncer-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory pgfast-pgbouncer-*", e);
        }
        PgBouncer bouncer = new PgBouncer(mode, server, executable, base);
        ShutdownActions.register(bouncer::stop);
        try {
            bouncer.boot();
            return bouncer;
        } catch (RuntimeException | Error e) {
            bouncer.stop();
            throw e;
        }
    }

    private void boot() {
        PgBouncerConfig config = new PgBouncerConfig(server, mode);
        Path authFile = base.resolve("userlist.txt");
        Path hbaFile = base.resolve("pgbouncer_hba.conf");
        Path ini = base.resolve("pgbouncer.ini");
        ServerUser user = ServerUser.current();
        try {
            Files.writeString(authFile, config.authFile(), StandardCharsets.UTF_8);
            Files.writeString(hbaFile, config.hbaFile(), StandardCharsets.UTF_8);
            for (int attempt = 1; ; attempt++) {
                port = Ports.free(PgBouncerConfig.HOST);
                Files.writeString(ini, config.ini(port, authFile.toString(), hbaFile.toString()), StandardCharsets.UTF_8);
                user.takeOwnership(base);
                // pgbouncer refuses to run as root, as postgres does: it runs the way the test server does
                List<String> command = user.wrap(executable.command(List.of(ini.toString())));
                process = CommandRunner.start(command, log);
                guard = ProcessGuard.watch(process.pid(), base);
                if (awaitListening()) {
                    return;
                }
                String tail = logTail();
                guard.dismiss();
                if (attempt < PORT_ATTEMPTS && tail.contains("Address already in use")) {
                    continue;
                }
                throw new IllegalStateException("PgBouncer did not start (" + String.join(" ", command) + ", exit "
                        + (process.isAlive() ? "none, still running" : process.exitValue()) + ")\n--- its log ---\n" + tail);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set up PgBouncer in " + base, e);
        }
    }

    /** Whether PgBouncer accepts TCP connections before it exits or the start timeout passes. */
    private boolean awaitListening() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                return false;
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(PgBouncerConfig.HOST, port), 200);
                return process.isAlive();
            } catch (IOException notYet) {
                Ports.pause(50, "PgBouncer to listen");
            }
        }
        stopProcess();
        return false;
    }

    /** Stops PgBouncer (SIGTERM: immediate shutdown, then SIGKILL) and deletes its files. Idempotent. */
    void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            stopProcess();
        } finally {
            FileTree.delete(base);
            if (guard != null) {
                guard.dismiss();
            }
        }
    }

    private void stopProcess() {
        if (process == null || !process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "PgBouncer " + executable.version() + " (" + mode + ") on " + host() + ":" + port();
    }
}
