package io.pgfast.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command line of {@link BenchMain}. {@code --quick} (the default) runs every driver's scenarios in one
 * JVM per process and short timings, a few minutes on 2 cores; {@code --full} gives each scenario its own
 * JVMs, more rounds and longer timings.
 */
public record BenchOptions(String mode, int rounds, double seconds, double warmup, double timeout,
                           boolean jvmPerScenario, List<Scenario> scenarios, List<Peer> peers, Path outputDirectory,
                           List<String> jvmArgs) {

    public static final String USAGE = String.join("\n",
            "usage: java -jar r2dbc-pgfast-bench.jar [--quick | --full] [options]",
            "  --quick               4 rounds, 0.2 s warm-up + 0.2 s per scenario, one JVM per process (default)",
            "  --full                6 rounds, 2 s warm-up + 3 s per scenario, one JVM per process and scenario",
            "  --rounds N            rounds per scenario (at least 4)",
            "  --seconds S           measured seconds per scenario and process",
            "  --warmup S            warm-up seconds before each measurement",
            "  --timeout S           longest one operation may take before its scenario fails (1.5 s quick, 30 s full)",
            "  --jvm-per-scenario    a new JVM for every process and scenario (default with --full)",
            "  --jvm-per-process     one JVM runs all scenarios of a process (default with --quick)",
            "  --scenarios a,b,...   only these scenarios (ids: " + Scenario.ids(List.of(Scenario.values())) + ")",
            "  --peers a,b,...       only these peers (r2dbc-postgresql, vertx, pgjdbc, floor)",
            "  --out DIR             where CSV, JSON and SVG go (default: r2dbc-pgfast-bench/target/bench)",
            "  --jvm-arg ARG         an extra JVM option for every worker (repeatable)",
            "Server: PGFAST_BENCH_URL=postgresql://user:password@host:port/db, else an embedded PostgreSQL.");

    public BenchOptions {
        if (rounds < 4) {
            throw new IllegalArgumentException("at least 4 rounds, not " + rounds);
        }
        if (!(seconds > 0) || !(warmup >= 0) || !(timeout > 0)) {
            throw new IllegalArgumentException("seconds and timeout must be positive, warm-up not negative");
        }
        if (scenarios.isEmpty() || peers.isEmpty()) {
            throw new IllegalArgumentException("at least one scenario and one peer");
        }
        scenarios = List.copyOf(scenarios);
        peers = List.copyOf(peers);
        jvmArgs = List.copyOf(jvmArgs);
    }

    /**
     * @throws IllegalArgumentException on an unknown option or a bad value
     */
    public static BenchOptions parse(String[] args, Path defaultOutput) {
        String mode = "quick";
        for (String a : args) {
            if (a.equals("--full")) {
                mode = "full";
            } else if (a.equals("--quick")) {
                mode = "quick";
            }
        }
        boolean full = mode.equals("full");
        int rounds = full ? 6 : 4;
        double seconds = full ? 3 : 0.2;
        double warmup = full ? 2 : 0.2;
        double timeout = full ? 30 : 1.5;
        boolean perScenario = full;
        List<Scenario> scenarios = List.of(Scenario.values());
        List<Peer> peers = Peer.comparedPeers();
        Path out = defaultOutput;
        List<String> jvmArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--full":
                case "--quick":
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
                case "--timeout":
                    timeout = number(args, ++i, a);
                    break;
                case "--jvm-per-scenario":
                    perScenario = true;
                    break;
                case "--jvm-per-process":
                    perScenario = false;
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
        return new BenchOptions(mode, rounds, seconds, warmup, timeout, perScenario, scenarios, peers, out, jvmArgs);
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

    /** pgfast first, then the peers: the drivers of every round. */
    public List<Peer> drivers() {
        List<Peer> all = new ArrayList<>();
        all.add(Peer.PGFAST);
        all.addAll(peers);
        return all;
    }
}
