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
 * pg_basebackup copies servers of its own major and older only, so the choice is, first that applies:
 * an installed PostgreSQL that has its own pg_basebackup (Debian's {@code /usr/lib/postgresql/<major>/bin});
 * the harness's binaries (the jar, which holds no pg_basebackup) with any pg_basebackup found of that major
 * or newer; the harness's binaries alone, the standby then being a cold copy of the stopped primary.
 *
 * @param baseBackup empty: make the standby from a cold copy
 */
record ReplicationBinaries(PgBinaries server, Optional<Path> baseBackup, String description) {
    private static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");
    /** e.g. "pg_basebackup (PostgreSQL) 15.14 (Debian 15.14-0+deb12u1)". */
    private static final Pattern VERSION = Pattern.compile("\\(PostgreSQL\\) (\\d+)");

    /** @throws IllegalStateException naming what was tried when there are no server binaries at all */
    static ReplicationBinaries choose() {
        List<String> tried = new ArrayList<>();
        Optional<PgBinaries> local = LocalBinaries.find(OptionalInt.empty(), tried);
        if (local.isPresent() && Files.isExecutable(local.get().tool("pg_basebackup"))) {
            PgBinaries b = local.get();
            return new ReplicationBinaries(b, Optional.of(b.tool("pg_basebackup")),
                    "PostgreSQL " + b.version() + " from " + b.binDirectory() + " with its own pg_basebackup");
        }
        Optional<PgBinaries> harness = BinaryDistribution.fromClasspath(HarnessSettings.fromEnvironment().cacheRoot(), tried);
        Optional<PgBinaries> server = harness.or(() -> local);
        if (server.isEmpty()) {
            throw new IllegalStateException("no PostgreSQL binaries for a primary and a standby; tried:\n  - "
                    + String.join("\n  - ", tried));
        }
        PgBinaries b = server.get();
        for (Path tool : baseBackupCandidates()) {
            OptionalInt major = major(tool);
            if (major.isPresent() && major.getAsInt() >= b.major()) {
                return new ReplicationBinaries(b, Optional.of(tool), "PostgreSQL " + b.version() + " from " + b.source()
                        + " with " + tool + " (major " + major.getAsInt() + ")");
            }
        }
        return new ReplicationBinaries(b, Optional.empty(), "PostgreSQL " + b.version() + " from " + b.source()
                + "; no pg_basebackup of major >= " + b.major() + " found, the standby is a cold copy of the primary");
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
