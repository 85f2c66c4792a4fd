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

    /** CPU time per operation: {@code 71.0} µs, no decimals from 1000 up, two below 10; "—" if unknown. */
    public static String micros(double us) {
        if (Double.isNaN(us)) {
            return "—";
        }
        if (us >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", us);
        }
        return us >= 10 ? String.format(Locale.ROOT, "%.1f", us) : String.format(Locale.ROOT, "%.2f", us);
    }

    /**
     * Bytes: {@code 1,989}, one decimal under 10; "—" if unknown; {@code ≥} in front when a thread ended inside
     * a window, so that the figure misses its bytes (a lower bound).
     */
    public static String bytes(double bytes, boolean complete) {
        if (Double.isNaN(bytes)) {
            return "—";
        }
        String n = bytes >= 10 ? String.format(Locale.ROOT, "%,.0f", bytes) : String.format(Locale.ROOT, "%.1f", bytes);
        return complete ? n : "≥" + n;
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
