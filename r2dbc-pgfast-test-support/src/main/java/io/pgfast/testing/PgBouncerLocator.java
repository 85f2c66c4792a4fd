package io.pgfast.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds a pgbouncer to run, first that works: the executable named by {@code -Dpgfast.test.pgbouncer=<path>};
 * {@code pgbouncer} on {@code PATH}; {@code /usr/sbin/pgbouncer}; an earlier download in the cache; a download
 * from the Debian archive now ({@link PgBouncerDownload}).
 *
 * <p>The cache is {@code $XDG_CACHE_HOME/pgfast/pgbouncer}, else {@code ~/.cache/pgfast/pgbouncer}.
 * {@code -Dpgfast.test.pgbouncer=skip} (or {@code PGFAST_TEST_PGBOUNCER=skip}) turns a missing pgbouncer into
 * skipped tests instead of failed ones.
 *
 * <p>Limit: as root, pgbouncer runs the way the test server does ({@link ServerUser}); through {@code unshare -U}
 * it reads root's cache, but through {@code runuser} or {@code setpriv} a cache under a private home directory is
 * out of its reach: then set {@code XDG_CACHE_HOME} to a directory every user can read.
 */
final class PgBouncerLocator {
    static final String PROPERTY = "pgfast.test.pgbouncer";
    static final String ENVIRONMENT = "PGFAST_TEST_PGBOUNCER";
    static final String SKIP = "skip";
    private static final Path SYSTEM_BINARY = Path.of("/usr/sbin/pgbouncer");

    private PgBouncerLocator() {
    }

    /** The {@code pgfast.test.pgbouncer} setting, if given. */
    static Optional<String> setting() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) {
            v = System.getenv(ENVIRONMENT);
        }
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    /** Whether a missing pgbouncer skips the tests that need it. */
    static boolean skipWhenMissing() {
        return setting().map(SKIP::equalsIgnoreCase).orElse(false);
    }

    /**
     * @throws IllegalStateException if none works; the message lists what was tried and how to install pgbouncer
     */
    static PgBouncerBinary locate() {
        List<String> tried = new ArrayList<>();
        Optional<String> setting = setting().filter(v -> !SKIP.equalsIgnoreCase(v));
        if (setting.isPresent()) {
            // an explicit choice is used or fails, never replaced by another pgbouncer
            return PgBouncerBinary.inspect(Path.of(setting.get()), List.of(), "-D" + PROPERTY);
        }
        List<Path> installed = installed();
        if (installed.isEmpty()) {
            tried.add("pgbouncer on PATH, " + SYSTEM_BINARY + ": not there");
        }
        for (Path candidate : installed) {
            Optional<PgBouncerBinary> binary = attempt(tried, candidate.toString(),
                    () -> PgBouncerBinary.inspect(candidate, List.of(), candidate.toString()));
            if (binary.isPresent()) {
                return binary.get();
            }
        }
        Path cache = cacheDirectory();
        Optional<PgBouncerBinary> cached = attempt(tried, "cache " + cache,
                () -> PgBouncerDownload.cached(cache).orElse(null));
        if (cached.isPresent()) {
            return cached.get();
        }
        Optional<PgBouncerBinary> downloaded = attempt(tried, "Debian package download into " + cache,
                () -> PgBouncerDownload.download(cache));
        if (downloaded.isPresent()) {
            return downloaded.get();
        }
        throw new IllegalStateException("the PgBouncer tests need pgbouncer and none could be had. Tried:\n  - "
                + String.join("\n  - ", tried)
                + "\nInstall it (Debian/Ubuntu: `apt-get install pgbouncer`; macOS: `brew install pgbouncer`), or pass "
                + "-D" + PROPERTY + "=/path/to/pgbouncer, or skip these tests with -D" + PROPERTY + "=" + SKIP + ".");
    }

    static Path cacheDirectory() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("pgfast").resolve("pgbouncer");
    }

    private static List<Path> installed() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    Path candidate = Path.of(dir, "pgbouncer");
                    if (Files.isExecutable(candidate) && !candidates.contains(candidate)) {
                        candidates.add(candidate);
                    }
                }
            }
        }
        if (Files.isExecutable(SYSTEM_BINARY) && !candidates.contains(SYSTEM_BINARY)) {
            candidates.add(SYSTEM_BINARY);
        }
        return candidates;
    }

    private interface Attempt {
        PgBouncerBinary run();
    }

    private static Optional<PgBouncerBinary> attempt(List<String> tried, String what, Attempt attempt) {
        try {
            PgBouncerBinary binary = attempt.run();
            if (binary == null) {
                tried.add(what + ": nothing there");
            }
            return Optional.ofNullable(binary);
        } catch (RuntimeException e) {
            tried.add(what + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
