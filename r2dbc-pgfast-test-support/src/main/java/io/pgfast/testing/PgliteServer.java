package io.pgfast.testing;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A PostgreSQL with pgvector for the pgvector tests: PGlite (PostgreSQL 17 built to WebAssembly, npm
 * {@code @electric-sql/pglite}, which bundles pgvector) served on a free port of 127.0.0.1 by
 * {@code @electric-sql/pglite-socket}, through {@code src/main/node/pglite-server.mjs} of this module. Started
 * on first use, once per JVM, stopped when the JVM exits; the {@code vector} extension is created.
 *
 * <p>Needs Node.js ({@code node} on PATH) and the packages installed by {@code npm ci} in that directory;
 * without them {@link #get()} aborts the test, saying so, so it counts as skipped. The directory is found by
 * walking up from the working directory, or given with {@code -Dpgfast.test.pglite.dir}.
 *
 * <p>What differs from a real server (connect accordingly): TLS is refused, so use {@code sslMode=disable};
 * one backend session serves every connection, one connection at a time (a second waits for the first to
 * close), so statement names collide between connections: use unnamed statements
 * ({@code preparedStatementCacheQueries=0}); session state carries over from one connection to the next;
 * user {@code postgres} logs in with any password.
 */
public final class PgliteServer {

    /** System property naming the directory of {@code pglite-server.mjs} and its {@code node_modules}. */
    public static final String DIR_PROPERTY = "pgfast.test.pglite.dir";

    private static final String SCRIPT = "pglite-server.mjs";
    private static final Path MODULE_DIR = Path.of("r2dbc-pgfast-test-support", "src", "main", "node");
    private static final String HOST = "127.0.0.1";
    /** Loading the WebAssembly build takes seconds here; generous, it only catches a hang. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final int LOG_TAIL_LINES = 30;
    private static final Object LOCK = new Object();
    private static PgliteServer started;
    private static RuntimeException failed;

    private final Path base;
    private final Path log;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private Process process;
    private ShellGuard guard;
    private int port;

    private PgliteServer(Path base) {
        this.base = base;
        this.log = base.resolve("pglite.log");
    }

    /**
     * The server, started if this is the first call.
     *
     * @throws IllegalStateException if it cannot start; later calls throw again
     */
    public static PgliteServer get() {
        Path dir = directory();
        Assumptions.assumeTrue(dir != null && Files.isDirectory(dir.resolve("node_modules").resolve("@electric-sql")),
                () -> "pgvector tests need PGlite: run `npm ci` in " + (dir == null ? MODULE_DIR : dir)
                        + " (Node.js 20+ and the npm registry), or give its directory with -D" + DIR_PROPERTY);
        Assumptions.assumeTrue(CommandRunner.succeeds(List.of("node", "--version"), Duration.ofSeconds(30)),
                "pgvector tests need Node.js (node on PATH) to serve PGlite");
        synchronized (LOCK) {
            if (started != null) {
                return started;
            }
            if (failed != null) {
                throw new IllegalStateException(failed.getMessage(), failed);
            }
            long begin = System.nanoTime();
            try {
                started = start(dir);
            } catch (RuntimeException e) {
                failed = e;
                throw e;
            }
            System.err.printf("[pgfast-test] PGlite with pgvector on %s:%d, ready in %d ms%n", HOST, started.port,
                    (System.nanoTime() - begin) / 1_000_000);
            return started;
        }
    }

    /** Where clients connect: {@code 127.0.0.1}. */
    public String host() {
        return HOST;
    }

    public int port() {
        return port;
    }

    /** The user to log in as (any password is accepted). */
    public String user() {
        return "postgres";
    }

    /** The database to connect to. */
    public String database() {
        return "postgres";
    }

    /** The last lines of the server's output, for assertion messages. */
    public String logTail() {
        return CommandRunner.tail(log, LOG_TAIL_LINES);
    }

    private static Path directory() {
        String given = System.getProperty(DIR_PROPERTY);
        if (given != null && !given.isBlank()) {
            return Path.of(given).toAbsolutePath();
        }
        for (Path at = Path.of("").toAbsolutePath(); at != null; at = at.getParent()) {
            Path candidate = at.resolve(MODULE_DIR);
            if (Files.isRegularFile(candidate.resolve(SCRIPT))) {
                return candidate;
            }
        }
        return null;
    }

    private static PgliteServer start(Path dir) {
        Path base;
        try {
            base = Files.createTempDirectory("pgfast-pglite-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory pgfast-pglite-*", e);
        }
        PgliteServer server = new PgliteServer(base);
        ShutdownActions.register(server::stop);
        try {
            server.boot(dir);
            return server;
        } catch (RuntimeException | Error e) {
            server.stop();
            throw e;
        }
    }

    private void boot(Path dir) {
        port = Ports.free(HOST);
        List<String> command = List.of("node", dir.resolve(SCRIPT).toString(), Integer.toString(port));
        process = CommandRunner.start(command, log);
        guard = ProcessGuard.watch(process.pid(), base);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (CommandRunner.tail(log, LOG_TAIL_LINES).contains("ready " + port)) {
                return;
            }
            Ports.pause(100, "PGlite to listen");
        }
        throw new IllegalStateException("PGlite did not start within " + START_TIMEOUT.toSeconds() + " s ("
                + String.join(" ", command) + ", " + (process.isAlive() ? "still running" : "exit " + process.exitValue())
                + ")\n--- its output ---\n" + logTail());
    }

    /** Stops the server (SIGTERM, then SIGKILL) and deletes its files. Idempotent. */
    void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            if (process != null && process.isAlive()) {
                process.destroy();
                if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            FileTree.delete(base);
            if (guard != null) {
                guard.dismiss();
            }
        }
    }

    @Override
    public String toString() {
        return "PGlite with pgvector on " + HOST + ":" + port;
    }
}
