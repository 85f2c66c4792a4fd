package io.pgfast.bench.report;

import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Metric;

import java.util.Locale;

/** The raw measurements, the warm-up slices and the comparison rows as CSV (RFC 4180 quoting). */
public final class CsvReport {
    static final String MEASUREMENT_COLUMNS = "status,operations,queries_per_operation,rows_per_operation,"
            + "elapsed_ns,qps,ms_per_operation,cpu_ns,cpu_us_per_operation,allocated_bytes,bytes_per_operation,"
            + "bytes_per_row,threads_ended,compile_ms,message";

    private CsvReport() {
    }

    /**
     * Every window: its round and place, its process, the peer whose block it belongs to and the loop shape of the
     * table it serves (both empty: it serves every block and table), then the measurement.
     */
    public static String measurements(RunDescription run) {
        StringBuilder b = new StringBuilder("round,position,driver,copy,block,table,scenario,shape,"
                + MEASUREMENT_COLUMNS + "\n");
        for (RunResults.Entry e : run.results().entries()) {
            Measurement m = e.measurement();
            b.append(e.round() + 1).append(',').append(e.position() + 1).append(',').append(e.slot().peer().id())
                    .append(',').append(e.slot().copy()).append(',').append(e.block() == null ? "" : e.block().id())
                    .append(',').append(e.table() == null ? "" : e.table().id()).append(',')
                    .append(m.scenario().id()).append(',')
                    .append(m.shape().id()).append(',');
            measurement(b, m);
            b.append('\n');
        }
        return b.toString();
    }

    /** Every warm-up slice: the warm-up curve of every process, scenario and shape. */
    public static String warmup(RunDescription run) {
        StringBuilder b = new StringBuilder("round,driver,copy,pass,scenario,shape," + MEASUREMENT_COLUMNS + "\n");
        for (RunResults.WarmupEntry w : run.results().warmup()) {
            Measurement m = w.slice().measurement();
            b.append(w.round() + 1).append(',').append(w.slot().peer().id()).append(',').append(w.slot().copy())
                    .append(',').append(w.slice().pass()).append(',').append(m.scenario().id()).append(',')
                    .append(m.shape().id()).append(',');
            measurement(b, m);
            b.append('\n');
        }
        return b.toString();
    }

    private static void measurement(StringBuilder b, Measurement m) {
        boolean ok = m.isOk();
        b.append(m.status()).append(',').append(m.operations()).append(',')
                .append(m.scenario().queriesPerOperation()).append(',').append(m.scenario().rowsPerOperation())
                .append(',').append(m.elapsedNanos()).append(',')
                .append(ok ? number(m.queriesPerSecond()) : "").append(',')
                .append(ok ? number(m.millisPerOperation()) : "").append(',')
                .append(ok ? Long.toString(m.cost().cpuNanos()) : "").append(',')
                .append(ok ? number(m.cpuMicrosPerOperation()) : "").append(',')
                .append(ok ? Long.toString(m.cost().allocatedBytes()) : "").append(',')
                .append(ok ? number(m.bytesPerOperation()) : "").append(',')
                .append(ok ? number(m.bytesPerRow()) : "").append(',')
                .append(ok ? Integer.toString(m.cost().threadsEnded()) : "").append(',')
                .append(ok ? Long.toString(m.cost().compileMillis()) : "").append(',')
                .append(quote(m.message()));
    }

    public static String summary(RunDescription run) {
        StringBuilder b = new StringBuilder("peer,scenario,shape,state,"
                + "pgfast_qps,peer_qps,qps_ratio,qps_interval_low,qps_interval_high,qps_noise,qps_verdict,"
                + "pgfast_cpu_us_per_operation,peer_cpu_us_per_operation,cpu_ratio,cpu_interval_low,cpu_interval_high,"
                + "cpu_noise,cpu_verdict,pgfast_bytes_per_operation,peer_bytes_per_operation,pgfast_bytes_per_row,"
                + "peer_bytes_per_row,allocation_complete,message\n");
        for (LoopShape shape : run.options().shapes()) {
            for (Peer p : run.peers()) {
                for (Scenario s : run.scenarios()) {
                    Comparison q = run.results().compare(p, s, shape, Metric.THROUGHPUT);
                    b.append(p.id()).append(',').append(s.id()).append(',').append(shape.id()).append(',')
                            .append(q.state()).append(',');
                    comparison(b, q);
                    if (q.isMeasured()) {
                        comparison(b, run.results().compare(p, s, shape, Metric.CPU));
                        RunResults.DriverSummary a = run.results().summary(Peer.PGFAST, s, shape);
                        RunResults.DriverSummary d = run.results().summary(p, s, shape);
                        b.append(number(a.bytesPerOperation())).append(',').append(number(d.bytesPerOperation()))
                                .append(',').append(number(a.bytesPerRow())).append(',')
                                .append(number(d.bytesPerRow())).append(',')
                                .append(a.allocationComplete() && d.allocationComplete()).append(',');
                    } else {
                        b.append(",,,,,,,,,,,,");
                    }
                    b.append(quote(q.message())).append('\n');
                }
            }
        }
        return b.toString();
    }

    /**
     * pgfast value, peer value, median, the interval's (or with too few rounds the range's) low and high end,
     * noise, verdict, each followed by a comma.
     */
    private static void comparison(StringBuilder b, Comparison c) {
        if (c.isMeasured()) {
            double[] interval = c.intervalOrRange();
            b.append(number(c.pgfastValue())).append(',').append(number(c.peerValue())).append(',')
                    .append(number(c.medianRatio())).append(',').append(number(interval[0])).append(',')
                    .append(number(interval[1])).append(',').append(number(c.noise())).append(',')
                    .append(c.marker()).append(',');
        } else {
            b.append(",,,,,,,");
        }
    }

    /** A number with 6 significant digits; empty for NaN (no figure). */
    static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }

    static String quote(String s) {
        if (s.isEmpty()) {
            return "";
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
