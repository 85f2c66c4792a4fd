package io.pgfast.bench.parser;

import io.pgfast.bench.RoundPlan;
import io.pgfast.bench.report.MachineInfo;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The parser-only benchmark in alternating rounds: {@code java -jar r2dbc-pgfast-bench.jar --parser [--rounds N]
 * [--datasets A,B] [--warmup-iterations N] [--iterations N] [--iteration-ms MS] [--out DIR]}. For every dataset,
 * each round runs {@link DataRowParseBenchmark}'s {@code pgfast} and {@code plain} methods twice each, one JMH
 * fork (a fresh JVM) per run, in an order that rotates every round ({@link RoundPlan#rotate}), with JMH's GC
 * profiler for the bytes; then prints the table of {@link ParserReport} and writes it with a CSV of every fork.
 * With {@code --core-before DIR} the two paths are instead {@link CoreDataRowBenchmark} on two builds of core and
 * codecs ({@link CoreBeforeAfter}).
 */
public final class ParserBench {
    static final String USAGE = String.join("\n",
            "usage: java -jar r2dbc-pgfast-bench.jar --parser [options]",
            "  --rounds N              rounds per dataset (at least 4; default 6)",
            "  --datasets a,b          only these (" + Arrays.toString(DataRowStreams.Dataset.values()) + ")",
            "  --warmup-iterations N   JMH warm-up iterations per fork (default 5)",
            "  --iterations N          JMH measured iterations per fork (default 5)",
            "  --iteration-ms MS       length of one iteration (default 200)",
            "  --out DIR               where results.md and forks.csv go (default: target/bench/parser next to the jar)",
            "  --core-before DIR       compare core's receive path (CoreDataRowBenchmark) on the jars of DIR (core and",
            "                          codecs of an earlier build, put first on the class path of the 'before' forks)",
            "                          against this jar's own (see before-after.sh)",
            "  --core-after DIR        with --core-before: the 'after' forks put DIR's jars first (default: none)");

    private ParserBench() {
    }

    /**
     * The settings of one parser run; {@code coreBefore} and {@code coreAfter} (null when absent) are the
     * directories of jars for {@link CoreBeforeAfter}.
     */
    record Settings(int rounds, List<DataRowStreams.Dataset> datasets, int warmupIterations, int iterations,
                    int iterationMillis, Path out, Path coreBefore, Path coreAfter) {
        Settings {
            if (rounds < 4) {
                throw new IllegalArgumentException("at least 4 rounds, not " + rounds);
            }
            if (datasets.isEmpty() || warmupIterations < 0 || iterations < 1 || iterationMillis < 1) {
                throw new IllegalArgumentException("a dataset, at least one iteration of at least 1 ms");
            }
            if (coreAfter != null && coreBefore == null) {
                throw new IllegalArgumentException("--core-after goes with --core-before");
            }
            datasets = List.copyOf(datasets);
        }

        String describe() {
            return String.format(Locale.ROOT, "%d rounds per dataset; each fork %d warm-up and %d measured iterations "
                    + "of %d ms (JMH, average time, GC profiler)", rounds, warmupIterations, iterations, iterationMillis);
        }

        static Settings parse(String[] args, Path defaultOut) {
            int rounds = 6;
            List<DataRowStreams.Dataset> datasets = List.of(DataRowStreams.Dataset.values());
            int warmup = 5;
            int iterations = 5;
            int millis = 200;
            Path out = defaultOut;
            Path coreBefore = null;
            Path coreAfter = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = args[++i];
                try {
                    switch (a) {
                        case "--rounds": rounds = Integer.parseInt(v); break;
                        case "--warmup-iterations": warmup = Integer.parseInt(v); break;
                        case "--iterations": iterations = Integer.parseInt(v); break;
                        case "--iteration-ms": millis = Integer.parseInt(v); break;
                        case "--out": out = Path.of(v); break;
                        case "--core-before": coreBefore = Path.of(v); break;
                        case "--core-after": coreAfter = Path.of(v); break;
                        case "--datasets":
                            List<DataRowStreams.Dataset> list = new ArrayList<>();
                            for (String d : v.split(",")) {
                                if (!d.isBlank()) {
                                    list.add(DataRowStreams.Dataset.valueOf(d.trim().toUpperCase(Locale.ROOT)));
                                }
                            }
                            datasets = list;
                            break;
                        default: throw new IllegalArgumentException("unknown option '" + a + "'");
                    }
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(a + " " + v + ": " + e.getMessage(), e);
                }
            }
            return new Settings(rounds, datasets, warmup, iterations, millis, out, coreBefore, coreAfter);
        }
    }

    public static void main(String[] args) throws Exception {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            System.out.println(USAGE);
            return;
        }
        Settings settings;
        try {
            settings = Settings.parse(args, defaultOutput());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        if (settings.coreBefore() != null) {
            CoreBeforeAfter.run(settings);
            return;
        }
        ParserRun run = new ParserRun(settings.rounds());
        runRounds(settings, run, (d, round, path, copy) -> fork(settings, DataRowParseBenchmark.class, d, path, copy,
                round, new String[0]));
        report(settings, run, settings.describe());
    }

    /** Runs one JMH fork of a path. */
    interface ForkRunner {
        ParserRun.Fork run(DataRowStreams.Dataset d, int round, ParserRun.Path path, int copy) throws Exception;
    }

    /** Every dataset's rounds, each the run's two paths twice in the order of {@link RoundPlan#rotate}. */
    static void runRounds(Settings settings, ParserRun run, ForkRunner forks) throws Exception {
        System.err.printf("[parser] %s; %d forks%n", settings.describe(),
                settings.datasets().size() * settings.rounds() * 4);
        for (DataRowStreams.Dataset d : settings.datasets()) {
            for (int round = 0; round < settings.rounds(); round++) {
                for (Object[] slot : RoundPlan.rotate(slots(run.first(), run.second()), round, settings.rounds())) {
                    run.add(forks.run(d, round, (ParserRun.Path) slot[0], (Integer) slot[1]));
                }
                System.err.printf("[parser] %s round %d/%d done%n", d, round + 1, settings.rounds());
            }
        }
    }

    /** Prints the table and writes results.md and forks.csv. */
    static void report(Settings settings, ParserRun run, String describe) throws java.io.IOException {
        MachineInfo here = MachineInfo.current("");
        String machine = new MachineInfo(here.jvm(), here.cpu(), here.cores(), here.os(), "no server (parser only)").line();
        String table = ParserReport.markdown(run, describe, machine);
        System.out.println(table);
        Files.createDirectories(settings.out());
        Files.writeString(settings.out().resolve("results.md"), table, StandardCharsets.UTF_8);
        Files.writeString(settings.out().resolve("forks.csv"), ParserReport.csv(run), StandardCharsets.UTF_8);
        System.err.println("[parser] wrote results.md and forks.csv to " + settings.out());
    }

    /** a#1, b#1, a#2, b#2 (pgfast, plain, pgfast', plain'): the base order that {@link RoundPlan#rotate} turns. */
    static List<Object[]> slots(ParserRun.Path a, ParserRun.Path b) {
        List<Object[]> out = new ArrayList<>();
        for (int copy = 1; copy <= 2; copy++) {
            out.add(new Object[]{a, copy});
            out.add(new Object[]{b, copy});
        }
        return out;
    }

    /** One JMH fork of {@code benchmark}'s method of {@code path}, with {@code jvmArgs} appended to the fork's. */
    static ParserRun.Fork fork(Settings s, Class<?> benchmark, DataRowStreams.Dataset d, ParserRun.Path path, int copy,
                               int round, String[] jvmArgs) throws RunnerException {
        List<String> args = new ArrayList<>(List.of("-Xms1g", "-Xmx1g"));
        args.addAll(Arrays.asList(jvmArgs));
        Options options = new OptionsBuilder()
                .include(benchmark.getName() + "\\." + path.method() + "$")
                .param("dataset", d.name())
                .forks(1)
                .warmupIterations(s.warmupIterations())
                .warmupTime(TimeValue.milliseconds(s.iterationMillis()))
                .measurementIterations(s.iterations())
                .measurementTime(TimeValue.milliseconds(s.iterationMillis()))
                .addProfiler(GCProfiler.class)
                .jvmArgs(args.toArray(new String[0]))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();
        Collection<RunResult> results = new Runner(options).run();
        if (results.size() != 1) {
            throw new IllegalStateException("expected one JMH result for " + path.method() + " on " + d + ", got "
                    + results.size());
        }
        RunResult r = results.iterator().next();
        double micros = r.getPrimaryResult().getScore();
        Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
        double bytes = alloc == null ? Double.NaN : alloc.getScore();
        return new ParserRun.Fork(d, round, path, copy, micros, bytes);
    }

    /** {@code target/bench/parser} next to the jar this runs from. */
    private static Path defaultOutput() {
        try {
            Path code = Path.of(ParserBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path parent = code.getParent();
            return (parent != null ? parent : Path.of(".")).resolve("bench").resolve("parser");
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Path.of("target", "bench", "parser");
        }
    }

}
