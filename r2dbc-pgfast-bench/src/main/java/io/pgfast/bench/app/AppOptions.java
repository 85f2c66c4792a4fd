package io.pgfast.bench.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of the {@code --app} mode ({@link AppBench}).
 *
 * @param rounds      rounds: in each, every process's window of every scenario, in an order that changes
 * @param seconds     one window (wrk's {@code -d}, whole seconds)
 * @param warmup      seconds of load per process and scenario before the rounds, not measured
 * @param connections the concurrent HTTP connections of the scenarios
 * @param variants    the variants run (the baseline always)
 * @param java        the {@code java} that runs the applications
 * @param judged      whether rows get verdicts (not for the smoke run)
 */
public record AppOptions(String mode, int rounds, int seconds, int warmup, List<Integer> connections,
                         List<AppVariant> variants, Path java, boolean judged, boolean pin, Path outputDirectory) {
    /**
     * The default run's rounds and windows: the fewest rounds that give the median ratio an interval at 99 % (as the
     * main run's {@code LEAST_JUDGED_ROUNDS}), and windows of wrk's shortest duration, so that the run takes about 11
     * minutes ({@link AppBench#estimateSeconds}): six processes × eight scenarios × eight rounds of 1 s windows, after
     * 2 s of every scenario per process.
     */
    static final int DEFAULT_ROUNDS = 8;
    static final int DEFAULT_SECONDS = 1;
    static final int DEFAULT_WARMUP = 2;
    static final int LEAST_JUDGED_ROUNDS = 8;
    /** TFB's concurrency levels of the run. */
    static final List<Integer> CONNECTIONS = List.of(16, 256);
    /** Where the MVC variant's Java is looked for first: it needs virtual threads. */
    static final Path TEMURIN_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    public static final String USAGE = String.join("\n",
            "usage: java -jar r2dbc-pgfast-bench.jar --app [--quick] [options]",
            "  TFB's four database tests as a Spring Boot app, one JVM per variant (" + AppVariant.ids(List.of(AppVariant.values())) + ")",
            "  plus a second baseline JVM, under wrk at 16 and 256 connections; about 11 minutes on 2 cores",
            "  --quick           smoke run: 1 round of " + DEFAULT_SECONDS + " s windows, no warm-up; judges nothing (about 3 minutes)",
            "  --rounds N        rounds (default " + DEFAULT_ROUNDS + "; at least " + LEAST_JUDGED_ROUNDS + " to judge)",
            "  --seconds S       one window, whole seconds (default " + DEFAULT_SECONDS + ")",
            "  --warmup S        seconds of load per process and scenario before the rounds (default " + DEFAULT_WARMUP + ")",
            "  --connections a,b concurrent HTTP connections (default 16,256)",
            "  --variants a,b    variants besides the baseline (default all)",
            "  --java PATH       the java of the applications (default " + TEMURIN_25 + " if present, else this one)",
            "  --no-pin          do not pin the server and wrk to one CPU and the applications to the others",
            "  --out DIR         where results go (default r2dbc-pgfast-bench/target/bench)");

    /**
     * @throws IllegalArgumentException for an unknown or malformed option
     */
    public static AppOptions parse(String[] args, Path defaultOutput) {
        String mode = "default";
        int rounds = DEFAULT_ROUNDS;
        int seconds = DEFAULT_SECONDS;
        int warmup = DEFAULT_WARMUP;
        List<Integer> connections = CONNECTIONS;
        List<AppVariant> variants = List.of(AppVariant.values());
        Path java = null;
        boolean pin = true;
        Path out = defaultOutput;
        boolean roundsGiven = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick" -> mode = "quick";
                case "--rounds" -> {
                    rounds = positive(a, value(args, ++i, a));
                    roundsGiven = true;
                }
                case "--seconds" -> seconds = positive(a, value(args, ++i, a));
                case "--warmup" -> warmup = Integer.parseInt(value(args, ++i, a));
                case "--connections" -> {
                    List<Integer> c = new ArrayList<>();
                    for (String s : value(args, ++i, a).split(",")) {
                        c.add(positive(a, s.trim()));
                    }
                    connections = List.copyOf(c);
                }
                case "--variants" -> {
                    List<AppVariant> v = new ArrayList<>(List.of(AppVariant.R2DBC_POSTGRESQL));
                    for (String s : value(args, ++i, a).split(",")) {
                        AppVariant variant = AppVariant.byId(s);
                        if (!v.contains(variant)) {
                            v.add(variant);
                        }
                    }
                    variants = List.copyOf(v);
                }
                case "--java" -> java = Path.of(value(args, ++i, a));
                case "--no-pin" -> pin = false;
                case "--out" -> out = Path.of(value(args, ++i, a));
                default -> throw new IllegalArgumentException("unknown option for --app: " + a);
            }
        }
        if (mode.equals("quick")) {
            rounds = roundsGiven ? rounds : 1;
            warmup = 0;
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must not be negative");
        }
        if (java == null) {
            java = Files.isExecutable(TEMURIN_25) ? TEMURIN_25
                    : Path.of(System.getProperty("java.home"), "bin", "java");
        }
        return new AppOptions(mode, rounds, seconds, warmup, connections, variants, java,
                rounds >= LEAST_JUDGED_ROUNDS && !mode.equals("quick"), pin, out);
    }

    /** The scenarios, endpoint by endpoint. */
    public List<AppScenario> scenarios() {
        return AppScenario.all(connections);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int positive(String option, String value) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " takes a whole number, not '" + value + "'");
        }
        if (n < 1) {
            throw new IllegalArgumentException(option + " must be at least 1, not " + n);
        }
        return n;
    }
}
