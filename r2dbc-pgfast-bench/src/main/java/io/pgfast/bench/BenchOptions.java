package io.pgfast.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command line of {@link BenchMain}. Three modes:
 * <ul>
 * <li>the default run (no mode flag, or {@code --default}): {@link #DEFAULT_SCENARIOS}, two JVMs per driver, each
 * warmed up once over every scenario and shape (as long as the slowest driver's warm-up curve needs) and kept
 * for every round; about 5 minutes on 2 cores;</li>
 * <li>{@code --quick}: a smoke check that every driver runs every scenario in both shapes, one round of short
 * windows (every verdict is "not judged");</li>
 * <li>{@code --full}: every scenario, two JVMs per driver and scenario (each warmed once and kept for that
 * scenario's rounds), more rounds and longer windows.</li>
 * </ul>
 * {@code --aa} replaces the peers by pgfast itself ({@link Peer#PGFAST_AGAIN}): the A/A check, which must mark
 * nothing.
 */
public record BenchOptions(String mode, int rounds, double seconds, double warmup, int passes, int mostPasses, double timeout,
                           boolean jvmPerScenario, boolean judged, List<Scenario> scenarios, List<Peer> peers,
                           List<LoopShape> shapes, Path outputDirectory, List<String> jvmArgs, boolean pin) {

    /**
     * The default run's scenarios, in both loop shapes: the single-row round trip (select by id: where the client's
     * CPU per statement shows; read to its end, and read as applications read one row, {@code Mono.from}: the first
     * row, then a cancel), the row-heavy selects (100 rows of every type, 5000 short rows: decoding) and the
     * pipelined ×10, which every peer, the floor included, runs; then what every Spring Data repository call does,
     * acquire, select by id, release (read both ways), alone and 64 at once over a pool of 4, each with pgfast on r2dbc-pool and on
     * its own pool (the floor has no pool). The others ({@code --scenarios all}, {@code --full}) add transaction,
     * cursor, stream, batch, 256 at once and take(10) shapes; take(10) without a fetch size alone costs
     * r2dbc-postgresql 7.6 s per operation.
     */
    public static final List<Scenario> DEFAULT_SCENARIOS = List.of(Scenario.SELECT_BY_ID, Scenario.SELECT_BY_ID_FIRST,
            Scenario.ROWS_100_ALL_TYPES, Scenario.ROWS_5000_SHORT, Scenario.PIPELINED, Scenario.POOL_QUERY,
            Scenario.POOL_QUERY_FIRST, Scenario.POOL_QUERY_OWN_POOL, Scenario.POOL_QUERY_OWN_POOL_FIRST,
            Scenario.CONCURRENT_64, Scenario.CONCURRENT_64_OWN_POOL);
    /**
     * The default run's warm-up per scenario and shape (once per process, in passes over every scenario, which
     * share most of their code, and more passes while the JIT is still busy), its passes, its rounds and its
     * windows: see BENCHMARKS.md, "The default run". Many short windows rather than fewer long ones: the
     * interval of the median at 99 % of 24 rounds leaves out the 5 lowest and the 5 highest rounds
     * ({@link io.pgfast.bench.stats.Ratios#intervalCut}), so that a few disturbed rounds do not decide a row.
     */
    static final double DEFAULT_WARMUP = 1;
    static final int DEFAULT_PASSES = 4;
    static final double DEFAULT_SECONDS = 0.04;
    static final int DEFAULT_ROUNDS = 32;
    /** {@code --full}'s warm-up per scenario and shape (once per process and scenario), its passes and windows. */
    static final double FULL_WARMUP = 2.5;
    static final int FULL_PASSES = 4;
    static final double FULL_SECONDS = 0.08;
    static final int FULL_ROUNDS = 32;
    /** The smoke check's one round of short windows. */
    static final double QUICK_SECONDS = 0.05;
    /**
     * How many scenarios one set of the smoke check's JVMs runs. Ten JVMs that each hold every scenario's
     * connections at once (the pool and the 256 concurrent selects take 4 each) need more than a server's
     * default 100; four scenarios per set take at most 7 per JVM.
     */
    static final int QUICK_SCENARIOS_PER_SET = 4;
    /** The fewest rounds of a run that judges: fewer leave no 99 % interval of the median ratio. */
    static final int LEAST_JUDGED_ROUNDS = 8;
    /** The warm-up curve run's passes and their length (seconds per scenario and shape). */
    static final int CURVE_PASSES = 16;
    /** By default a process whose JIT is still busy after its passes may warm up this many times as long. */
    static final int EXTRA_PASSES_FACTOR = 3;
    static final double CURVE_SLICE = 0.25;

    public static final String USAGE = String.join("\n",
            "usage: java -jar r2dbc-pgfast-bench.jar [--quick | --full] [options]",
            "  (no mode)             the default run: " + DEFAULT_SCENARIOS.size() + " scenarios in both shapes, "
                    + DEFAULT_ROUNDS + " rounds; two JVMs",
            "                        per driver, each warmed up once (" + DEFAULT_WARMUP + " s per scenario and shape in "
                    + DEFAULT_PASSES + " passes)",
            "                        and kept for every round's " + DEFAULT_SECONDS + " s windows; about 5 minutes on 2 cores",
            "  --quick               smoke check: every scenario, 1 round, 0.2 s warm-up + " + QUICK_SECONDS
                    + " s windows, new JVMs for every " + QUICK_SCENARIOS_PER_SET + " scenarios; judges nothing",
            "  --full                every scenario, " + FULL_ROUNDS + " rounds, two JVMs per driver and scenario, each warmed up once",
            "                        (" + FULL_WARMUP + " s per shape in " + FULL_PASSES + " passes) and kept for the rounds' "
                    + FULL_SECONDS + " s windows",
            "  --aa                  the A/A check: pgfast against itself (two more pgfast JVMs) instead of the peers;",
            "                        it must mark nothing",
            "  --rounds N            rounds per scenario: per shape one window of every process (at least "
                    + LEAST_JUDGED_ROUNDS + ")",
            "  --seconds S           seconds of one window",
            "  --warmup S            warm-up seconds per scenario and shape, before any window",
            "  --passes N            warm-up passes over all scenarios and shapes (the warm-up is split among them)",
            "  --most-passes N       more passes, up to N in all, while a process's JIT is still busy (default: "
                    + EXTRA_PASSES_FACTOR + " x passes;",
            "                        --quick and --curve: none)",
            "  --timeout S           longest one operation may take before its scenario fails",
            "  --shapes a,b          loop shapes: chained (on the event loop), blocking (a block()-ing caller); default both",
            "  --jvm-per-scenario    new JVMs for every scenario (default with --full)",
            "  --jvm-per-process     one JVM per process runs all scenarios (default otherwise)",
            "  --scenarios a,b,...   only these scenarios, or all (ids: " + Scenario.ids(List.of(Scenario.values())) + ")",
            "  --peers a,b,...       only these peers (r2dbc-postgresql, vertx, pgjdbc, floor, pgfast-again)",
            "  --out DIR             where CSV, JSON and SVG go (default: r2dbc-pgfast-bench/target/bench)",
            "  --jvm-arg ARG         an extra JVM option for every worker (repeatable)",
            "  --no-pin              leave the server and the workers where the scheduler puts them (by default, with",
            "                        the bench's own server: the server on the last CPU, the workers on the others)",
            "  --parser [options]    the parser-only benchmark instead (DataRow parsing, no server; --parser --help)",
            "  --app [options]       the application benchmark instead: TFB's database tests on Spring Boot, one JVM per",
            "                        driver and pool, under wrk; about 11 minutes (--app --quick: a smoke run; --app --help)",
            "  --rejudge DIR [--out OUT]  judge a recorded run (its measurements.csv, warmup.csv, results.json) again",
            "                        under the current rule, measuring nothing (default OUT: DIR/rejudged)",
            "  --curve               warm-up curves instead: one process per driver, " + CURVE_PASSES + " warm-up passes of "
                    + CURVE_SLICE + " s",
            "Server: PGFAST_BENCH_URL=postgresql://user:password@host:port/db, else an embedded PostgreSQL.");

    public BenchOptions {
        if (rounds < (judged ? LEAST_JUDGED_ROUNDS : 1)) {
            throw new IllegalArgumentException("at least " + (judged ? LEAST_JUDGED_ROUNDS : 1) + " rounds, not " + rounds);
        }
        if (!(seconds > 0) || !(warmup >= 0) || !(timeout > 0)) {
            throw new IllegalArgumentException("seconds and timeout must be positive, warm-up not negative");
        }
        if (passes < 1 || mostPasses < passes) {
            throw new IllegalArgumentException("at least one warm-up pass and at most as many as the most, not "
                    + passes + " of " + mostPasses);
        }
        if (scenarios.isEmpty() || peers.isEmpty() || shapes.isEmpty()) {
            throw new IllegalArgumentException("at least one scenario, one peer and one loop shape");
        }
        scenarios = List.copyOf(scenarios);
        peers = List.copyOf(peers);
        shapes = List.copyOf(shapes);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /**
     * @throws IllegalArgumentException on an unknown option or a bad value
     */
    public static BenchOptions parse(String[] args, Path defaultOutput) {
        String mode = "default";
        for (String a : args) {
            if (a.equals("--full")) {
                mode = "full";
            } else if (a.equals("--quick")) {
                mode = "quick";
            } else if (a.equals("--default")) {
                mode = "default";
            }
        }
        boolean full = mode.equals("full");
        boolean quick = mode.equals("quick");
        int rounds = full ? FULL_ROUNDS : quick ? 1 : DEFAULT_ROUNDS;
        double seconds = full ? FULL_SECONDS : quick ? QUICK_SECONDS : DEFAULT_SECONDS;
        double warmup = full ? FULL_WARMUP : quick ? 0.2 : DEFAULT_WARMUP;
        int passes = full ? FULL_PASSES : quick ? 1 : DEFAULT_PASSES;
        double timeout = full ? 30 : quick ? 1.5 : 5;
        int mostPasses = -1;
        boolean perScenario = full;
        boolean pin = true;
        List<Scenario> scenarios = full || quick ? List.of(Scenario.values()) : DEFAULT_SCENARIOS;
        List<Peer> peers = Peer.comparedPeers();
        List<LoopShape> shapes = List.of(LoopShape.values());
        Path out = defaultOutput;
        List<String> jvmArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--full":
                case "--quick":
                case "--default":
                    break;
                case "--aa":
                    peers = List.of(Peer.PGFAST_AGAIN);
                    break;
                case "--rounds":
                    rounds = (int) number(args, ++i, a);
                    break;
                case "--seconds":
                    seconds = number(args, ++i, a);
                    break;
                case "--warmup":
                    warmup = number(args, ++i, a);
                    break;
                case "--passes":
                    passes = (int) number(args, ++i, a);
                    break;
                case "--most-passes":
                    mostPasses = (int) number(args, ++i, a);
                    break;
                case "--timeout":
                    timeout = number(args, ++i, a);
                    break;
                case "--shapes":
                    shapes = LoopShape.parseList(value(args, ++i, a));
                    break;
                case "--jvm-per-scenario":
                    perScenario = true;
                    break;
                case "--jvm-per-process":
                    perScenario = false;
                    break;
                case "--no-pin":
                    pin = false;
                    break;
                case "--scenarios":
                    scenarios = Scenario.parseList(value(args, ++i, a));
                    break;
                case "--peers":
                    peers = parsePeers(value(args, ++i, a));
                    break;
                case "--out":
                    out = Path.of(value(args, ++i, a));
                    break;
                case "--jvm-arg":
                    jvmArgs.add(value(args, ++i, a));
                    break;
                default:
                    throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        if (mostPasses < 0) {
            mostPasses = quick ? passes : EXTRA_PASSES_FACTOR * passes;
        }
        return new BenchOptions(mode, rounds, seconds, warmup, passes, mostPasses, timeout, perScenario, !quick,
                scenarios, peers, shapes, out, jvmArgs, pin);
    }

    private static List<Peer> parsePeers(String text) {
        List<Peer> out = new ArrayList<>();
        for (String id : text.split(",")) {
            if (id.isBlank()) {
                continue;
            }
            Peer p = Peer.byId(id);
            if (p == Peer.PGFAST) {
                throw new IllegalArgumentException("pgfast is always measured; --peers names what it is compared with");
            }
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static double number(String[] args, int i, String option) {
        String v = value(args, i, option);
        try {
            return Double.parseDouble(v.toLowerCase(Locale.ROOT));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, not '" + v + "'");
        }
    }

    /**
     * The warm-up curve run ({@code --curve}): one process per driver, started and warmed up and then stopped
     * without a measured round (see {@link Coordinator}), {@link #CURVE_PASSES}
     * passes of {@link #CURVE_SLICE} s each unless {@code --passes} / {@code --warmup} say otherwise.
     */
    public BenchOptions forCurve() {
        int p = passes == DEFAULT_PASSES && warmup == DEFAULT_WARMUP ? CURVE_PASSES : passes;
        double w = passes == DEFAULT_PASSES && warmup == DEFAULT_WARMUP ? CURVE_PASSES * CURVE_SLICE : warmup;
        return new BenchOptions("curve", rounds, seconds, w, p, p, timeout, false, judged, scenarios, peers, shapes,
                outputDirectory, jvmArgs, pin);
    }

    /**
     * How many noises a row's interval must clear for a mark: {@link io.pgfast.bench.stats.Ratios#NOISE_MARGIN} in
     * every mode. The noise is mostly the difference of two JVMs, which more or longer windows do not shrink.
     */
    public double margin() {
        return io.pgfast.bench.stats.Ratios.NOISE_MARGIN;
    }

    /**
     * The scenarios each set of JVMs runs, one set after the other: every scenario alone with
     * {@code jvmPerScenario}; groups of {@link #QUICK_SCENARIOS_PER_SET} in the smoke check; else all in one set.
     */
    public List<List<Scenario>> scenarioSets() {
        int size = jvmPerScenario ? 1 : mode.equals("quick") ? QUICK_SCENARIOS_PER_SET : scenarios.size();
        List<List<Scenario>> sets = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i += size) {
            sets.add(scenarios.subList(i, Math.min(scenarios.size(), i + size)));
        }
        return sets;
    }

    /** pgfast first, then the peers: the drivers of every round. */
    public List<Peer> drivers() {
        List<Peer> all = new ArrayList<>();
        all.add(Peer.PGFAST);
        all.addAll(peers);
        return all;
    }

    /** The shapes in which round {@code round}'s processes run their windows: the order alternates per round. */
    public List<LoopShape> shapeOrder(int round) {
        List<LoopShape> order = new ArrayList<>(shapes);
        if (round % 2 == 1) {
            java.util.Collections.reverse(order);
        }
        return order;
    }
}
