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
 * The forks of a parser run: for every dataset and round, the two forks of each of the two compared paths
 * ({@code pgfast} and {@code plain}, or core {@code after} and {@code before}; copies 1 and 2), each with its time
 * per stream of 500 rows and its bytes allocated per stream.
 */
public final class ParserRun {

    /**
     * The paths a run compares, in pairs: {@link DataRowParseBenchmark}'s {@code pgfast} against its
     * {@code plain}; {@link CoreDataRowBenchmark}'s {@code decode} on the later build of core and codecs
     * ({@code after}) against the same method on the earlier one ({@code before}).
     */
    public enum Path {
        PGFAST("pgfast", "pgfast"), PLAIN("plain", "plain"), AFTER("decode", "after"), BEFORE("decode", "before");

        private final String method;
        private final String label;

        Path(String method, String label) {
            this.method = method;
            this.label = label;
        }

        /** The benchmark method of this path. */
        public String method() {
            return method;
        }

        /** Its name in tables and CSV. */
        public String label() {
            return label;
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
    private final Path first;
    private final Path second;
    private final List<Fork> forks = new ArrayList<>();

    /** pgfast against plain. */
    public ParserRun(int rounds) {
        this(rounds, Path.PGFAST, Path.PLAIN);
    }

    /** {@code first} against {@code second}: ratios above 1 when {@code first} parses faster. */
    public ParserRun(int rounds, Path first, Path second) {
        if (first == second) {
            throw new IllegalArgumentException("a comparison needs two paths, not " + first + " twice");
        }
        this.rounds = rounds;
        this.first = first;
        this.second = second;
    }

    public Path first() {
        return first;
    }

    public Path second() {
        return second;
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
        throw new IllegalStateException("no fork of " + path.label() + "#" + copy + " for " + d + " in round " + (round + 1));
    }

    /**
     * The first path against the second on {@code d} (pgfast against plain): per round (pgfast + pgfast') /
     * (plain + plain') in rows per µs, above 1 when the first parses faster; the noise is how far pgfast/pgfast'
     * and plain/plain' got from 1.
     */
    public Comparison compare(DataRowStreams.Dataset d) {
        List<RoundValues> values = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            values.add(new RoundValues(get(d, r, first, 1).rowsPerMicro(), get(d, r, first, 2).rowsPerMicro(),
                    get(d, r, second, 1).rowsPerMicro(), get(d, r, second, 2).rowsPerMicro()));
        }
        return Comparison.ofForks(Metric.THROUGHPUT, values);
    }

    /** The median over all forks of each of the two paths: µs per 500 rows and bytes per row. */
    public Map<Path, double[]> medians(DataRowStreams.Dataset d) {
        Map<Path, double[]> out = new EnumMap<>(Path.class);
        for (Path p : List.of(first, second)) {
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
