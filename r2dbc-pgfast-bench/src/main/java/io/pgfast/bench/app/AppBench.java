package io.pgfast.bench.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.pgfast.bench.BenchTarget;
import io.pgfast.bench.CpuLayout;
import io.pgfast.bench.report.MachineInfo;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;

/**
 * The {@code --app} mode: the embedded server, set up for it ({@link OwnServer}) and filled with TFB's tables; one
 * application JVM per variant and a second one of the baseline, each verified ({@link AppVerifier}) before any load;
 * the warm-up and the rounds ({@link AppRounds}); the table ({@link AppReport}) printed and written with the windows as
 * Markdown and CSV.
 */
public final class AppBench {
    /** A process's start, with Spring Boot and a pool to fill, on the shared 2-core machine. */
    static final double START_SECONDS = 8;
    /** A verification, without the counters' lag (the mode's server has {@code pg_stat_statements}). */
    static final double VERIFY_SECONDS = 4;
    /** A window's own cost around wrk's seconds: wrk's start and connections, the drain before and after. */
    static final double WINDOW_OVERHEAD_SECONDS = 0.3;
    /** Connections beyond the pools': the coordinator's, the verifier's, a CancelRequest's while it lasts. */
    static final int SPARE_CONNECTIONS = 64;

    private AppBench() {
    }

    /** The processes of a run: every variant once, the baseline twice (the noise); MVC only on Java 21 and later. */
    static List<AppSlot> slots(AppOptions options, int javaFeature) {
        List<AppSlot> out = new ArrayList<>();
        for (AppVariant v : options.variants()) {
            if (v == AppVariant.MVC_JDBC && javaFeature < AppVariant.VIRTUAL_THREADS_JAVA) {
                continue;
            }
            out.add(new AppSlot(v, 1));
            if (v == AppVariant.R2DBC_POSTGRESQL) {
                out.add(new AppSlot(v, 2));
            }
        }
        return out;
    }

    /** About how long a run of {@code processes} takes. */
    static double estimateSeconds(AppOptions options, int processes) {
        int scenarios = options.scenarios().size();
        return processes * (START_SECONDS + VERIFY_SECONDS + scenarios * (options.warmup() + WINDOW_OVERHEAD_SECONDS))
                + (double) options.rounds() * processes * scenarios * (options.seconds() + WINDOW_OVERHEAD_SECONDS);
    }

    public static void main(String[] args, Path defaultOutput) throws Exception {
        AppOptions options;
        try {
            if (List.of(args).contains("--help")) {
                System.out.println(AppOptions.USAGE);
                return;
            }
            options = AppOptions.parse(args, defaultOutput);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(AppOptions.USAGE);
            System.exit(2);
            return;
        }
        int javaFeature = javaFeature(options.java());
        List<AppSlot> slots = slots(options, javaFeature);
        if (options.variants().contains(AppVariant.MVC_JDBC) && javaFeature < AppVariant.VIRTUAL_THREADS_JAVA) {
            System.err.println("[app] skipping " + AppVariant.MVC_JDBC.id() + ": " + options.java() + " is Java "
                    + javaFeature + ", and the variant runs on virtual threads (Java " + AppVariant.VIRTUAL_THREADS_JAVA
                    + "+; give one with --java, e.g. " + AppOptions.TEMURIN_25 + ")");
        }
        System.err.printf("[app] %s run: %d processes (%s), %d scenarios, %d round(s) of %d s windows, %d s warm-up "
                        + "per process and scenario; expect about %.0f minutes%n", options.mode(), slots.size(), slots,
                options.scenarios().size(), options.rounds(), options.seconds(), options.warmup(),
                estimateSeconds(options, slots.size()) / 60);
        if (System.getenv("PGFAST_BENCH_URL") != null && !System.getenv("PGFAST_BENCH_URL").isBlank()) {
            fail("the app mode runs on its own embedded server (it restarts it with the connections every pool needs and "
                    + "counts connections in its log); unset PGFAST_BENCH_URL");
        }
        Path out = options.outputDirectory();
        Path logs = out.resolve("app-logs");
        Files.createDirectories(logs);
        Files.deleteIfExists(logs.resolve("wrk.log"));
        CpuLayout layout = CpuLayout.choose(options.pin(), true);
        // before the server starts, so that it inherits the server's CPUs
        layout.pinThisProcess();
        System.err.println("[app] CPUs: " + layout.reason() + (layout.pinned() ? " (wrk beside the server)" : ""));
        Wrk wrk;
        try {
            wrk = Wrk.find(layout.serverPrefix(), logs);
        } catch (IOException e) {
            fail(e.getMessage());
            return;
        }
        if (System.getProperty("pgfast.test.docker") == null) {
            System.setProperty("pgfast.test.docker", "false");
        }
        TestServer server = TestPostgres.get();
        int connections = slots.size() * AppVariant.POOL_SIZE + SPARE_CONNECTIONS;
        ServerLog serverLog = OwnServer.restart(server, connections);
        TestRole trust = server.role(AuthMethod.TRUST);
        BenchTarget target = new BenchTarget(server.host(), server.port(), server.database(), trust.user(),
                trust.password());
        System.err.println("[app] server " + target + ", max_connections " + connections + ", log " + serverLog);
        try (Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password())) {
            TfbTables.createAndFill(c);
        }
        Map<AppSlot, AppProcess> apps = new LinkedHashMap<>();
        // on Ctrl-C too: the applications would otherwise outlive the run (each also ends when this JVM does)
        Thread stopApps = new Thread(() -> stopAll(apps));
        Runtime.getRuntime().addShutdownHook(stopApps);
        long begin = System.nanoTime();
        try (Connection watch = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password())) {
            AppVerifier verifier = new AppVerifier(target);
            for (AppSlot slot : slots) {
                long started = System.nanoTime();
                AppProcess app = AppProcess.start(slot, options.java(), target, layout,
                        logs.resolve(slot.variant().id() + "-" + slot.copy() + ".log"));
                synchronized (apps) {
                    apps.put(slot, app);
                }
                List<Problem> problems = verifier.verify(app.base());
                for (Problem p : problems) {
                    System.err.println("[app]   " + slot + ": " + p);
                }
                if (!AppVerifier.passed(problems)) {
                    throw new IllegalStateException(slot + " fails the verifier; nothing measured");
                }
                System.err.printf("[app] started and verified %-20s in %5.1f s%s%n", slot,
                        (System.nanoTime() - started) / 1e9, problems.isEmpty() ? "" : " (warnings above)");
            }
            AppRounds rounds = new AppRounds(options, apps, wrk, serverLog, watch, logs.resolve("wrk.log"));
            rounds.warmUp();
            List<AppWindow> windows = rounds.run();
            System.err.printf("[app] done in %.0f s%n", (System.nanoTime() - begin) / 1e9);
            AppReport report = new AppReport(options, slots, windows);
            String machine = MachineInfo.current(server.serverVersion(), layout.cpus(),
                    layout.pinned() ? layout.reason() : "").line();
            String table = report.markdown(machine, options.java() + " (Java " + javaFeature + "), -Xmx512m, pools of "
                    + AppVariant.POOL_SIZE);
            System.out.println(table);
            write(out.resolve("app-results.md"), table);
            write(out.resolve("app-windows.csv"), report.windowsCsv());
            write(out.resolve("app-summary.csv"), report.summaryCsv());
            System.err.println("[app] wrote app-results.md, app-windows.csv, app-summary.csv to " + out
                    + "; the applications' and wrk's logs to " + logs);
        } catch (IllegalStateException e) {
            stopAll(apps);
            fail(e.getMessage());
        } finally {
            stopAll(apps);
        }
        // the embedded server stops in the harness's shutdown hook
        System.exit(0);
    }

    private static void stopAll(Map<AppSlot, AppProcess> apps) {
        synchronized (apps) {
            for (AppProcess app : apps.values()) {
                try {
                    app.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** The Java feature version of {@code java} (from its installation's {@code release} file; 0 if unknown). */
    static int javaFeature(Path java) {
        Path release = java.toAbsolutePath().getParent().getParent().resolve("release");
        try {
            for (String line : Files.readAllLines(release)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring(line.indexOf('=') + 1).replace("\"", "");
                    return Integer.parseInt(v.split("[.+-]")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown: below every feature the mode asks for
        }
        return java.equals(Path.of(System.getProperty("java.home"), "bin", "java")) ? Runtime.version().feature() : 0;
    }

    private static void fail(String message) {
        System.err.println("[app] " + message);
        System.exit(1);
    }

    private static void write(Path file, String content) throws IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
