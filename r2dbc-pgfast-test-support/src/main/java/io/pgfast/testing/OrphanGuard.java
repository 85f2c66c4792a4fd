package io.pgfast.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small shell process that outlives this JVM only to clean up after it: once the JVM is gone (even killed
 * with SIGKILL, when no shutdown hook runs) it stops the cluster with {@code pg_ctl -m immediate} (or SIGKILL to
 * the postmaster) and deletes its directories. On a normal stop the cluster ends it first.
 */
final class OrphanGuard {
    private static final String SCRIPT = String.join("\n",
            "jvm=$1; data=$2; base=$3; sockets=$4; shift 4",
            "while kill -0 \"$jvm\" 2>/dev/null; do sleep 1; done",
            "if [ -f \"$data/postmaster.pid\" ]; then",
            "  \"$@\" || kill -9 \"$(head -n 1 \"$data/postmaster.pid\")\"",
            "fi",
            "rm -rf \"$base\" \"$sockets\"");

    private static final long DISMISS_WAIT_SECONDS = 5;

    private final Process process;

    private OrphanGuard(Process process) {
        this.process = process;
    }

    /**
     * @param stopCommand run when the JVM has died and the cluster still has a postmaster.pid
     * @param sockets     the socket directory, which may lie outside {@code base}
     */
    static OrphanGuard watch(List<String> stopCommand, Path data, Path base, Path sockets) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", SCRIPT, "pgfast-orphan-guard",
                Long.toString(ProcessHandle.current().pid()), data.toString(), base.toString(), sockets.toString()));
        command.addAll(stopCommand);
        try {
            return new OrphanGuard(new ProcessBuilder(command)
                    .redirectInput(Redirect.from(new File("/dev/null")))
                    .redirectOutput(Redirect.DISCARD)
                    .redirectError(Redirect.DISCARD)
                    .start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the orphan guard (sh)", e);
        }
    }

    /** Ends the guard, waiting a moment for it to be gone; the cluster has been cleaned up by the caller. */
    void dismiss() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(DISMISS_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
