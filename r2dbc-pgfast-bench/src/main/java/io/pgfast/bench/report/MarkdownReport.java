package io.pgfast.bench.report;

import io.pgfast.bench.BenchOptions;
import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RoundPlan;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Metric;
import io.pgfast.bench.stats.Ratios;

import java.util.List;
import java.util.Locale;

/**
 * The tables of a run, one per loop shape and peer, in Markdown (readable as plain text too): q/s and the
 * client's CPU per operation, each with its ratio, rounds, noise and verdict, then the bytes allocated per
 * operation and per row; with the timings, the warm-up check, the machine and the failures under them.
 */
public final class MarkdownReport {
    private static final int CELL_MESSAGE_LENGTH = 90;

    private MarkdownReport() {
    }

    public static String render(RunDescription run) {
        StringBuilder b = new StringBuilder();
        RunResults results = run.results();
        for (LoopShape shape : run.options().shapes()) {
            b.append("## Loop shape: ").append(shape.label()).append("\n\n");
            for (Peer peer : run.peers()) {
                b.append("### pgfast vs ").append(peer.displayName()).append(", ").append(shape.label()).append("\n\n");
                b.append(header(peer));
                for (Scenario s : run.scenarios()) {
                    b.append(row(results, peer, s, shape)).append('\n');
                }
                if (peer == Peer.FLOOR) {
                    b.append('\n').append(FLOOR_CPU).append('\n');
                }
                if (!peer.hasEventLoop() && shape != LoopShape.BLOCKING) {
                    b.append('\n').append(peer.id()).append(" has no event loop: its columns are its blocking loop, "
                            + "the same measurements as in the blocking caller's table.\n");
                }
                b.append('\n');
            }
        }
        for (Scenario take : List.of(Scenario.TAKE_10_OF_30M, Scenario.TAKE_10_NO_FETCH_SIZE)) {
            if (run.scenarios().contains(take)) {
                for (LoopShape shape : run.options().shapes()) {
                    b.append(latency(run, take, shape)).append("\n\n");
                }
            }
        }
        b.append(method(run)).append("\n\n");
        b.append(WarmupCheck.paragraph(run)).append("\n\n");
        b.append(run.machine().line()).append('\n');
        String failures = failures(run);
        if (!failures.isEmpty()) {
            b.append("\n#### Failures\n\n").append(failures);
        }
        return b.toString();
    }

    /** Under every floor table: what its CPU column means. */
    static final String FLOOR_CPU = "The floor decodes nothing: its CPU per operation is what draining the same bytes "
            + "costs, so pgfast's CPU ratio against it is the cost of decoding and of the R2DBC API, above 1 by "
            + "construction; its 👀 says how much, not that a peer does better.";

    static String header(Peer peer) {
        String p = peer.id();
        return "| Scenario | pgfast q/s | " + p + " q/s | q/s pgfast / peer | Interval | Noise | "
                + "| pgfast CPU µs/op | " + p + " CPU µs/op | CPU pgfast / peer | Interval | Noise | "
                + "| pgfast B/op | " + p + " B/op | pgfast B/row | " + p + " B/row |\n"
                + "|---|---:|---:|---|---|---|---|---:|---:|---|---|---|---|---:|---:|---:|---:|\n";
    }

    static String row(RunResults results, Peer peer, Scenario s, LoopShape shape) {
        RunResults.DriverSummary a = results.summary(Peer.PGFAST, s, shape);
        RunResults.DriverSummary p = results.summary(peer, s, shape);
        Comparison q = results.compare(peer, s, shape, Metric.THROUGHPUT);
        StringBuilder b = new StringBuilder("| ").append(s.label()).append(" | ");
        if (!q.isMeasured()) {
            b.append(cell(a)).append(" | ").append(cell(p)).append(" | — | — | — | | — | — | — | — | — | | — | — | — | — |");
            return b.toString();
        }
        b.append(Format.rate(q.pgfastValue())).append(" | ").append(Format.rate(q.peerValue())).append(" | ")
                .append(ratioCells(q)).append(" | ");
        Comparison c = results.compare(peer, s, shape, Metric.CPU);
        if (c.isMeasured()) {
            b.append(Format.micros(c.pgfastValue())).append(" | ").append(Format.micros(c.peerValue())).append(" | ")
                    .append(ratioCells(c));
        } else {
            b.append("— | — | ").append(Format.cell(c.message(), CELL_MESSAGE_LENGTH)).append(" | — | — | ");
        }
        b.append(" | ").append(Format.bytes(a.bytesPerOperation(), a.allocationComplete())).append(" | ")
                .append(Format.bytes(p.bytesPerOperation(), p.allocationComplete())).append(" | ")
                .append(Format.bytes(a.bytesPerRow(), a.allocationComplete())).append(" | ")
                .append(Format.bytes(p.bytesPerRow(), p.allocationComplete())).append(" |");
        return b.toString();
    }

    /** ratio | interval | noise | verdict (without the last bar). */
    private static String ratioCells(Comparison c) {
        double[] interval = c.intervalOrRange();
        return Format.ratio(c.medianRatio()) + " | " + Format.range(interval[0], interval[1]) + " | "
                + Format.noise(c.noise()) + " | " + c.marker().symbol();
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

    private static String latency(RunDescription run, Scenario take, LoopShape shape) {
        StringBuilder b = new StringBuilder("Latency of \"" + take.label() + "\", " + shape.label()
                + " (mean per operation):");
        String sep = " ";
        for (Peer p : run.options().drivers()) {
            RunResults.DriverSummary d = run.results().summary(p, take, shape);
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
        BenchOptions o = run.options();
        int cut = Ratios.intervalCut(o.rounds(), Ratios.CONFIDENCE);
        String text = String.format(Locale.ROOT, "%s run: %d rounds; every driver has two processes (separate JVMs, "
                        + "%s), each warmed up once, before any round, in every scenario and loop shape (%d pass%s, %s s "
                        + "per scenario and shape in all), and kept for the whole run. A round of a scenario and shape "
                        + "is one %s s window of every process, in a mirrored order (A B C D D' C' B' A', the peers' "
                        + "order and which process opens change every round), so that a drift of the host weighs the "
                        + "same on every driver. \"pgfast / peer\" is the median of the rounds' ratios (both "
                        + "pgfast windows over both peer windows of the round): above 1 for q/s means pgfast is faster, "
                        + "below 1 for CPU means pgfast spends less. \"Interval\" is where that median lies with %.0f%% "
                        + "confidence (%s). CPU is the worker JVM's CPU time (all threads: driver, event loops, GC, "
                        + "JIT, from each thread's nanosecond clock) over the same window as q/s, divided by operations; "
                        + "B/op and B/row are heap bytes allocated by all its threads over that window (≥: a thread "
                        + "ended inside a window, its bytes are missing). \"Noise\" is how far A/A' and B/B', the same "
                        + "code in two JVMs, got from 1 in this run (the larger of the two medians over the rounds). "
                        + "Verdicts: 🏆 pgfast better, 👀 pgfast worse, only when the whole interval lies beyond %s "
                        + "× the noise and at least %.0f%% from 1; blank: a tie, the interval and the noise within "
                        + "%.0f%%; \"not judged\": the run cannot tell. q/s counts SQL statements (a pipelined ×10 "
                        + "operation is 10, a batch is 1000). Only the ratios compare across runs; the absolute figures "
                        + "depend on the machine.",
                capitalised(o.mode()), o.rounds(), o.jvmPerScenario() ? "new ones for every scenario"
                        : o.scenarioSets().size() > 1 ? "new ones for every " + o.scenarioSets().get(0).size()
                        + " scenarios" : "the same ones for every scenario", o.passes(), o.passes() == 1 ? "" : "es",
                trim(o.warmup()), trim(o.seconds()), Ratios.CONFIDENCE * 100, cut < 0
                        ? "too few rounds for one: the range of the rounds is shown" : cut == 0
                        ? "the sign test's interval: the lowest to the highest round"
                        : "the sign test's interval: the " + ordinal(cut + 1) + " lowest to the " + ordinal(cut + 1)
                        + " highest round", trim(run.results().margin()), Ratios.MINIMUM_MOVE * 100,
                Ratios.JUDGING_NOISE_LIMIT * 100);
        boolean shared = o.scenarioSets().stream()
                .anyMatch(set -> RoundPlan.sharedRounds(set, o.peers()).stream().anyMatch(g -> g.size() > 1));
        if (shared) {
            text += " Scenarios that differ only in pgfast's pool (its own pool, shared leases) share their rounds: the"
                    + " peers do the same work for each, so their windows are taken once and serve every such row,"
                    + " with pgfast's windows of each scenario around them, mirrored (A A* B C D D' C' B' A*' A').";
        }
        return o.judged() ? text : text + " " + SMOKE_CHECK;
    }

    private static String ordinal(int n) {
        return n == 1 ? "" : n == 2 ? "2nd" : n == 3 ? "3rd" : n + "th";
    }

    /** Printed under the smoke check ({@code --quick}), whose rows are all "not judged". */
    static final String SMOKE_CHECK = "This is the smoke check: one round is too few to judge anything, so every "
            + "row is \"not judged\"; it checks that every driver runs every scenario in every shape. The default run "
            + "and `--full` judge.";

    private static String capitalised(String mode) {
        return mode.substring(0, 1).toUpperCase(Locale.ROOT) + mode.substring(1);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String failures(RunDescription run) {
        StringBuilder b = new StringBuilder();
        for (Peer p : run.options().drivers()) {
            for (LoopShape shape : p.measuredShapes(run.options().shapes())) {
                for (Scenario s : run.scenarios()) {
                    RunResults.DriverSummary d = run.results().summary(p, s, shape);
                    if (d.status() == Measurement.Status.ERROR || d.status() == Measurement.Status.TIMEOUT) {
                        b.append("- ").append(p.id()).append(", ").append(s.label()).append(", ").append(shape.id())
                                .append(": ").append(Format.cell(d.message(), 1000)).append('\n');
                    }
                }
            }
        }
        return b.toString();
    }
}
