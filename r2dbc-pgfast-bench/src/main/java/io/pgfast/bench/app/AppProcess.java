package io.pgfast.bench.app;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.CpuLayout;

/**
 * One variant's application JVM ({@link AppMain}), started where the {@link CpuLayout} puts the workers, with its
 * output in a log file; it serves on a port of its own until {@link #close}.
 */
final class AppProcess implements AutoCloseable {
    /** Starting Spring Boot and filling a pool of 256 on a shared 2-core machine. */
    private static final long START_SECONDS = 180;

    private final AppSlot slot;
    private final Process process;
    private final Path log;
    private final int port;

    private AppProcess(AppSlot slot, Process process, Path log, int port) {
        this.slot = slot;
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /**
     * Starts {@code slot}'s application with {@code java} and waits until it serves.
     *
     * @throws IOException if it exits or does not serve in time; the message holds its log's tail
     */
    static AppProcess start(AppSlot slot, Path java, BenchTarget target, CpuLayout layout, Path log)
            throws IOException, InterruptedException {
        int port = freePort();
        List<String> command = new ArrayList<>(layout.workerPrefix());
        command.add(java.toString());
        command.add("-Xms512m");
        command.add("-Xmx512m");
        // the heap's pages are touched at start, not in the windows of whichever process first allocates there
        command.add("-XX:+AlwaysPreTouch");
        command.addAll(layout.workerJvmArgs());
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(AppMain.class.getName());
        command.add(slot.variant().id());
        command.add(Integer.toString(port));
        command.add(Integer.toString(AppVariant.POOL_SIZE));
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
        pb.environment().putAll(target.toEnvironment());
        AppProcess app = new AppProcess(slot, pb.start(), log, port);
        try {
            app.awaitReady();
            return app;
        } catch (IOException | InterruptedException | RuntimeException e) {
            app.close();
            throw e;
        }
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (System.nanoTime() < deadline) {
            if (Files.readString(log, StandardCharsets.UTF_8).contains(AppMain.READY)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IOException(slot + " exited " + process.exitValue() + " before serving:\n" + tail());
            }
            Thread.sleep(100);
        }
        throw new IOException(slot + " did not serve within " + START_SECONDS + " s:\n" + tail());
    }

    AppSlot slot() {
        return slot;
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** The last lines of its log, for error messages. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Ends the JVM (SIGTERM: Boot closes its pools), forcibly after a few seconds. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
