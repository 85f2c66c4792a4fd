package io.pgfast.bench.report;

import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;

import java.util.Locale;

/** The raw measurements and the comparison rows as CSV (RFC 4180 quoting). */
public final class CsvReport {

    private CsvReport() {
    }

    public static String measurements(RunDescription run) {
        StringBuilder b = new StringBuilder(
                "round,position,driver,copy,scenario,status,operations,queries_per_operation,elapsed_ns,qps,ms_per_operation,message\n");
        for (RunResults.Entry e : run.results().entries()) {
            Measurement m = e.measurement();
            b.append(e.round() + 1).append(',').append(e.position() + 1).append(',').append(e.slot().peer().id())
                    .append(',').append(e.slot().copy()).append(',').append(m.scenario().id()).append(',')
                    .append(m.status()).append(',').append(m.operations()).append(',')
                    .append(m.scenario().queriesPerOperation()).append(',').append(m.elapsedNanos()).append(',')
                    .append(m.isOk() ? number(m.queriesPerSecond()) : "").append(',')
                    .append(m.isOk() ? number(m.millisPerOperation()) : "").append(',')
                    .append(quote(m.message())).append('\n');
        }
        return b.toString();
    }

    public static String summary(RunDescription run) {
        StringBuilder b = new StringBuilder(
                "peer,scenario,state,pgfast_qps,peer_qps,median_ratio,min_ratio,max_ratio,noise,marker,message\n");
        for (Peer p : run.peers()) {
            for (Scenario s : run.scenarios()) {
                Comparison c = run.results().compare(p, s);
                b.append(p.id()).append(',').append(s.id()).append(',').append(c.state()).append(',');
                if (c.isMeasured()) {
                    b.append(number(c.pgfastRate())).append(',').append(number(c.peerRate())).append(',')
                            .append(number(c.medianRatio())).append(',').append(number(c.minRatio())).append(',')
                            .append(number(c.maxRatio())).append(',').append(number(c.noise())).append(',')
                            .append(c.marker()).append(',');
                } else {
                    b.append(",,,,,,,");
                }
                b.append(quote(c.message())).append('\n');
            }
        }
        return b.toString();
    }

    static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }

    static String quote(String s) {
        if (s.isEmpty()) {
            return "";
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
