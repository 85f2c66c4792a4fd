package io.pgfast.bench.report;

import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Slot;
import io.pgfast.bench.WarmupSlice;
import io.pgfast.bench.stats.Ratios;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether the windows were warm, per driver, from the run's own warm-up curves: the rate of the last warm-up
 * pass relative to the window that followed it (the same process, scenario and shape; near 1 when the rate had
 * settled, below 1 when it was still climbing), the JIT's compilation time inside the windows, and how many warm-up
 * passes the processes ran (more than planned when their JIT was still busy).
 */
final class WarmupCheck {

    private WarmupCheck() {
    }

    static String paragraph(RunDescription run) {
        StringBuilder b = new StringBuilder("Warm-up check (last warm-up pass / window, median over processes, "
                + "scenarios and shapes; JIT compilation inside a window, median):");
        String sep = " ";
        boolean any = false;
        for (Peer p : run.options().drivers()) {
            List<Double> ratios = lastPassRatios(run.results(), p);
            List<Double> jit = new ArrayList<>();
            for (RunResults.Entry e : run.results().entries()) {
                Measurement m = e.measurement();
                if (e.slot().peer() == p && m.isOk() && m.cost().compileMillis() >= 0) {
                    jit.add((double) m.cost().compileMillis());
                }
            }
            if (ratios.isEmpty() && jit.isEmpty()) {
                continue;
            }
            any = true;
            b.append(sep).append(p.id()).append(' ');
            b.append(ratios.isEmpty() ? "no warm-up" : String.format(Locale.ROOT, "%.2f (%.2f to %.2f)",
                    Ratios.median(ratios), min(ratios), max(ratios)));
            if (!jit.isEmpty()) {
                b.append(String.format(Locale.ROOT, ", JIT %.0f ms", Ratios.median(jit)));
            }
            Map<String, Integer> passes = passesPerProcess(run.results(), p);
            if (!passes.isEmpty()) {
                int fewest = passes.values().stream().min(Integer::compare).orElseThrow();
                int most = passes.values().stream().max(Integer::compare).orElseThrow();
                b.append(", ").append(fewest == most ? Integer.toString(most) : fewest + "–" + most)
                        .append(most == 1 ? " warm-up pass" : " warm-up passes");
            }
            sep = " · ";
        }
        return any ? b.append('.').toString() : "Warm-up check: no window was measured.";
    }

    /** Per process, scenario and shape: last warm-up pass's q/s over the window's q/s. */
    static List<Double> lastPassRatios(RunResults results, Peer peer) {
        List<Double> out = new ArrayList<>();
        List<RunResults.WarmupEntry> warmup = results.warmup();
        Map<String, Integer> last = passesPerProcess(results, peer);
        for (RunResults.WarmupEntry w : warmup) {
            WarmupSlice slice = w.slice();
            Measurement m = slice.measurement();
            if (w.slot().peer() != peer || slice.pass() != last.get(w.round() + "/" + w.slot()) || !m.isOk()) {
                continue;
            }
            Measurement window = window(results, w.round(), w.slot(), m);
            if (window != null) {
                out.add(m.queriesPerSecond() / window.queriesPerSecond());
            }
        }
        return out;
    }

    /** The warm-up passes each process of {@code peer} ran (a process warms up for longer while its JIT is busy). */
    static Map<String, Integer> passesPerProcess(RunResults results, Peer peer) {
        Map<String, Integer> out = new TreeMap<>();
        for (RunResults.WarmupEntry w : results.warmup()) {
            if (w.slot().peer() == peer) {
                out.merge(w.round() + "/" + w.slot(), w.slice().pass(), Math::max);
            }
        }
        return out;
    }

    private static Measurement window(RunResults results, int round, Slot slot, Measurement slice) {
        for (RunResults.Entry e : results.entries()) {
            Measurement m = e.measurement();
            if (e.round() == round && e.slot().equals(slot) && m.scenario() == slice.scenario()
                    && m.shape() == slice.shape() && m.isOk()) {
                return m;
            }
        }
        return null;
    }

    private static double min(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    private static double max(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }
}
