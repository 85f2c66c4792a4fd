package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A directory holding initdb, pg_ctl and postgres of one PostgreSQL version. */
record PgBinaries(Path binDirectory, String version, int major, String source) {
    /** e.g. "postgres (PostgreSQL) 17.4" or "postgres (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)". */
    private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) ((\\d+)(?:\\.\\d+)*)");
    private static final List<String> TOOLS = List.of("initdb", "pg_ctl", "postgres");

    Path tool(String name) {
        return binDirectory.resolve(name);
    }

    /** Whether {@code binDirectory} holds all three tools, executable. */
    static boolean complete(Path binDirectory) {
        return TOOLS.stream().allMatch(t -> Files.isExecutable(binDirectory.resolve(t)));
    }

    /**
     * Asks {@code postgres --version} (which, unlike running a server, is allowed as root).
     *
     * @throws IllegalStateException if a tool is missing or the version cannot be read
     */
    static PgBinaries inspect(Path binDirectory, String source) {
        if (!complete(binDirectory)) {
            throw new IllegalStateException(binDirectory + " lacks one of " + TOOLS + " (from " + source + ")");
        }
        Path output;
        try {
            output = Files.createTempFile("pgfast-version-", ".out");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            List<String> command = List.of(binDirectory.resolve("postgres").toString(), "--version");
            CommandRunner.Result result = CommandRunner.run(command, Duration.ofSeconds(10), output);
            Matcher m = VERSION.matcher(result.output());
            if (!result.succeeded() || !m.find()) {
                throw new IllegalStateException("cannot tell the version of " + binDirectory + ": " + result.output());
            }
            return new PgBinaries(binDirectory, m.group(1), Integer.parseInt(m.group(2)), source);
        } finally {
            try {
                Files.deleteIfExists(output);
            } catch (IOException ignored) {
                // a stray version file in the temp directory is harmless
            }
        }
    }
}
