package io.pgfast.testing;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Asks Testcontainers whether a Docker engine answers, bounded in time: its discovery tries several socket
 * locations and can take long or throw, so it runs on a daemon thread that is abandoned at the deadline.
 */
final class DockerProbe {
    private DockerProbe() {
    }

    /** Empty if Docker is usable; otherwise why not. Never throws. */
    static Optional<String> unavailableReason(Duration timeout) {
        FutureTask<Boolean> probe = new FutureTask<>(DockerProbe::available);
        Thread thread = new Thread(probe, "pgfast-docker-probe");
        thread.setDaemon(true);
        thread.start();
        try {
            return probe.get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    ? Optional.empty()
                    : Optional.of("Testcontainers found no working Docker environment");
        } catch (TimeoutException e) {
            probe.cancel(true);
            return Optional.of("no answer from Docker within " + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            return Optional.of("the Docker check failed: " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while checking for Docker");
        }
    }

    private static boolean available() {
        try {
            return org.testcontainers.DockerClientFactory.instance().isDockerAvailable();
        } catch (LinkageError e) {
            // Testcontainers (or one of its dependencies) is not on the classpath
            return false;
        }
    }
}
