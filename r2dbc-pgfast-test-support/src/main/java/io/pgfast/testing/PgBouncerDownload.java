package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * PgBouncer from the Debian package archive, without installing it: {@code apt-get download pgbouncer} (plus
 * those of its {@code lib*} dependencies that dpkg does not list as installed, e.g. {@code libc-ares2}),
 * {@code dpkg -x} into {@code <cache>/<version>/}, run with {@code LD_LIBRARY_PATH} at the extracted libraries.
 *
 * <p>Done once per machine: later runs find {@code <cache>/<version>/.pgfast-complete}, which lists the library
 * directories relative to the version directory. Several JVMs at once are safe: the download holds an exclusive
 * lock on {@code <cache>/download.lock} and happens in a staging directory renamed into place when complete.
 */
final class PgBouncerDownload {
    static final String PACKAGE = "pgbouncer";
    private static final String COMPLETE_MARKER = ".pgfast-complete";
    private static final Path EXECUTABLE = Path.of("usr", "sbin", "pgbouncer");
    private static final Duration APT_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration DPKG_TIMEOUT = Duration.ofSeconds(30);

    private PgBouncerDownload() {
    }

    /** The newest complete extraction in {@code cache}, if any. */
    static Optional<PgBouncerBinary> cached(Path cache) {
        if (!Files.isDirectory(cache)) {
            return Optional.empty();
        }
        List<Path> complete = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(cache, Files::isDirectory)) {
            for (Path dir : dirs) {
                if (Files.exists(dir.resolve(COMPLETE_MARKER))) {
                    complete.add(dir);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + cache, e);
        }
        Optional<Path> newest = complete.stream().max(Comparator.comparing(PgBouncerDownload::versionOf));
        return newest.map(dir -> PgBouncerBinary.inspect(dir.resolve(EXECUTABLE), libraryDirectories(dir),
                "cached Debian package in " + dir));
    }

    /**
     * Downloads and extracts pgbouncer into {@code cache}, unless another JVM has just done so.
     *
     * @throws IllegalStateException if a step fails; the message names the command and its output
     */
    static PgBouncerBinary download(Path cache) {
        synchronized (PgBouncerDownload.class) {
            try {
                Files.createDirectories(cache);
                try (FileChannel channel = FileChannel.open(cache.resolve("download.lock"),
                        StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                    FileLock lock = channel.lock();
                    try {
                        Optional<PgBouncerBinary> done = cached(cache);
                        return done.isPresent() ? done.get() : downloadLocked(cache);
                    } finally {
                        lock.release();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot download pgbouncer into " + cache + ": " + e, e);
            }
        }
    }

    private static PgBouncerBinary downloadLocked(Path cache) throws IOException {
        Path staging = Files.createTempDirectory(cache, "staging-");
        try {
            Path debs = Files.createDirectory(staging.resolve("debs"));
            Path root = Files.createDirectory(staging.resolve("root"));
            aptDownload(debs, List.of(PACKAGE), staging);
            Path pgbouncerDeb = only(debs);
            List<String> missing = missingLibraries(dependencies(pgbouncerDeb, staging));
            if (!missing.isEmpty()) {
                aptDownload(debs, missing, staging);
            }
            try (Stream<Path> files = Files.list(debs)) {
                for (Path deb : files.filter(f -> f.toString().endsWith(".deb")).toList()) {
                    run(List.of("dpkg", "-x", deb.toString(), root.toString()), DPKG_TIMEOUT, staging);
                }
            }
            List<Path> relativeLibraries = sharedLibraryDirectories(root);
            PgBouncerBinary probe = PgBouncerBinary.inspect(root.resolve(EXECUTABLE),
                    relativeLibraries.stream().map(root::resolve).toList(), "Debian package");
            Path target = cache.resolve(probe.version().toString());
            if (Files.exists(target)) {
                // an older, interrupted extraction without the marker
                FileTree.delete(target);
            }
            StringBuilder marker = new StringBuilder();
            relativeLibraries.forEach(dir -> marker.append(dir).append('\n'));
            Files.writeString(root.resolve(COMPLETE_MARKER), marker, StandardCharsets.UTF_8);
            Files.move(root, target, StandardCopyOption.ATOMIC_MOVE);
            return PgBouncerBinary.inspect(target.resolve(EXECUTABLE), libraryDirectories(target),
                    "Debian package downloaded into " + target);
        } finally {
            FileTree.delete(staging);
        }
    }

    /**
     * {@code apt-get download} writes into the working directory. An empty package list (a fresh machine) makes it
     * fail; as root the list is then fetched once with {@code apt-get update}.
     */
    private static void aptDownload(Path into, List<String> packages, Path scratch) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "cd \"$0\" && exec apt-get download \"$@\"",
                into.toString()));
        command.addAll(packages);
        Path output = scratch.resolve("apt.out");
        CommandRunner.Result first = CommandRunner.run(command, APT_TIMEOUT, output);
        if (first.succeeded()) {
            return;
        }
        if (ServerUser.runningAsRoot()) {
            run(List.of("apt-get", "update"), APT_TIMEOUT, scratch);
            if (CommandRunner.run(command, APT_TIMEOUT, output).succeeded()) {
                return;
            }
        }
        throw new IllegalStateException("`apt-get download " + String.join(" ", packages) + "` failed (exit "
                + first.exitCode() + "): " + first.output().strip());
    }

    /** The package names of the {@code Depends} field (the first of each alternative, without versions). */
    private static List<String> dependencies(Path deb, Path scratch) {
        String depends = run(List.of("dpkg-deb", "-f", deb.toString(), "Depends"), DPKG_TIMEOUT, scratch);
        return parseDepends(depends);
    }

    static List<String> parseDepends(String depends) {
        List<String> names = new ArrayList<>();
        for (String clause : depends.split(",")) {
            String first = clause.split("\\|")[0].trim();
            String name = first.split("[\\s(:]")[0];
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    /** Shared-library packages among {@code dependencies} that dpkg does not have installed. */
    private static List<String> missingLibraries(List<String> dependencies) {
        return dependencies.stream()
                .filter(name -> name.startsWith("lib"))
                .filter(name -> !CommandRunner.succeeds(List.of("sh", "-c",
                        "[ \"$(dpkg-query -W -f='${db:Status-Status}' \"$0\" 2>/dev/null)\" = installed ]", name),
                        DPKG_TIMEOUT))
                .toList();
    }

    /** Directories under {@code root} holding {@code *.so*} files, relative to {@code root}. */
    private static List<Path> sharedLibraryDirectories(Path root) throws IOException {
        TreeSet<Path> dirs = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.getFileName().toString().contains(".so"))
                    .filter(f -> !Files.isDirectory(f))
                    .forEach(f -> dirs.add(root.relativize(f.getParent())));
        }
        return List.copyOf(dirs);
    }

    private static List<Path> libraryDirectories(Path versionDir) {
        try {
            return Files.readAllLines(versionDir.resolve(COMPLETE_MARKER), StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank())
                    .map(line -> versionDir.resolve(line.trim()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + versionDir.resolve(COMPLETE_MARKER), e);
        }
    }

    private static PgBouncerVersion versionOf(Path dir) {
        try {
            return PgBouncerVersion.parse("PgBouncer " + dir.getFileName());
        } catch (IllegalArgumentException e) {
            return new PgBouncerVersion(0, 0, 0);
        }
    }

    private static Path only(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> debs = files.filter(f -> f.toString().endsWith(".deb")).toList();
            if (debs.size() != 1) {
                throw new IllegalStateException("expected one .deb in " + dir + ", found " + debs);
            }
            return debs.get(0);
        }
    }

    private static String run(List<String> command, Duration timeout, Path scratch) {
        CommandRunner.Result result = CommandRunner.run(command, timeout, scratch.resolve("command.out"));
        if (!result.succeeded()) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + result.exitCode() + "): "
                    + result.output().strip());
        }
        return result.output();
    }
}
