package io.pgfast.bench.report;

import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;

import java.util.List;

/** The whole run as one JSON document: settings, machine, comparison rows, every measurement. */
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
                .append(", \"operationTimeoutSeconds\": ").append(run.options().timeout())
                .append(", \"jvmPerScenario\": ").append(run.options().jvmPerScenario()).append("},\n");
        MachineInfo m = run.machine();
        b.append("  \"machine\": {\"jvm\": ").append(string(m.jvm())).append(", \"cpu\": ").append(string(m.cpu()))
                .append(", \"cores\": ").append(m.cores()).append(", \"os\": ").append(string(m.os()))
                .append(", \"server\": ").append(string(m.server())).append("},\n");
        b.append("  \"comparisons\": [\n");
        String sep = "";
        for (Peer p : run.peers()) {
            for (Scenario s : run.scenarios()) {
                b.append(sep).append("    ").append(comparison(p, s, run.results().compare(p, s)));
                sep = ",\n";
            }
        }
        b.append("\n  ],\n  \"measurements\": [\n");
        sep = "";
        List<RunResults.Entry> entries = run.results().entries();
        for (RunResults.Entry e : entries) {
            b.append(sep).append("    ").append(entry(e));
            sep = ",\n";
        }
        return b.append("\n  ]\n}\n").toString();
    }

    private static String comparison(Peer p, Scenario s, Comparison c) {
        StringBuilder b = new StringBuilder("{\"peer\": ").append(string(p.id())).append(", \"scenario\": ")
                .append(string(s.id())).append(", \"state\": ").append(string(c.state().name()));
        if (c.isMeasured()) {
            b.append(", \"pgfastQps\": ").append(CsvReport.number(c.pgfastRate()))
                    .append(", \"peerQps\": ").append(CsvReport.number(c.peerRate()))
                    .append(", \"medianRatio\": ").append(CsvReport.number(c.medianRatio()))
                    .append(", \"minRatio\": ").append(CsvReport.number(c.minRatio()))
                    .append(", \"maxRatio\": ").append(CsvReport.number(c.maxRatio()))
                    .append(", \"noise\": ").append(CsvReport.number(c.noise()))
                    .append(", \"marker\": ").append(string(c.marker().name()))
                    .append(", \"ratios\": [");
            String sep = "";
            for (double r : c.ratios()) {
                b.append(sep).append(CsvReport.number(r));
                sep = ", ";
            }
            b.append(']');
        } else {
            b.append(", \"message\": ").append(string(c.message()));
        }
        return b.append('}').toString();
    }

    private static String entry(RunResults.Entry e) {
        Measurement m = e.measurement();
        StringBuilder b = new StringBuilder("{\"round\": ").append(e.round() + 1)
                .append(", \"position\": ").append(e.position() + 1)
                .append(", \"driver\": ").append(string(e.slot().peer().id()))
                .append(", \"copy\": ").append(e.slot().copy())
                .append(", \"scenario\": ").append(string(m.scenario().id()))
                .append(", \"status\": ").append(string(m.status().name()));
        if (m.isOk()) {
            b.append(", \"operations\": ").append(m.operations())
                    .append(", \"elapsedNanos\": ").append(m.elapsedNanos())
                    .append(", \"qps\": ").append(CsvReport.number(m.queriesPerSecond()))
                    .append(", \"msPerOperation\": ").append(CsvReport.number(m.millisPerOperation()));
        } else {
            b.append(", \"message\": ").append(string(m.message()));
        }
        return b.append('}').toString();
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
