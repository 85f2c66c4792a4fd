package io.pgfast.bench.report;

import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Marker;
import io.pgfast.bench.stats.Metric;

import java.util.List;
import java.util.Locale;

/**
 * A bar chart of the pgfast / peer ratios of one {@link Metric} (q/s: {@code ratios.svg}; CPU per operation:
 * {@code cpu-ratios.svg}): one group per loop shape and peer, one bar per scenario, on a log scale centred on 1x
 * (0.25x to 4x; longer bars are cut at the edge), with the interval of the median (with too few rounds for one,
 * the range of the rounds) as a whisker. Green is a 🏆 row,
 * red a 👀 row, grey a tie or a row that was not judged (written as words: SVG renderers often lack emoji
 * fonts).
 */
public final class SvgChart {
    private static final int LABEL_WIDTH = 360;
    private static final int PLOT_WIDTH = 420;
    private static final int VALUE_WIDTH = 130;
    private static final int ROW = 18;
    private static final int GROUP_GAP = 30;
    private static final int TOP = 50;
    private static final double LOG2_LIMIT = 2;

    private SvgChart() {
    }

    /** The q/s chart. */
    public static String render(RunDescription run) {
        return render(run, Metric.THROUGHPUT);
    }

    public static String render(RunDescription run, Metric metric) {
        List<LoopShape> shapes = run.options().shapes();
        int groups = shapes.size() * run.peers().size();
        int rows = groups * (run.scenarios().size() + 1);
        int height = TOP + rows * ROW + groups * GROUP_GAP + 40;
        int width = LABEL_WIDTH + PLOT_WIDTH + VALUE_WIDTH;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", width, height, width, height));
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        String title = metric == Metric.THROUGHPUT
                ? "pgfast / peer, q/s, median of " + run.options().rounds() + " rounds (above 1x: pgfast faster)"
                : "pgfast / peer, client CPU per operation, median of " + run.options().rounds()
                + " rounds (below 1x: pgfast spends less)";
        b.append(text(10, 20, title, "font-size=\"15\" font-weight=\"bold\""));
        axis(b, TOP - 8, height - 30);
        int y = TOP;
        for (LoopShape shape : shapes) {
            for (Peer peer : run.peers()) {
                b.append(text(10, y + 13, "vs " + peer.displayName() + ", " + shape.label(), "font-weight=\"bold\""));
                y += ROW;
                for (Scenario s : run.scenarios()) {
                    bar(b, y, s, run.results().compare(peer, s, shape, metric), run.results(), peer, shape);
                    y += ROW;
                }
                y += GROUP_GAP;
            }
        }
        b.append(text(10, height - 10, run.machine().line(), "font-size=\"10\" fill=\"#555\""));
        return b.append("</svg>\n").toString();
    }

    private static void axis(StringBuilder b, int top, int bottom) {
        for (double tick : new double[]{0.25, 0.5, 1, 2, 4}) {
            double x = x(tick);
            b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n",
                    x, top, x, bottom, tick == 1 ? "#333" : "#ddd"));
            b.append(text(x - 10, top - 4, trimTick(tick) + "x", "font-size=\"10\" fill=\"#555\""));
        }
    }

    private static String trimTick(double t) {
        return t == Math.rint(t) ? Long.toString((long) t) : Double.toString(t);
    }

    private static void bar(StringBuilder b, int y, Scenario s, Comparison c, RunResults results, Peer peer,
                            LoopShape shape) {
        b.append(text(20, y + 13, s.label(), ""));
        if (!c.isMeasured()) {
            String what;
            if (c.state() == Comparison.State.NOT_APPLICABLE) {
                what = "n/a";
            } else if (c.state() == Comparison.State.UNAVAILABLE) {
                what = "no figure";
            } else {
                boolean pgfast = c.state() == Comparison.State.PGFAST_FAILED;
                RunResults.DriverSummary d = results.summary(pgfast ? Peer.PGFAST : peer, s, shape);
                what = (d.status() == Measurement.Status.TIMEOUT ? "timeout (" : "error (")
                        + (pgfast ? "pgfast" : peer.id()) + ")";
            }
            b.append(text(x(1) + 6, y + 13, what, "fill=\"#888\" font-style=\"italic\""));
            return;
        }
        double median = c.medianRatio();
        double x0 = x(1);
        double x1 = x(median);
        Marker marker = c.marker();
        String color = marker == Marker.BETTER ? "#2e7d32" : marker == Marker.WORSE ? "#c62828" : "#9e9e9e";
        b.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                Math.min(x0, x1), y + 3, Math.max(1, Math.abs(x1 - x0)), ROW - 6, color));
        b.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222\" stroke-width=\"1\"/>\n",
                x(c.intervalOrRange()[0]), y + ROW / 2, x(c.intervalOrRange()[1]), y + ROW / 2));
        b.append(text(LABEL_WIDTH + PLOT_WIDTH + 8, y + 13,
                String.format(Locale.ROOT, "%.2fx%s", median, verdict(marker, c.metric())), ""));
    }

    private static String verdict(Marker marker, Metric metric) {
        switch (marker) {
            case BETTER:
                return metric == Metric.THROUGHPUT ? " faster" : " leaner";
            case WORSE:
                return metric == Metric.THROUGHPUT ? " slower" : " costlier";
            case NOT_JUDGED:
                return " not judged";
            default:
                return "";
        }
    }

    /** The x of a ratio: log2 scale, 1x in the middle of the plot, clamped to its edges. */
    static double x(double ratio) {
        double l = Math.max(-LOG2_LIMIT, Math.min(LOG2_LIMIT, Math.log(ratio) / Math.log(2)));
        return LABEL_WIDTH + PLOT_WIDTH / 2.0 + l / LOG2_LIMIT * (PLOT_WIDTH / 2.0 - 10);
    }

    private static String text(double x, double y, String content, String attributes) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" %s>%s</text>\n", x, y, attributes, escape(content));
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
