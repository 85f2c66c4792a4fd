package io.pgfast.bench.parser;

import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Ratios;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The parser run as a Markdown table and as CSV. */
public final class ParserReport {

    private ParserReport() {
    }

    public static String markdown(ParserRun run, String settings, String machine) {
        ParserRun.Path first = run.first();
        ParserRun.Path second = run.second();
        String a = first.label();
        String p = second.label();
        StringBuilder b = new StringBuilder("| Dataset | " + a + " µs / 500 rows | " + p + " µs / 500 rows | " + a + " / "
                + p + " speed | Per-round ratios | Rounds | Noise | | " + a + " B/row | " + p + " B/row |\n"
                + "|---|---:|---:|---|---|---|---|---|---:|---:|\n");
        for (DataRowStreams.Dataset d : run.datasets()) {
            Comparison c = run.compare(d);
            Map<ParserRun.Path, double[]> m = run.medians(d);
            b.append("| ").append(d.label()).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f", m.get(first)[0])).append(" | ")
                    .append(String.format(Locale.ROOT, "%.1f", m.get(second)[0])).append(" | ")
                    .append(String.format(Locale.ROOT, "%.3fx (%+.1f%%)", c.medianRatio(), (c.medianRatio() - 1) * 100))
                    .append(" | ").append(c.ratios().stream().map(r -> String.format(Locale.ROOT, "%.2f", r))
                            .collect(Collectors.joining(", ")))
                    .append(" | ").append(String.format(Locale.ROOT, "%.2f to %.2f", c.minRatio(), c.maxRatio()))
                    .append(" | ").append(String.format(Locale.ROOT, "±%.1f%%", c.noise() * 100))
                    .append(" | ").append(c.marker().symbol())
                    .append(" | ").append(String.format(Locale.ROOT, "%.0f", m.get(first)[1]))
                    .append(" | ").append(String.format(Locale.ROOT, "%.0f", m.get(second)[1])).append(" |\n");
        }
        b.append('\n').append(String.format(Locale.ROOT, "%s. Each round runs %s, %s, a second fork of each, "
                + "one JVM (JMH fork) each, in an order that changes every round. \"%s / %s speed\" is the median "
                + "of the per-round ratios of rows parsed per µs (both %s forks over both %s forks; above 1: "
                + "%s faster); \"Noise\" is how far %s/%s' and %s/%s' got from 1 in this run. 🏆 / 👀 "
                + "only when the median moved further than the noise, at least %.0f%%, and every round agreed; blank: a "
                + "tie within a noise of at most %.0f%%; \"not judged\": the run cannot tell. B/row is JMH's "
                + "gc.alloc.rate.norm per 500-row stream over 500 (the median of the forks), exact to a few bytes.",
                settings, a, p, a, p, a, p, a, a, a, p, p, Ratios.MINIMUM_MOVE * 100, Ratios.JUDGING_NOISE_LIMIT * 100));
        b.append("\n\n").append(machine).append('\n');
        return b.toString();
    }

    public static String csv(ParserRun run) {
        StringBuilder b = new StringBuilder("dataset,round,path,copy,us_per_500_rows,bytes_per_500_rows\n");
        for (ParserRun.Fork f : run.forks()) {
            b.append(f.dataset().name()).append(',').append(f.round() + 1).append(',').append(f.path().label())
                    .append(',').append(f.copy()).append(',').append(String.format(Locale.ROOT, "%.6g", f.micros()))
                    .append(',').append(Double.isNaN(f.bytes()) ? "" : String.format(Locale.ROOT, "%.6g", f.bytes()))
                    .append('\n');
        }
        return b.toString();
    }
}
