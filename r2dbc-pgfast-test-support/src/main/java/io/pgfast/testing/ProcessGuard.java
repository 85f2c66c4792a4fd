package io.pgfast.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small shell process that outlives this JVM only to clean up after a daemon it started in the foreground
 * (pgbouncer): once the JVM is gone, even by SIGKILL when no shutdown hook runs, it kills that process and deletes
 * its directory. On a normal stop the owner dismisses it first.
 */
final class ProcessGuard {
    private static final String SCRIPT = String.join("\n",
            "jvm=$1; pid=$2; dir=$3",
            "while kill -0 \"$jvm\" 2>/dev/null; do sleep 1; done",
            "kill -9 \"$pid\" 2>/dev/null",
            "rm -rf \"$dir\"");
    private static final long DISMISS_WAIT_SECONDS = 5;

    private final Process process;

    private ProcessGuard(Process process) {
        this.process = process;
    }

    static ProcessGuard watch(long pid, Path directory) {
        List<String> command = List.of("sh", "-c", SCRIPT, "pgfast-process-guard",
                Long.toString(ProcessHandle.current().pid()), Long.toString(pid), directory.toString());
        try {
            return new ProcessGuard(new ProcessBuilder(command)
                    .redirectInput(Redirect.from(new File("/dev/null")))
                    .redirectOutput(Redirect.DISCARD)
                    .redirectError(Redirect.DISCARD)
                    .start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the process guard (sh)", e);
        }
    }

    /** Ends the guard; the owner has stopped the process and deleted the directory. */
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
