package io.pgfast.bench.report;

import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Metric;

import java.util.List;

/** The whole run as one JSON document: settings, machine, comparison rows, every measurement and warm-up slice. */
public final class JsonReport {

    private JsonReport() {
    }

    public static String render(RunDescription run) {
        StringBuilder b = new StringBuilder("{\n");
        b.append("  \"startedAt\": ").append(string(run.startedAt())).append(",\n");
        b.append("  \"settings\": {\"mode\": ").append(string(run.options().mode()))
                .append(", \"rounds\": ").append(run.options().rounds())
                .append(", \"seconds\": ").append(run.options().seconds())
                .append(", \"warmupSeconds\": ").append(run.options().warmup())
                .append(", \"warmupPasses\": ").append(run.options().passes())
                .append(", \"operationTimeoutSeconds\": ").append(run.options().timeout())
                .append(", \"jvmPerScenario\": ").append(run.options().jvmPerScenario())
                .append(", \"judged\": ").append(run.options().judged())
                .append(", \"margin\": ").append(run.results().margin())
                .append(", \"shapes\": [");
        String sep = "";
        for (LoopShape s : run.options().shapes()) {
            b.append(sep).append(string(s.id()));
            sep = ", ";
        }
        b.append("]},\n");
        MachineInfo m = run.machine();
        b.append("  \"machine\": {\"jvm\": ").append(string(m.jvm())).append(", \"cpu\": ").append(string(m.cpu()))
                .append(", \"cores\": ").append(m.cores()).append(", \"os\": ").append(string(m.os()))
                .append(", \"server\": ").append(string(m.server())).append("},\n");
        b.append("  \"comparisons\": [\n");
        sep = "";
        for (LoopShape shape : run.options().shapes()) {
            for (Peer p : run.peers()) {
                for (Scenario s : run.scenarios()) {
                    b.append(sep).append("    ").append(comparison(run.results(), p, s, shape));
                    sep = ",\n";
                }
            }
        }
        b.append("\n  ],\n  \"measurements\": [\n");
        sep = "";
        List<RunResults.Entry> entries = run.results().entries();
        for (RunResults.Entry e : entries) {
            b.append(sep).append("    {\"round\": ").append(e.round() + 1).append(", \"position\": ")
                    .append(e.position() + 1).append(", ").append(measurement(e.slot().peer(), e.slot().copy(),
                            e.measurement())).append('}');
            sep = ",\n";
        }
        b.append("\n  ],\n  \"warmup\": [\n");
        sep = "";
        for (RunResults.WarmupEntry w : run.results().warmup()) {
            b.append(sep).append("    {\"round\": ").append(w.round() + 1).append(", \"pass\": ")
                    .append(w.slice().pass()).append(", ")
                    .append(measurement(w.slot().peer(), w.slot().copy(), w.slice().measurement())).append('}');
            sep = ",\n";
        }
        return b.append("\n  ]\n}\n").toString();
    }

    private static String comparison(RunResults results, Peer p, Scenario s, LoopShape shape) {
        Comparison q = results.compare(p, s, shape, Metric.THROUGHPUT);
        StringBuilder b = new StringBuilder("{\"peer\": ").append(string(p.id())).append(", \"scenario\": ")
                .append(string(s.id())).append(", \"shape\": ").append(string(shape.id()))
                .append(", \"state\": ").append(string(q.state().name()));
        if (q.isMeasured()) {
            b.append(", \"qps\": ").append(metric(q));
            Comparison c = results.compare(p, s, shape, Metric.CPU);
            b.append(", \"cpuMicrosPerOperation\": ").append(c.isMeasured() ? metric(c)
                    : "{\"state\": " + string(c.state().name()) + ", \"message\": " + string(c.message()) + "}");
            RunResults.DriverSummary a = results.summary(Peer.PGFAST, s, shape);
            RunResults.DriverSummary d = results.summary(p, s, shape);
            b.append(", \"allocation\": {\"pgfastBytesPerOperation\": ").append(number(a.bytesPerOperation()))
                    .append(", \"peerBytesPerOperation\": ").append(number(d.bytesPerOperation()))
                    .append(", \"pgfastBytesPerRow\": ").append(number(a.bytesPerRow()))
                    .append(", \"peerBytesPerRow\": ").append(number(d.bytesPerRow()))
                    .append(", \"complete\": ").append(a.allocationComplete() && d.allocationComplete()).append('}');
        } else {
            b.append(", \"message\": ").append(string(q.message()));
        }
        return b.append('}').toString();
    }

    private static String metric(Comparison c) {
        StringBuilder b = new StringBuilder("{\"pgfast\": ").append(number(c.pgfastValue()))
                .append(", \"peer\": ").append(number(c.peerValue()))
                .append(", \"medianRatio\": ").append(number(c.medianRatio()))
                .append(", \"minRatio\": ").append(number(c.minRatio()))
                .append(", \"maxRatio\": ").append(number(c.maxRatio()))
                .append(", \"interval\": ").append(interval(c))
                .append(", \"noise\": ").append(number(c.noise()))
                .append(", \"verdict\": ").append(string(c.marker().name()))
                .append(", \"ratios\": [");
        String sep = "";
        for (double r : c.ratios()) {
            b.append(sep).append(number(r));
            sep = ", ";
        }
        return b.append("]}").toString();
    }

    /** The interval of the median ratio as {@code [low, high]}, or null with too few rounds for one. */
    private static String interval(Comparison c) {
        double[] i = c.interval();
        return i == null ? "null" : "[" + number(i[0]) + ", " + number(i[1]) + "]";
    }

    private static String measurement(Peer peer, int copy, Measurement m) {
        StringBuilder b = new StringBuilder("\"driver\": ").append(string(peer.id()))
                .append(", \"copy\": ").append(copy)
                .append(", \"scenario\": ").append(string(m.scenario().id()))
                .append(", \"shape\": ").append(string(m.shape().id()))
                .append(", \"status\": ").append(string(m.status().name()));
        if (m.isOk()) {
            b.append(", \"operations\": ").append(m.operations())
                    .append(", \"elapsedNanos\": ").append(m.elapsedNanos())
                    .append(", \"qps\": ").append(number(m.queriesPerSecond()))
                    .append(", \"msPerOperation\": ").append(number(m.millisPerOperation()))
                    .append(", \"cpuNanos\": ").append(m.cost().cpuNanos())
                    .append(", \"cpuMicrosPerOperation\": ").append(number(m.cpuMicrosPerOperation()))
                    .append(", \"allocatedBytes\": ").append(m.cost().allocatedBytes())
                    .append(", \"bytesPerOperation\": ").append(number(m.bytesPerOperation()))
                    .append(", \"bytesPerRow\": ").append(number(m.bytesPerRow()))
                    .append(", \"threadsEnded\": ").append(m.cost().threadsEnded())
                    .append(", \"compileMillis\": ").append(m.cost().compileMillis());
        } else {
            b.append(", \"message\": ").append(string(m.message()));
        }
        return b.toString();
    }

    /** A JSON number, or null for NaN (no figure). */
    static String number(double v) {
        return Double.isNaN(v) ? "null" : CsvReport.number(v);
    }

    /** A JSON string literal (RFC 8259 section 7). */
    static String string(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }
}
