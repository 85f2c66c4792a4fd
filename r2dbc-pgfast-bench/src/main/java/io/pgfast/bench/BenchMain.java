package io.pgfast.bench;

import io.pgfast.bench.report.CsvReport;
import io.pgfast.bench.report.JsonReport;
import io.pgfast.bench.report.MachineInfo;
import io.pgfast.bench.report.MarkdownReport;
import io.pgfast.bench.report.RunDescription;
import io.pgfast.bench.report.SvgChart;
import io.pgfast.bench.report.WarmupCurve;
import io.pgfast.bench.stats.Metric;
import io.pgfast.testing.AuthMethod;
import io.pgfast.testing.TestPostgres;
import io.pgfast.testing.TestRole;
import io.pgfast.testing.TestServer;

import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The coordinator: {@code java -jar r2dbc-pgfast-bench.jar [--quick | --full] [options]} (no mode flag: the
 * default run; {@code --parser}, {@code --app} and {@code --rejudge} are modes of their own). Gets a server
 * ({@code PGFAST_BENCH_URL}, or an embedded PostgreSQL from the test harness), fills the tables once, runs the
 * rounds ({@link Coordinator}), prints the tables and writes CSV, JSON and two SVG charts (q/s and CPU).
 */
public final class BenchMain {
    static final String URL_VARIABLE = "PGFAST_BENCH_URL";

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--parser")) {
            io.pgfast.bench.parser.ParserBench.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (args.length > 0 && args[0].equals("--app")) {
            io.pgfast.bench.app.AppBench.main(java.util.Arrays.copyOfRange(args, 1, args.length), defaultOutput());
            return;
        }
        if (args.length > 0 && args[0].equals("--rejudge")) {
            rejudge(args);
            return;
        }
        BenchOptions options;
        try {
            for (String a : args) {
                if (a.equals("--help") || a.equals("-h")) {
                    System.out.println(BenchOptions.USAGE);
                    return;
                }
            }
            boolean curve = java.util.Arrays.asList(args).contains("--curve");
            String[] rest = java.util.Arrays.stream(args).filter(a -> !a.equals("--curve")).toArray(String[]::new);
            options = BenchOptions.parse(rest, defaultOutput());
            if (curve) {
                options = options.forCurve();
            }
        } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
            System.err.println(e.getMessage());
            System.err.println(BenchOptions.USAGE);
            System.exit(2);
            return;
        }
        String startedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        CpuLayout layout = CpuLayout.choose(options.pin(), isBlank(System.getenv(URL_VARIABLE)));
        // before the server starts, so that it inherits the server's CPUs
        layout.pinThisProcess();
        System.err.println("[bench] CPUs: " + layout.reason());
        BenchTarget target = target();
        System.err.println("[bench] server " + target + "; filling the tables");
        String serverVersion = DataSetup.createAndFill(target);
        System.err.printf("[bench] %s run: %d rounds, %s s warm-up (%d passes) + %s s per scenario and shape, "
                        + "%d scenarios, shapes %s, drivers %s%n", options.mode(), options.rounds(), options.warmup(),
                options.passes(), options.seconds(), options.scenarios().size(), LoopShape.ids(options.shapes()),
                options.drivers());
        System.err.printf("[bench] expect about %.0f minutes%n", Estimate.seconds(options) / 60);
        Path out = options.outputDirectory();
        Files.createDirectories(out);
        WorkerLauncher launcher = new WorkerLauncher(target, options, out.resolve("logs"), layout);
        long begin = System.nanoTime();
        RunResults results = new Coordinator(options, launcher).run();
        System.err.printf("[bench] done in %.0f s%n", (System.nanoTime() - begin) / 1e9);
        RunDescription run = new RunDescription(options, results, MachineInfo.current(serverVersion, layout.cpus(),
                layout.pinned() ? layout.reason() : ""), startedAt);
        if (options.mode().equals("curve")) {
            String curve = WarmupCurve.render(run);
            System.out.println(curve);
            write(out.resolve("warmup-curve.md"), curve);
            write(out.resolve("warmup.csv"), CsvReport.warmup(run));
            System.err.println("[bench] wrote warmup-curve.md and warmup.csv to " + out);
            System.exit(0);
        }
        writeReports(run, out);
        // the embedded server stops in the harness's shutdown hook
        System.exit(0);
    }

    /** Prints the tables and writes every report of {@code run} to {@code out}. */
    private static void writeReports(RunDescription run, Path out) throws java.io.IOException {
        String table = MarkdownReport.render(run);
        System.out.println(table);
        write(out.resolve("results.md"), table);
        write(out.resolve("measurements.csv"), CsvReport.measurements(run));
        write(out.resolve("summary.csv"), CsvReport.summary(run));
        write(out.resolve("results.json"), JsonReport.render(run));
        write(out.resolve("warmup.csv"), CsvReport.warmup(run));
        write(out.resolve("ratios.svg"), SvgChart.render(run, Metric.THROUGHPUT));
        write(out.resolve("cpu-ratios.svg"), SvgChart.render(run, Metric.CPU));
        System.err.println("[bench] wrote results.md, measurements.csv, warmup.csv, summary.csv, results.json, ratios.svg, cpu-ratios.svg to " + out);
    }

    /**
     * {@code --rejudge DIR [--out OUT]}: reads the run DIR wrote ({@link RecordedRun}) and writes its reports again
     * under the current rule to OUT (default DIR/rejudged), measuring nothing.
     */
    private static void rejudge(String[] args) throws java.io.IOException {
        if (args.length != 2 && !(args.length == 4 && args[2].equals("--out"))) {
            System.err.println("usage: java -jar r2dbc-pgfast-bench.jar --rejudge DIR [--out OUT]");
            System.exit(2);
            return;
        }
        Path dir = Path.of(args[1]);
        Path out = args.length == 4 ? Path.of(args[3]) : dir.resolve("rejudged");
        RunDescription run;
        try {
            run = RecordedRun.read(dir, out);
        } catch (IllegalArgumentException e) {
            System.err.println("cannot judge " + dir + " again: " + e.getMessage());
            System.exit(2);
            return;
        }
        Files.createDirectories(out);
        writeReports(run, out);
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    /** {@code PGFAST_BENCH_URL}, or the harness's embedded server with its trust role. */
    static BenchTarget target() {
        String url = System.getenv(URL_VARIABLE);
        if (url != null && !url.isBlank()) {
            return BenchTarget.parseUrl(url);
        }
        if (System.getProperty("pgfast.test.docker") == null) {
            // a cluster from the binaries jar: no container network between the drivers and the server
            System.setProperty("pgfast.test.docker", "false");
        }
        TestServer server = TestPostgres.get();
        TestRole trust = server.role(AuthMethod.TRUST);
        return new BenchTarget(server.host(), server.port(), server.database(), trust.user(), trust.password());
    }

    /** {@code target/bench} next to the jar (or the classes directory) this runs from. */
    private static Path defaultOutput() {
        try {
            Path code = Path.of(BenchMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path parent = code.getParent();
            return (parent != null ? parent : Path.of(".")).resolve("bench");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("target", "bench");
        }
    }

    private static void write(Path file, String content) throws java.io.IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }
}
