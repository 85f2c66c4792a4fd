package io.pgfast.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A PostgreSQL installed on this machine ({@code -Dpgfast.test.binaries=local}): the directory of the
 * {@code pg_ctl} found on PATH (symbolic links resolved, as Debian links /usr/bin tools to a wrapper) and every
 * {@code /usr/lib/postgresql/<major>/bin}.
 */
final class LocalBinaries {
    private static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");

    private LocalBinaries() {
    }

    /**
     * The installation of the wanted major if there is one, otherwise the newest (the caller reports the mismatch).
     * Empty, with the reason in {@code tried}, when none is installed.
     */
    static Optional<PgBinaries> find(OptionalInt wantedMajor, List<String> tried) {
        List<PgBinaries> found = new ArrayList<>();
        for (Path dir : candidates()) {
            try {
                found.add(PgBinaries.inspect(dir, "local installation " + dir));
            } catch (IllegalStateException e) {
                tried.add("local binaries: " + e.getMessage());
            }
        }
        if (found.isEmpty()) {
            tried.add("local binaries: no initdb/pg_ctl/postgres next to a pg_ctl on PATH or in "
                    + DEBIAN_ROOT + "/*/bin");
            return Optional.empty();
        }
        Optional<PgBinaries> wanted = wantedMajor.isPresent()
                ? found.stream().filter(b -> b.major() == wantedMajor.getAsInt()).findFirst()
                : Optional.empty();
        return wanted.or(() -> found.stream().max(Comparator.comparingInt(PgBinaries::major)));
    }

    private static Set<Path> candidates() {
        Set<Path> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String entry : path.split(File.pathSeparator)) {
                Path pgCtl = Path.of(entry.isEmpty() ? "." : entry, "pg_ctl");
                if (Files.isExecutable(pgCtl)) {
                    try {
                        Path real = pgCtl.toRealPath().getParent();
                        if (PgBinaries.complete(real)) {
                            dirs.add(real);
                        }
                    } catch (IOException ignored) {
                        // a dangling link on PATH is not an installation
                    }
                }
            }
        }
        if (Files.isDirectory(DEBIAN_ROOT)) {
            try (DirectoryStream<Path> majors = Files.newDirectoryStream(DEBIAN_ROOT)) {
                for (Path major : majors) {
                    Path bin = major.resolve("bin");
                    if (PgBinaries.complete(bin)) {
                        dirs.add(bin.toRealPath());
                    }
                }
            } catch (IOException ignored) {
                // an unreadable /usr/lib/postgresql holds nothing usable
            }
        }
        return dirs;
    }
}
