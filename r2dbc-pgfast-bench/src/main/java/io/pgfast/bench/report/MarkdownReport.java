package io.pgfast.bench.report;

import io.pgfast.bench.BenchOptions;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;

import java.util.List;
import java.util.Locale;

/**
 * The tables of a run, one per peer, in Markdown (readable as plain text too), with the timings, the machine
 * and the failures under them.
 */
public final class MarkdownReport {
    private static final int CELL_MESSAGE_LENGTH = 90;

    private MarkdownReport() {
    }

    public static String render(RunDescription run) {
        StringBuilder b = new StringBuilder();
        RunResults results = run.results();
        for (Peer peer : run.peers()) {
            b.append("### pgfast vs ").append(peer.displayName()).append("\n\n");
            b.append("| Scenario | pgfast q/s | ").append(peer.id()).append(" q/s | pgfast / peer | Rounds | Noise | |\n");
            b.append("|---|---:|---:|---|---|---|---|\n");
            for (Scenario s : run.scenarios()) {
                b.append(row(results, peer, s)).append('\n');
            }
            b.append('\n');
        }
        for (Scenario take : List.of(Scenario.TAKE_10_OF_30M, Scenario.TAKE_10_NO_FETCH_SIZE)) {
            if (run.scenarios().contains(take)) {
                b.append(latency(run, take)).append("\n\n");
            }
        }
        b.append(method(run)).append("\n\n");
        b.append(run.machine().line()).append('\n');
        String failures = failures(run);
        if (!failures.isEmpty()) {
            b.append("\n#### Failures\n\n").append(failures);
        }
        return b.toString();
    }

    private static String row(RunResults results, Peer peer, Scenario s) {
        Comparison c = results.compare(peer, s);
        RunResults.DriverSummary a = results.summary(Peer.PGFAST, s);
        RunResults.DriverSummary p = results.summary(peer, s);
        String label = s.label();
        if (!c.isMeasured()) {
            return "| " + label + " | " + cell(a) + " | " + cell(p) + " | — | — | — | |";
        }
        return "| " + label + " | " + Format.rate(c.pgfastRate()) + " | " + Format.rate(c.peerRate()) + " | "
                + Format.ratio(c.medianRatio()) + " | " + Format.range(c.minRatio(), c.maxRatio()) + " | "
                + Format.noise(c.noise()) + " | " + c.marker().symbol() + " |";
    }

    private static String cell(RunResults.DriverSummary d) {
        switch (d.status()) {
            case OK:
                return Format.rate(d.rate());
            case NOT_APPLICABLE:
                return "n/a";
            case TIMEOUT:
                return "timeout: > " + Format.millis(d.millisPerOperation()) + " per operation";
            default:
                return "error: " + Format.cell(d.message(), CELL_MESSAGE_LENGTH);
        }
    }

    private static String latency(RunDescription run, Scenario take) {
        StringBuilder b = new StringBuilder("Latency of \"" + take.label()
                + "\" (mean per operation):");
        String sep = " ";
        for (Peer p : run.options().drivers()) {
            RunResults.DriverSummary d = run.results().summary(p, take);
            b.append(sep).append(p.id()).append(' ');
            switch (d.status()) {
                case OK:
                    b.append(Format.millis(d.millisPerOperation()));
                    break;
                case NOT_APPLICABLE:
                    b.append("n/a");
                    break;
                case TIMEOUT:
                    b.append("> ").append(Format.millis(d.millisPerOperation())).append(" (timeout)");
                    break;
                default:
                    b.append("error");
            }
            sep = " · ";
        }
        return b.append('.').toString();
    }

    /** The paragraph of the seed's table, with this run's numbers. */
    static String method(RunDescription run) {
        return String.format(Locale.ROOT, "%d rounds of %s s (after %s s of warm-up) per scenario, each round "
                        + "measuring pgfast, each peer and a second process of each, every process a separate JVM "
                        + "(%s), one after the other, in an order that changes every round. \"pgfast / peer\" is "
                        + "the median of the per-round ratios (both pgfast processes over both peer processes) and "
                        + "\"Rounds\" their range; above 1 means pgfast is faster. \"Noise\" is how far A/A' and "
                        + "B/B', the same code on both sides, got from 1 in this same run: a row is marked only "
                        + "when the median moved further than that, at least 2%%, and every round moved the same "
                        + "way: 👀 slower, 🏆 faster. q/s counts SQL statements (a pipelined ×10 operation is 10, "
                        + "a batch is 1000). Only the ratios compare across runs; the q/s depend on the machine.",
                run.options().rounds(), trim(run.options().seconds()), trim(run.options().warmup()),
                run.options().jvmPerScenario() ? "one per process and scenario" : "one per process, running every scenario")
                + (isShort(run.options()) ? " " + SHORT_RUN : "");
    }

    /** Printed under a run whose windows are under a second (the quick mode): what such a table can tell. */
    static final String SHORT_RUN = "Windows this short, right after each JVM starts, measure JIT warm-up as much as "
            + "steady state, and the single-row scenarios mostly how fast an idle CPU wakes up (BENCHMARKS.md, notes): "
            + "read this table as a check that every driver runs every scenario, and quote the `--full` table.";

    private static boolean isShort(BenchOptions o) {
        return o.seconds() < 1 || o.warmup() < 1;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String failures(RunDescription run) {
        StringBuilder b = new StringBuilder();
        for (Peer p : run.options().drivers()) {
            for (Scenario s : run.scenarios()) {
                RunResults.DriverSummary d = run.results().summary(p, s);
                if (d.status() == Measurement.Status.ERROR || d.status() == Measurement.Status.TIMEOUT) {
                    b.append("- ").append(p.id()).append(", ").append(s.label()).append(": ")
                            .append(Format.cell(d.message(), 1000)).append('\n');
                }
            }
        }
        return b.toString();
    }
}
