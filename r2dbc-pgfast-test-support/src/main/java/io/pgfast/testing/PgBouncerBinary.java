package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A pgbouncer executable that runs here, with the directories of the shared libraries extracted next to it
 * (empty for an installed one) and its version.
 */
record PgBouncerBinary(Path executable, List<Path> libraryDirectories, PgBouncerVersion version, String origin) {
    private static final Duration VERSION_TIMEOUT = Duration.ofSeconds(10);

    PgBouncerBinary {
        libraryDirectories = List.copyOf(libraryDirectories);
    }

    /**
     * Runs {@code executable --version} and reads the version from it.
     *
     * @throws IllegalStateException if it does not run (a missing shared library shows in the message)
     */
    static PgBouncerBinary inspect(Path executable, List<Path> libraryDirectories, String origin) {
        List<String> command = command(executable, libraryDirectories, List.of("--version"));
        Path output = tempFile();
        try {
            CommandRunner.Result result = CommandRunner.run(command, VERSION_TIMEOUT, output);
            if (!result.succeeded()) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + result.exitCode()
                        + "): " + result.output().strip());
            }
            return new PgBouncerBinary(executable, libraryDirectories, PgBouncerVersion.parse(result.output()), origin);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(String.join(" ", command) + ": " + e.getMessage(), e);
        } finally {
            deleteQuietly(output);
        }
    }

    /** The command line that runs pgbouncer with {@code arguments}, finding the extracted libraries first. */
    List<String> command(List<String> arguments) {
        return command(executable, libraryDirectories, arguments);
    }

    private static List<String> command(Path executable, List<Path> libraryDirectories, List<String> arguments) {
        List<String> command = new ArrayList<>();
        if (!libraryDirectories.isEmpty()) {
            // env(1) rather than the ProcessBuilder environment: the command may be wrapped in unshare or runuser
            command.add("env");
            command.add("LD_LIBRARY_PATH=" + libraryDirectories.stream().map(Path::toString)
                    .collect(Collectors.joining(":")));
        }
        command.add(executable.toString());
        command.addAll(arguments);
        return command;
    }

    private static Path tempFile() {
        try {
            return Files.createTempFile("pgfast-pgbouncer-version-", ".out");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary file", e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a stray file in the temp directory is harmless
        }
    }
}
