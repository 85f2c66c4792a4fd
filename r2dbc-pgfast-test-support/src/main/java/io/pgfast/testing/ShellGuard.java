package io.pgfast.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small {@code sh} process that outlives this JVM only to clean up after it: its script waits while the JVM
 * (its first argument) lives, then removes what the JVM left behind — even when the JVM was killed with SIGKILL
 * and no shutdown hook ran. On a normal stop the owner cleans up itself and dismisses the guard.
 * {@link OrphanGuard} and {@link ProcessGuard} hold the two scripts.
 */
final class ShellGuard {
    private static final long DISMISS_WAIT_SECONDS = 5;

    private final Process process;

    private ShellGuard(Process process) {
        this.process = process;
    }

    /** Starts {@code script} as {@code sh -c script name <this JVM's pid> args…}. */
    static ShellGuard start(String name, String script, List<String> args) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", script, name, Long.toString(ProcessHandle.current().pid())));
        command.addAll(args);
        try {
            return new ShellGuard(new ProcessBuilder(command)
                    .redirectInput(Redirect.from(new File("/dev/null")))
                    .redirectOutput(Redirect.DISCARD)
                    .redirectError(Redirect.DISCARD)
                    .start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the " + name + " (sh)", e);
        }
    }

    /** Ends the guard, waiting a moment for it to be gone; the owner has cleaned up already. */
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
