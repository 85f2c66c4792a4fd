package io.pgfast.bench.report;

import java.util.Locale;

/** How numbers look in the tables and the chart. */
public final class Format {

    private Format() {
    }

    /** A rate: no decimals from 100 up, one below, two below 10 (the take-10 scenario runs a few per second). */
    public static String rate(double qps) {
        if (qps >= 100) {
            return String.format(Locale.ROOT, "%.0f", qps);
        }
        if (qps >= 10) {
            return String.format(Locale.ROOT, "%.1f", qps);
        }
        return String.format(Locale.ROOT, "%.2f", qps);
    }

    /** {@code 1.121x (+12.1%)}. */
    public static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.3fx (%+.1f%%)", ratio, (ratio - 1) * 100);
    }

    /** {@code 0.96 to 1.13}. */
    public static String range(double min, double max) {
        return String.format(Locale.ROOT, "%.2f to %.2f", min, max);
    }

    /** {@code ±7.0%}. */
    public static String noise(double noise) {
        return String.format(Locale.ROOT, "±%.1f%%", noise * 100);
    }

    public static String millis(double ms) {
        return ms >= 100 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.2f ms", ms);
    }

    /** A message short enough for a table cell, without the characters that break a Markdown table. */
    public static String cell(String message, int max) {
        String s = message.replace('|', '/').replace('\n', ' ');
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
