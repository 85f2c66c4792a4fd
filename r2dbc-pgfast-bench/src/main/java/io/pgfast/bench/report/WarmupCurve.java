package io.pgfast.bench.report;

import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Ratios;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table of a warm-up curve run ({@code --curve}): one process per driver that warms every scenario and shape
 * up in many short passes. Per driver, scenario and shape, each pass's q/s as a fraction of the settled rate
 * (the median of the last quarter of the passes, at least 2), and the first pass from which every later pass
 * stays within {@link #SETTLED} of it: the warm-up the default run needs is that many passes.
 */
public final class WarmupCurve {
    /** A pass is settled when it is within this of the settled rate (10 %, the judging noise limit). */
    static final double SETTLED = Ratios.JUDGING_NOISE_LIMIT;

    private WarmupCurve() {
    }

    public static String render(RunDescription run) {
        int passes = run.options().passes();
        StringBuilder b = new StringBuilder("| Driver | Scenario | Shape | settled q/s | settled from pass |");
        for (int p = 1; p <= passes; p++) {
            b.append(' ').append(p).append(" |");
        }
        b.append("\n|---|---|---|---:|---:|");
        for (int p = 1; p <= passes; p++) {
            b.append("---:|");
        }
        b.append('\n');
        for (Peer peer : run.options().drivers()) {
            for (Scenario s : run.scenarios()) {
                for (LoopShape shape : peer.measuredShapes(run.options().shapes())) {
                    double[] rates = rates(run.results(), peer, s, shape, passes);
                    if (rates == null) {
                        continue;
                    }
                    double settled = settled(rates);
                    b.append("| ").append(peer.id()).append(" | ").append(s.id()).append(" | ").append(shape.id())
                            .append(" | ").append(Format.rate(settled)).append(" | ").append(settledFrom(rates, settled))
                            .append(" |");
                    for (double r : rates) {
                        b.append(' ').append(Double.isNaN(r) ? "—" : String.format(Locale.ROOT, "%.2f", r / settled))
                                .append(" |");
                    }
                    b.append('\n');
                }
            }
        }
        b.append('\n').append(String.format(Locale.ROOT, "Warm-up curves: one JVM per driver warms every scenario and "
                        + "shape up in %d passes of %s s each (every scenario and shape once per pass, in this order), "
                        + "as the default run does before its windows. Each pass's q/s as a fraction of the settled rate "
                        + "(median of the last quarter of the passes); \"settled from pass\": the first pass after which "
                        + "every pass stays within %.0f%% of it.", passes, trim(run.options().warmup() / passes),
                SETTLED * 100));
        b.append("\n\n").append(run.machine().line()).append('\n');
        return b.toString();
    }

    /** Each pass's q/s in round 1, copy 1, or null if no pass measured. */
    private static double[] rates(RunResults results, Peer peer, Scenario s, LoopShape shape, int passes) {
        double[] out = new double[passes];
        java.util.Arrays.fill(out, Double.NaN);
        boolean any = false;
        for (RunResults.WarmupEntry w : results.warmup()) {
            Measurement m = w.slice().measurement();
            if (w.slot().peer() == peer && w.slot().copy() == 1 && w.round() == 0 && m.scenario() == s
                    && m.shape() == shape && m.isOk() && w.slice().pass() <= passes) {
                out[w.slice().pass() - 1] = m.queriesPerSecond();
                any = true;
            }
        }
        return any ? out : null;
    }

    static double settled(double[] rates) {
        int n = rates.length;
        List<Double> tail = new ArrayList<>();
        for (int i = n - Math.max(2, n / 4); i < n; i++) {
            if (i >= 0 && !Double.isNaN(rates[i])) {
                tail.add(rates[i]);
            }
        }
        return tail.isEmpty() ? Double.NaN : Ratios.median(tail);
    }

    /** The first pass (from 1) from which every pass is within {@link #SETTLED} of {@code settled}. */
    static int settledFrom(double[] rates, double settled) {
        int from = rates.length + 1;
        for (int i = rates.length - 1; i >= 0; i--) {
            if (Double.isNaN(rates[i]) || Ratios.deviation(rates[i], settled) > SETTLED) {
                break;
            }
            from = i + 1;
        }
        return from;
    }

    private static String trim(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3f", v)).stripTrailingZeros().toPlainString();
    }
}
