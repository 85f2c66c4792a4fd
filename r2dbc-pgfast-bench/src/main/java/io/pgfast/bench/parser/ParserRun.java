package io.pgfast.bench.parser;

import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Metric;
import io.pgfast.bench.stats.Ratios;
import io.pgfast.bench.stats.RoundValues;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The forks of a parser run: for every dataset and round, the two forks of each path ({@code pgfast} and
 * {@code plain}, copies 1 and 2), each with its time per stream of 500 rows and its bytes allocated per stream.
 */
public final class ParserRun {

    /** The two paths the benchmark compares. */
    public enum Path {
        PGFAST("pgfast"), PLAIN("plain");

        private final String method;

        Path(String method) {
            this.method = method;
        }

        /** The {@link DataRowParseBenchmark} method of this path. */
        public String method() {
            return method;
        }
    }

    /** One JMH fork: its dataset, round (from 0), path and copy (1 or 2), µs per 500 rows and bytes per 500 rows. */
    public record Fork(DataRowStreams.Dataset dataset, int round, Path path, int copy, double micros, double bytes) {
        public Fork {
            if (!(micros > 0) || Double.isInfinite(micros)) {
                throw new IllegalArgumentException("a fork needs a positive time, not " + micros);
            }
        }

        /** Rows parsed per microsecond: more is faster. */
        public double rowsPerMicro() {
            return DataRowStreams.ROWS / micros;
        }
    }

    private final int rounds;
    private final List<Fork> forks = new ArrayList<>();

    public ParserRun(int rounds) {
        this.rounds = rounds;
    }

    public int rounds() {
        return rounds;
    }

    public void add(Fork fork) {
        forks.add(fork);
    }

    public List<Fork> forks() {
        return List.copyOf(forks);
    }

    /** The datasets that have forks, in their declared order. */
    public List<DataRowStreams.Dataset> datasets() {
        List<DataRowStreams.Dataset> out = new ArrayList<>();
        for (DataRowStreams.Dataset d : DataRowStreams.Dataset.values()) {
            if (forks.stream().anyMatch(f -> f.dataset() == d)) {
                out.add(d);
            }
        }
        return out;
    }

    private Fork get(DataRowStreams.Dataset d, int round, Path path, int copy) {
        for (Fork f : forks) {
            if (f.dataset() == d && f.round() == round && f.path() == path && f.copy() == copy) {
                return f;
            }
        }
        throw new IllegalStateException("no fork of " + path.method() + "#" + copy + " for " + d + " in round " + (round + 1));
    }

    /**
     * pgfast against plain on {@code d}: per round (pgfast + pgfast') / (plain + plain') in rows per µs, above 1
     * when pgfast parses faster; the noise is how far pgfast/pgfast' and plain/plain' got from 1.
     */
    public Comparison compare(DataRowStreams.Dataset d) {
        List<RoundValues> values = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            values.add(new RoundValues(get(d, r, Path.PGFAST, 1).rowsPerMicro(), get(d, r, Path.PGFAST, 2).rowsPerMicro(),
                    get(d, r, Path.PLAIN, 1).rowsPerMicro(), get(d, r, Path.PLAIN, 2).rowsPerMicro()));
        }
        return Comparison.measured(Metric.THROUGHPUT, values, true);
    }

    /** The median over all forks of a path: µs per 500 rows and bytes per row. */
    public Map<Path, double[]> medians(DataRowStreams.Dataset d) {
        Map<Path, double[]> out = new EnumMap<>(Path.class);
        for (Path p : Path.values()) {
            List<Double> micros = new ArrayList<>();
            List<Double> bytes = new ArrayList<>();
            for (Fork f : forks) {
                if (f.dataset() == d && f.path() == p) {
                    micros.add(f.micros());
                    bytes.add(f.bytes());
                }
            }
            out.put(p, new double[]{Ratios.median(micros), Ratios.median(bytes) / DataRowStreams.ROWS});
        }
        return out;
    }
}
