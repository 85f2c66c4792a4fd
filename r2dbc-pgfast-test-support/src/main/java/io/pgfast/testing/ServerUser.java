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

    ServerUser {
        prefix = List.copyOf(prefix);
    }

    /** Probes once per JVM; the probe runs {@code true} through each candidate. */
    static ServerUser current() {
        return Holder.CURRENT;
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
        if (!isRoot()) {
            return new ServerUser("the current user", List.of(), Optional.empty());
        }
        List<String> unshare = List.of("unshare", "-U");
        if (works(unshare)) {
            return new ServerUser("root, through unshare -U", unshare, Optional.empty());
        }
        List<String> runuser = List.of("runuser", "-u", "postgres", "--");
        if (works(runuser)) {
            return new ServerUser("root, through runuser -u postgres", runuser, Optional.of("postgres:"));
        }
        List<String> setpriv = List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--init-groups");
        if (works(setpriv)) {
            return new ServerUser("root, through setpriv to nobody", setpriv, Optional.of("nobody:nogroup"));
        }
        throw new IllegalStateException("running as root, and PostgreSQL refuses root; none of `unshare -U`, "
                + "`runuser -u postgres --` or `setpriv --reuid=nobody` works here. Run the tests as another user "
                + "or give a server with PGFAST_TEST_URL.");
    }

    private static boolean works(List<String> prefix) {
        List<String> probe = new ArrayList<>(prefix);
        probe.add("true");
        return CommandRunner.succeeds(probe, PROBE_TIMEOUT);
    }

    /** /proc/self belongs to the effective uid of whoever looks at it. */
    private static boolean isRoot() {
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

    private static final class Holder {
        static final ServerUser CURRENT = detect();
    }
}
