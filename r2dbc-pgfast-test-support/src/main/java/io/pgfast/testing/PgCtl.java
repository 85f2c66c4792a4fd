package io.pgfast.testing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The initdb and pg_ctl command lines of one installation, run as {@link ServerUser}.
 *
 * @see <a href="https://www.postgresql.org/docs/current/app-initdb.html">initdb</a>
 * @see <a href="https://www.postgresql.org/docs/current/app-pg-ctl.html">pg_ctl</a>
 */
final class PgCtl {
    /** pg_ctl's own wait for the server to accept connections ({@code -t}); the process gets a little more. */
    static final int START_WAIT_SECONDS = 30;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(START_WAIT_SECONDS + 10);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration INITDB_TIMEOUT = Duration.ofSeconds(120);

    private final PgBinaries binaries;
    private final ServerUser user;

    PgCtl(PgBinaries binaries, ServerUser user) {
        this.binaries = binaries;
        this.user = user;
    }

    /**
     * Starts initdb (without waiting, so the caller can do other work meanwhile). C locale and UTF8 keep results
     * independent of the machine; {@code --no-sync} is safe for a throwaway cluster and saves most of initdb's time.
     */
    Process startInitdb(Path data, String superuser, Path passwordFile, Path output) {
        return CommandRunner.start(initdbCommand(data, superuser, passwordFile), output);
    }

    void awaitInitdb(Process initdb, Path data, String superuser, Path passwordFile, Path output) {
        List<String> command = initdbCommand(data, superuser, passwordFile);
        CommandRunner.Result result = CommandRunner.await(initdb, command, INITDB_TIMEOUT, output);
        if (!result.succeeded()) {
            throw new IllegalStateException("initdb failed (exit " + result.exitCode() + "): "
                    + String.join(" ", command) + "\n" + result.output());
        }
    }

    /** {@code pg_ctl start -w}: returns once the server accepts connections or has failed to start. */
    CommandRunner.Result start(Path data, int port, Path serverLog, Path output) {
        List<String> command = user.wrap(List.of(tool("pg_ctl"), "-D", data.toString(), "-l", serverLog.toString(),
                "-w", "-t", Integer.toString(START_WAIT_SECONDS), "-o", "-p " + port, "start"));
        return CommandRunner.run(command, START_TIMEOUT, output);
    }

    /** @param mode {@code fast} (roll back, disconnect, shut down) or {@code immediate} (abort without checkpoint) */
    CommandRunner.Result stop(Path data, String mode, Path output) {
        return CommandRunner.run(stopCommand(data, mode), STOP_TIMEOUT, output);
    }

    /**
     * {@code pg_ctl promote -w}: ends the standby's recovery; returns once the server accepts writes.
     *
     * @see <a href="https://www.postgresql.org/docs/current/warm-standby-failover.html">Failover</a>
     */
    CommandRunner.Result promote(Path data, Path output) {
        List<String> command = user.wrap(List.of(tool("pg_ctl"), "-D", data.toString(), "-w", "-t",
                Integer.toString(START_WAIT_SECONDS), "promote"));
        return CommandRunner.run(command, START_TIMEOUT, output);
    }

    List<String> stopCommand(Path data, String mode) {
        return user.wrap(List.of(tool("pg_ctl"), "-D", data.toString(), "-m", mode, "-w", "-t", "10", "stop"));
    }

    private List<String> initdbCommand(Path data, String superuser, Path passwordFile) {
        return user.wrap(List.of(tool("initdb"), "-D", data.toString(), "-U", superuser,
                "--pwfile=" + passwordFile, "-A", "scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"));
    }

    private String tool(String name) {
        return binaries.tool(name).toString();
    }
}
