package io.pgfast.bench.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.pgfast.bench.report.Format;
import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Metric;
import io.pgfast.bench.stats.Ratios;
import io.pgfast.bench.stats.RoundValues;

/**
 * The {@code --app} run's table, judged with the main run's rule ({@link Comparison}, {@link Ratios}): per scenario and
 * round a variant's requests/s over the baseline's, the median of those ratios with its 99 % interval, and as noise how
 * far the baseline's two processes got from each other (a round's {@link RoundValues} holds the variant's one window
 * on the pgfast side twice, so the noise is the baseline's A/A'). p50 and p99 are the medians of the windows' own;
 * connections per request are all the windows' new server connections over all their requests.
 */
final class AppReport {
    private final AppOptions options;
    private final List<AppSlot> slots;
    private final List<AppWindow> windows;

    AppReport(AppOptions options, List<AppSlot> slots, List<AppWindow> windows) {
        this.options = options;
        this.slots = List.copyOf(slots);
        this.windows = List.copyOf(windows);
    }

    /** One cell: a variant in a scenario. */
    record Cell(AppScenario scenario, AppVariant variant, double requestsPerSecond, Comparison comparison, double p50Millis,
                double p99Millis, double connectionsPerRequest, long errors, int windows, String failure) {
    }

    static final AppSlot BASELINE = new AppSlot(AppVariant.R2DBC_POSTGRESQL, 1);
    static final AppSlot BASELINE_AGAIN = new AppSlot(AppVariant.R2DBC_POSTGRESQL, 2);

    /** Every variant's cell of {@code scenario}, the baseline's first. */
    List<Cell> cells(AppScenario scenario) {
        List<Cell> out = new ArrayList<>();
        for (AppSlot slot : slots) {
            if (slot.copy() != 1) {
                continue;
            }
            List<AppWindow> mine = windows(scenario, slot.variant());
            List<Double> rates = new ArrayList<>();
            List<Double> p50 = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            long requests = 0;
            long connections = 0;
            long errors = 0;
            String failure = null;
            for (AppWindow w : mine) {
                connections += w.newConnections();
                if (w.measured()) {
                    rates.add(w.result().requestsPerSecond());
                    p50.add(w.result().p50Micros() / 1000.0);
                    p99.add(w.result().p99Micros() / 1000.0);
                    requests += w.result().requests();
                    errors += w.result().errors();
                } else if (failure == null) {
                    failure = w.failure();
                }
            }
            Comparison c = slot.equals(BASELINE) ? null : comparison(scenario, slot.variant());
            out.add(new Cell(scenario, slot.variant(), rates.isEmpty() ? Double.NaN : Ratios.median(rates), c,
                    p50.isEmpty() ? Double.NaN : Ratios.median(p50), p99.isEmpty() ? Double.NaN : Ratios.median(p99),
                    requests == 0 ? Double.NaN : (double) connections / requests, errors, mine.size(), failure));
        }
        return out;
    }

    /** {@code variant} against the baseline in {@code scenario}, from the rounds where all three windows have a rate. */
    Comparison comparison(AppScenario scenario, AppVariant variant) {
        List<RoundValues> rounds = new ArrayList<>();
        for (int round = 0; round < options.rounds(); round++) {
            AppWindow v = window(round, scenario, new AppSlot(variant, 1));
            AppWindow b1 = window(round, scenario, BASELINE);
            AppWindow b2 = window(round, scenario, BASELINE_AGAIN);
            if (v != null && b1 != null && b2 != null && v.measured() && b1.measured() && b2.measured()) {
                double rate = v.result().requestsPerSecond();
                rounds.add(new RoundValues(rate, rate, b1.result().requestsPerSecond(), b2.result().requestsPerSecond()));
            }
        }
        if (rounds.isEmpty()) {
            boolean own = windows(scenario, variant).stream().anyMatch(AppWindow::measured);
            return own ? Comparison.failed(Comparison.State.PEER_FAILED, "no ratio: the baseline has no rate")
                    : Comparison.failed(Comparison.State.PGFAST_FAILED, "no ratio: " + variant.id() + " has no rate");
        }
        return Comparison.measured(Metric.THROUGHPUT, rounds, options.judged());
    }

    /** How far the baseline's two processes got from each other in {@code scenario}: the median over rounds. */
    double noise(AppScenario scenario) {
        List<Double> gaps = new ArrayList<>();
        for (int round = 0; round < options.rounds(); round++) {
            AppWindow b1 = window(round, scenario, BASELINE);
            AppWindow b2 = window(round, scenario, BASELINE_AGAIN);
            if (b1 != null && b2 != null && b1.measured() && b2.measured()) {
                gaps.add(b1.result().requestsPerSecond() / b2.result().requestsPerSecond());
            }
        }
        return gaps.isEmpty() ? Double.NaN : Ratios.deviation(Ratios.median(gaps), 1);
    }

    /** The Markdown table: a row per scenario, a column per variant. */
    String markdown(String machine, String appJvm) {
        StringBuilder md = new StringBuilder();
        md.append("## Application benchmark (TFB's database tests on Spring Boot)\n\n");
        md.append(String.format(Locale.ROOT, "%s run: %d round(s) of %d s wrk windows; requests/s as a ratio to %s "
                        + "(the median of the rounds' ratios, [its 99 %% interval, or the range of the rounds]), p50 and "
                        + "p99 latency, new server connections per request.%n%n", options.mode(), options.rounds(),
                options.seconds(), AppVariant.R2DBC_POSTGRESQL.label()));
        List<AppVariant> variants = slots.stream().filter(s -> s.copy() == 1).map(AppSlot::variant).toList();
        md.append("| endpoint | conns | noise |");
        for (AppVariant v : variants) {
            md.append(' ').append(v.label()).append(" |");
        }
        md.append("\n|---|---|---|");
        md.append("---|".repeat(variants.size())).append('\n');
        for (AppScenario s : options.scenarios()) {
            double noise = noise(s);
            md.append("| ").append(s.endpoint().label()).append(" | ").append(s.connections()).append(" | ")
                    .append(Double.isNaN(noise) ? "—" : Format.noise(noise)).append(" |");
            for (Cell c : cells(s)) {
                md.append(' ').append(cell(c)).append(" |");
            }
            md.append('\n');
        }
        md.append("\nnoise: how far the baseline's two processes got from each other (the median over rounds). "
                + "A ratio is marked 🏆 or 👀 when its interval lies beyond twice the noise and 2 %, \"not judged\" "
                + "when the run cannot tell.\n\n");
        md.append("Server: ").append(machine).append("\n\nApplications: ").append(appJvm).append("\n");
        return md.toString();
    }

    private static String cell(Cell c) {
        if (Double.isNaN(c.requestsPerSecond())) {
            return "failed: " + Format.cell(c.failure() == null ? "no window" : c.failure(), 60);
        }
        StringBuilder s = new StringBuilder();
        if (c.comparison() == null) {
            s.append(Format.rate(c.requestsPerSecond())).append("/s");
        } else if (c.comparison().isMeasured()) {
            double[] range = c.comparison().intervalOrRange();
            String mark = c.comparison().marker().symbol();
            s.append(String.format(Locale.ROOT, "%.2f× [%.2f–%.2f]", c.comparison().medianRatio(), range[0], range[1]))
                    .append(mark.isEmpty() ? "" : " " + mark);
        } else {
            s.append(Format.cell(c.comparison().message(), 40));
        }
        s.append(String.format(Locale.ROOT, ", p50 %s, p99 %s, %.2f conn/req", ms(c.p50Millis()), ms(c.p99Millis()),
                c.connectionsPerRequest()));
        if (c.errors() > 0) {
            s.append(", ").append(c.errors()).append(" errors");
        }
        return s.toString();
    }

    private static String ms(double ms) {
        return ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms) : String.format(Locale.ROOT, "%.1f", ms);
    }

    /** Every window, one line each. */
    String windowsCsv() {
        StringBuilder csv = new StringBuilder("round,position,endpoint,connections,variant,copy,requests,seconds,"
                + "requests_per_s,p50_ms,p99_ms,errors,new_connections,failure\n");
        for (AppWindow w : windows) {
            WrkResult r = w.result();
            csv.append(String.format(Locale.ROOT, "%d,%d,%s,%d,%s,%d,%s,%s,%s,%s,%s,%s,%d,%s%n", w.round() + 1,
                    w.position() + 1, w.scenario().endpoint().path(), w.scenario().connections(), w.slot().variant().id(),
                    w.slot().copy(), r == null ? "" : r.requests(), r == null ? "" : r.micros() / 1e6,
                    r == null ? "" : String.format(Locale.ROOT, "%.1f", r.requestsPerSecond()),
                    r == null ? "" : r.p50Micros() / 1000.0, r == null ? "" : r.p99Micros() / 1000.0,
                    r == null ? "" : r.errors(), w.newConnections(),
                    w.failure() == null ? "" : '"' + w.failure().replace('"', '\'').replace('\n', ' ') + '"'));
        }
        return csv.toString();
    }

    /** Every cell, one line each. */
    String summaryCsv() {
        StringBuilder csv = new StringBuilder("endpoint,connections,variant,requests_per_s,ratio,low,high,noise,verdict,"
                + "p50_ms,p99_ms,connections_per_request,errors\n");
        for (AppScenario s : options.scenarios()) {
            double noise = noise(s);
            for (Cell c : cells(s)) {
                Comparison cmp = c.comparison();
                boolean measured = cmp != null && cmp.isMeasured();
                double[] range = measured ? cmp.intervalOrRange() : null;
                csv.append(String.format(Locale.ROOT, "%s,%d,%s,%.1f,%s,%s,%s,%.4f,%s,%.2f,%.2f,%.4f,%d%n",
                        s.endpoint().path(), s.connections(), c.variant().id(), c.requestsPerSecond(),
                        measured ? String.format(Locale.ROOT, "%.4f", cmp.medianRatio()) : "",
                        measured ? String.format(Locale.ROOT, "%.4f", range[0]) : "",
                        measured ? String.format(Locale.ROOT, "%.4f", range[1]) : "", noise,
                        measured ? cmp.marker().name().toLowerCase(Locale.ROOT) : "",
                        c.p50Millis(), c.p99Millis(), c.connectionsPerRequest(), c.errors()));
            }
        }
        return csv.toString();
    }

    private List<AppWindow> windows(AppScenario scenario, AppVariant variant) {
        // both of the baseline's processes
        return windows.stream().filter(w -> w.scenario().equals(scenario) && w.slot().variant() == variant).toList();
    }

    private AppWindow window(int round, AppScenario scenario, AppSlot slot) {
        for (AppWindow w : windows) {
            if (w.round() == round && w.scenario().equals(scenario) && w.slot().equals(slot)) {
                return w;
            }
        }
        return null;
    }
}
