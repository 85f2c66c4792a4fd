package io.pgfast.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How this JVM runs initdb, pg_ctl and postgres, which refuse to run as root.
 *
 * <p>As root the first that works is used: {@code unshare -U} (a new user namespace where the process sees
 * itself as uid 65534 and owns the root-owned files it creates, so no chown is needed), then
 * {@code runuser -u postgres --} and {@code setpriv} to nobody, both after handing the cluster's directory to
 * that user. Any other user runs the commands directly.
 */
record ServerUser(String description, List<String> prefix, Optional<String> owner) {
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);
    private static ServerUser current;

    ServerUser {
        prefix = List.copyOf(prefix);
    }

    /**
     * The way to use here, probed once per JVM (each candidate runs {@code true}).
     *
     * @throws IllegalStateException as root when no candidate works; every later call throws it again
     */
    static synchronized ServerUser current() {
        if (current == null) {
            current = detect();
        }
        return current;
    }

    static ServerUser direct() {
        return new ServerUser("the current user", List.of(), Optional.empty());
    }

    static ServerUser unshare() {
        return new ServerUser("root, through unshare -U", List.of("unshare", "-U"), Optional.empty());
    }

    static ServerUser runuser() {
        return new ServerUser("root, through runuser -u postgres", List.of("runuser", "-u", "postgres", "--"),
                Optional.of("postgres:"));
    }

    static ServerUser setpriv() {
        return new ServerUser("root, through setpriv to nobody",
                List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--init-groups"), Optional.of("nobody:nogroup"));
    }

    /** Whether {@code true} runs this way. */
    boolean works() {
        return CommandRunner.succeeds(wrap(List.of("true")), PROBE_TIMEOUT);
    }

    List<String> wrap(List<String> command) {
        List<String> all = new ArrayList<>(prefix);
        all.addAll(command);
        return all;
    }

    /** Gives {@code directory} and everything in it to the server's user, when that is not this process's. */
    void takeOwnership(Path directory) {
        if (owner.isEmpty()) {
            return;
        }
        List<String> chown = List.of("chown", "-R", owner.get(), directory.toString());
        Path output = directory.resolveSibling(directory.getFileName() + ".chown.out");
        try {
            CommandRunner.Result result = CommandRunner.run(chown, PROBE_TIMEOUT, output);
            if (!result.succeeded()) {
                throw new IllegalStateException(String.join(" ", chown) + " failed: " + result.output());
            }
        } finally {
            deleteQuietly(output);
        }
    }

    private static ServerUser detect() {
        if (!runningAsRoot()) {
            return direct();
        }
        for (ServerUser candidate : List.of(unshare(), runuser(), setpriv())) {
            if (candidate.works()) {
                return candidate;
            }
        }
        throw new IllegalStateException("running as root, and PostgreSQL refuses root; none of `unshare -U`, "
                + "`runuser -u postgres --` or `setpriv --reuid=nobody` works here. Run the tests as another user "
                + "or give a server with PGFAST_TEST_URL.");
    }

    /** /proc/self belongs to the effective uid of whoever looks at it. */
    static boolean runningAsRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stray .chown.out in the temp directory is harmless
        }
    }
}
