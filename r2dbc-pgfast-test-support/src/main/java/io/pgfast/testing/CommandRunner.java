package io.pgfast.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs external commands with a deadline. Output goes to a file, never a pipe: a daemon the command leaves
 * behind (postgres started by pg_ctl) would otherwise hold the pipe open and make the reader wait forever.
 */
final class CommandRunner {
    private static final File DEV_NULL = new File("/dev/null");

    /** How a command ended and what it printed (stdout and stderr merged). */
    record Result(int exitCode, String output) {
        boolean succeeded() {
            return exitCode == 0;
        }
    }

    private CommandRunner() {
    }

    static Process start(List<String> command, Path output) {
        return start(command, output, false);
    }

    /** @param pipeInput whether the caller writes the command's stdin ({@link Process#getOutputStream()}); else /dev/null */
    static Process start(List<String> command, Path output, boolean pipeInput) {
        try {
            return new ProcessBuilder(command)
                    .redirectInput(pipeInput ? Redirect.PIPE : Redirect.from(DEV_NULL))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        }
    }

    /** Waits for {@code process}; past the deadline it and its children are killed and this throws. */
    static Result await(Process process, List<String> command, Duration timeout, Path output) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                throw new IllegalStateException(String.join(" ", command) + " did not finish within "
                        + timeout.toSeconds() + " s; its output:\n" + tail(output, 40));
            }
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + String.join(" ", command), e);
        }
        return new Result(process.exitValue(), read(output));
    }

    static Result run(List<String> command, Duration timeout, Path output) {
        return await(start(command, output), command, timeout, output);
    }

    /** Whether the command exits 0 within the deadline; any failure to run it counts as no. */
    static boolean succeeds(List<String> command, Duration timeout) {
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectInput(Redirect.from(DEV_NULL))
                    .redirectErrorStream(true)
                    .redirectOutput(Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            return false;
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                return false;
            }
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            return false;
        }
        return process.exitValue() == 0;
    }

    /** The last {@code lines} lines of a text file, or a note saying why there are none. */
    static String tail(Path file, int lines) {
        if (!Files.isReadable(file)) {
            return "(no " + file + ")";
        }
        List<String> all = read(file).lines().toList();
        String text = String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        return text.isEmpty() ? "(" + file + " is empty)" : text;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
