package io.pgfast.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server binaries of a primary/standby pair and the {@code pg_basebackup} to copy the primary with.
 *
 * <p>The servers are those the harness runs the shared test server from ({@code -Dpgfast.test.pg}, default
 * {@value ServerSelection#DEFAULT_MAJOR}: the binaries jar, or with {@code -Dpgfast.test.binaries=local} an
 * installed PostgreSQL; the jar falls back to an installation). pg_basebackup copies servers of its own major
 * and older only, so the one used is, first that applies: the servers' own (an installation has it, the jar
 * has none); any found of that major or newer ({@code /usr/lib/postgresql/<major>/bin}, PATH). Without one
 * the standby is copied with the low-level backup API ({@link OnlineCopy}), which needs only SQL and the files.
 *
 * @param baseBackup empty: copy with the low-level backup API
 */
record ReplicationBinaries(PgBinaries server, Optional<Path> baseBackup, String description) {
    private static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");
    /** e.g. "pg_basebackup (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)". */
    private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) (\\d+)");

    /** @throws IllegalStateException naming what was tried when there are no server binaries at all */
    static ReplicationBinaries choose() {
        List<String> tried = new ArrayList<>();
        Optional<PgBinaries> server = serverBinaries(tried);
        if (server.isEmpty()) {
            throw new IllegalStateException("no PostgreSQL binaries for a primary and a standby; tried:\n  - "
                    + String.join("\n  - ", tried));
        }
        PgBinaries b = server.get();
        if (Files.isExecutable(b.tool("pg_basebackup"))) {
            return new ReplicationBinaries(b, Optional.of(b.tool("pg_basebackup")),
                    "PostgreSQL " + b.version() + " from " + b.source() + " with its own pg_basebackup");
        }
        for (Path tool : baseBackupCandidates()) {
            OptionalInt major = major(tool);
            if (major.isPresent() && major.getAsInt() >= b.major()) {
                return new ReplicationBinaries(b, Optional.of(tool), "PostgreSQL " + b.version() + " from " + b.source()
                        + " with " + tool + " (major " + major.getAsInt() + ")");
            }
        }
        return new ReplicationBinaries(b, Optional.empty(), "PostgreSQL " + b.version() + " from " + b.source()
                + "; no pg_basebackup of major >= " + b.major() + " found, standbys are copied with the low-level backup API");
    }

    /**
     * The server binaries of the shared test server's major, for a cluster of a test's own: the binaries jar, falling
     * back to an installation; with {@code -Dpgfast.test.binaries=local} an installation only. Empty, with what was
     * tried added to {@code tried}, when there are none.
     */
    static Optional<PgBinaries> serverBinaries(List<String> tried) {
        HarnessSettings settings = HarnessSettings.fromEnvironment();
        return settings.localBinaries()
                ? LocalBinaries.find(settings.major(), tried)
                : BinaryDistribution.fromClasspath(settings.cacheRoot(), tried).or(() -> LocalBinaries.find(settings.major(), tried));
    }

    /** The same servers, copying with the low-level backup API even when a pg_basebackup is at hand. */
    ReplicationBinaries withoutBaseBackup() {
        return new ReplicationBinaries(server, Optional.empty(), "PostgreSQL " + server.version() + " from " + server.source()
                + ", standbys copied with the low-level backup API");
    }

    private static Set<Path> baseBackupCandidates() {
        Set<Path> tools = new LinkedHashSet<>();
        if (Files.isDirectory(DEBIAN_ROOT)) {
            try (DirectoryStream<Path> majors = Files.newDirectoryStream(DEBIAN_ROOT)) {
                for (Path major : majors) {
                    Path tool = major.resolve("bin/pg_basebackup");
                    if (Files.isExecutable(tool)) {
                        tools.add(tool);
                    }
                }
            } catch (IOException ignored) {
                // an unreadable /usr/lib/postgresql holds nothing usable
            }
        }
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(File.pathSeparator)) {
                Path tool = Path.of(entry.isEmpty() ? "." : entry, "pg_basebackup");
                if (Files.isExecutable(tool)) {
                    tools.add(tool);
                }
            }
        }
        return tools;
    }

    /** The major {@code tool --version} reports; empty when it does not run. */
    private static OptionalInt major(Path tool) {
        Path output;
        try {
            output = Files.createTempFile("pgfast-basebackup-version-", ".out");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            CommandRunner.Result r = CommandRunner.run(List.of(tool.toString(), "--version"), Duration.ofSeconds(10), output);
            Matcher m = VERSION.matcher(r.output());
            return r.succeeded() && m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
        } catch (IllegalStateException | UncheckedIOException e) {
            return OptionalInt.empty();
        } finally {
            try {
                Files.deleteIfExists(output);
            } catch (IOException ignored) {
                // a stray version file in the temp directory is harmless
            }
        }
    }
}
