package io.pgfast.bench;

import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Metric;
import io.pgfast.bench.stats.Ratios;
import io.pgfast.bench.stats.RoundValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every measurement and warm-up slice of a run, with the round and place it was taken in. A round of a scenario
 * and loop shape is one block of windows per peer, pgfast's and the peer's next to each other
 * ({@link Coordinator}); a row's ratio per round comes from its block.
 */
public final class RunResults {

    /**
     * One measurement and where it was taken: round (from 0), place in the round's order (from 0), process, the
     * peer whose block it belongs to and the loop shape of the table it serves (pgjdbc's blocking windows also
     * serve the chained table). A null block or table: the window serves every block of its round, every table
     * its shape fits (a not-applicable scenario, or a round that measured every process once).
     */
    public record Entry(int round, int position, Slot slot, Peer block, LoopShape table, Measurement measurement) {

        /** Whether this entry is {@code slot}'s window of round {@code round} in {@code block}'s table of {@code shape}. */
        boolean serves(int round, Slot slot, Scenario scenario, Peer block, LoopShape shape) {
            if (this.round != round || !this.slot.equals(slot) || measurement.scenario() != scenario) {
                return false;
            }
            if (this.block != null && this.block != block) {
                return false;
            }
            if (measurement.status() == Measurement.Status.NOT_APPLICABLE) {
                return true;
            }
            return table != null ? table == shape : measurement.shape() == slot.peer().measuredShape(shape);
        }
    }

    /** One warm-up slice and the process it came from. */
    public record WarmupEntry(int round, Slot slot, WarmupSlice slice) {
    }

    /**
     * What one driver did in one scenario and shape over all its processes: status OK with the medians of its
     * rate, latency, CPU per operation and bytes per operation and per row (NaN where there is no figure), and
     * whether every process's allocation figure counted every thread; or the status and message of its first
     * failure ({@code millisPerOperation} is then the timeout, if any).
     */
    public record DriverSummary(Measurement.Status status, double rate, double millisPerOperation,
                                double cpuMicrosPerOperation, double bytesPerOperation, double bytesPerRow,
                                boolean allocationComplete, String message) {
        public boolean isOk() {
            return status == Measurement.Status.OK;
        }

        static DriverSummary failed(Measurement.Status status, double millis, String message) {
            return new DriverSummary(status, 0, millis, Double.NaN, Double.NaN, Double.NaN, false, message);
        }
    }

    private final int rounds;
    private final boolean judged;
    private final double margin;
    private final List<Entry> entries = new ArrayList<>();
    private final List<WarmupEntry> warmup = new ArrayList<>();

    /** The results of a run that judges its rows. */
    public RunResults(int rounds) {
        this(rounds, true);
    }

    /** @param judged false for a run whose rows are all "not judged" (the smoke check) */
    public RunResults(int rounds, boolean judged) {
        this(rounds, judged, Ratios.NOISE_MARGIN);
    }

    /**
     * @param judged false for a run whose rows are all "not judged" (the smoke check)
     * @param margin how many noises a row's interval must clear for a mark ({@link BenchOptions#margin()})
     */
    public RunResults(int rounds, boolean judged, double margin) {
        this.rounds = rounds;
        this.judged = judged;
        this.margin = margin;
    }

    public int rounds() {
        return rounds;
    }

    public boolean judged() {
        return judged;
    }

    public double margin() {
        return margin;
    }

    /** A window that serves every block of its round ({@link Entry}). */
    public synchronized void add(int round, int position, Slot slot, Measurement m) {
        entries.add(new Entry(round, position, slot, null, null, m));
    }

    /** A window of {@code block}'s block in the table of {@code table}. */
    public synchronized void add(int round, int position, Slot slot, Peer block, LoopShape table, Measurement m) {
        entries.add(new Entry(round, position, slot, block, table, m));
    }

    public synchronized void addWarmup(int round, Slot slot, List<WarmupSlice> slices) {
        for (WarmupSlice w : slices) {
            warmup.add(new WarmupEntry(round, slot, w));
        }
    }

    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    public synchronized List<WarmupEntry> warmup() {
        return List.copyOf(warmup);
    }

    synchronized Optional<Measurement> find(int round, Slot slot, Scenario scenario, Peer block, LoopShape shape) {
        for (Entry e : entries) {
            if (e.serves(round, slot, scenario, block, shape)) {
                return Optional.of(e.measurement);
            }
        }
        return Optional.empty();
    }

    /** {@code slot}'s window of round {@code round} in {@code block}'s block of the table of {@code shape}. */
    private Measurement get(int round, Slot slot, Scenario scenario, Peer block, LoopShape shape) {
        return find(round, slot, scenario, block, shape).orElseGet(() -> Measurement.error(scenario,
                slot.peer().measuredShape(shape), "no result from " + slot + " in round " + (round + 1)
                        + " (see the worker logs)"));
    }

    /** Every window of {@code peer}'s processes in {@code scenario} and its measured shape for {@code shape}. */
    private synchronized List<Measurement> windows(Peer peer, Scenario scenario, LoopShape shape) {
        LoopShape measured = peer.measuredShape(shape);
        List<Measurement> out = new ArrayList<>();
        for (Entry e : entries) {
            Measurement m = e.measurement;
            if (e.slot.peer() == peer && m.scenario() == scenario
                    && (m.shape() == measured || m.status() == Measurement.Status.NOT_APPLICABLE)) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * The driver's cell in a table of {@code shape} (pgjdbc and the floor: their blocking measurement): n/a if
     * any process found the scenario not applicable, the first error if any failed, otherwise the medians over
     * all its windows (of every block and table). No window at all is an error.
     */
    public DriverSummary summary(Peer peer, Scenario scenario, LoopShape shape) {
        List<Double> rates = new ArrayList<>();
        List<Double> millis = new ArrayList<>();
        List<Double> cpu = new ArrayList<>();
        List<Double> bytes = new ArrayList<>();
        boolean complete = true;
        Measurement error = null;
        List<Measurement> all = windows(peer, scenario, shape);
        if (all.isEmpty()) {
            error = Measurement.error(scenario, peer.measuredShape(shape), "no result from " + peer.id()
                    + " (see the worker logs)");
        }
        for (Measurement m : all) {
            if (m.status() == Measurement.Status.NOT_APPLICABLE) {
                return DriverSummary.failed(m.status(), 0, m.message());
            }
            if (!m.isOk()) {
                if (error == null) {
                    error = m;
                }
                continue;
            }
            rates.add(m.queriesPerSecond());
            millis.add(m.millisPerOperation());
            cpu.add(m.cpuMicrosPerOperation());
            bytes.add(m.bytesPerOperation());
            complete &= m.cost().allocationComplete();
        }
        if (error != null) {
            double timeout = error.status() == Measurement.Status.TIMEOUT ? error.timeoutMillis() : 0;
            return DriverSummary.failed(error.status(), timeout, error.message());
        }
        double bytesPerOp = medianOrNaN(bytes);
        int rows = scenario.rowsPerOperation();
        return new DriverSummary(Measurement.Status.OK, Ratios.median(rates), Ratios.median(millis), medianOrNaN(cpu),
                bytesPerOp, rows == 0 ? Double.NaN : bytesPerOp / rows, complete, "");
    }

    /** The median, or NaN if any value is NaN (a JVM that could not measure it). */
    private static double medianOrNaN(List<Double> values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                return Double.NaN;
            }
        }
        return Ratios.median(values);
    }

    /** pgfast against {@code peer} in {@code scenario}, q/s, in the chained shape. */
    public Comparison compare(Peer peer, Scenario scenario) {
        return compare(peer, scenario, LoopShape.CHAINED, Metric.THROUGHPUT);
    }

    /**
     * pgfast against {@code peer} in {@code scenario} and {@code shape}, in {@code metric}, over every round: per
     * round the windows of {@code peer}'s block (pgfast's two and the peer's two).
     */
    public Comparison compare(Peer peer, Scenario scenario, LoopShape shape, Metric metric) {
        DriverSummary a = summary(Peer.PGFAST, scenario, shape);
        DriverSummary b = summary(peer, scenario, shape);
        if (b.status() == Measurement.Status.NOT_APPLICABLE || a.status() == Measurement.Status.NOT_APPLICABLE) {
            return Comparison.failed(Comparison.State.NOT_APPLICABLE, metric,
                    b.status() == Measurement.Status.NOT_APPLICABLE ? b.message() : a.message());
        }
        if (!a.isOk()) {
            return Comparison.failed(Comparison.State.PGFAST_FAILED, metric, a.message());
        }
        if (!b.isOk()) {
            return Comparison.failed(Comparison.State.PEER_FAILED, metric, b.message());
        }
        if (metric == Metric.CPU && (Double.isNaN(a.cpuMicrosPerOperation()) || Double.isNaN(b.cpuMicrosPerOperation()))) {
            return Comparison.failed(Comparison.State.UNAVAILABLE, metric, "this JVM reports no process CPU time");
        }
        if (metric == Metric.CPU && anyWindowWithoutCpu(peer, scenario, shape)) {
            return Comparison.failed(Comparison.State.UNAVAILABLE, metric, "a window spent less CPU than one tick of the "
                    + "process CPU clock (10 ms): use longer windows");
        }
        List<RoundValues> values = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            values.add(new RoundValues(
                    value(get(r, new Slot(Peer.PGFAST, 1), scenario, peer, shape), metric),
                    value(get(r, new Slot(Peer.PGFAST, 2), scenario, peer, shape), metric),
                    value(get(r, new Slot(peer, 1), scenario, peer, shape), metric),
                    value(get(r, new Slot(peer, 2), scenario, peer, shape), metric)));
        }
        return Comparison.measured(metric, values, judged, margin);
    }

    private boolean anyWindowWithoutCpu(Peer peer, Scenario scenario, LoopShape shape) {
        for (int r = 0; r < rounds; r++) {
            for (Peer p : List.of(Peer.PGFAST, peer)) {
                for (int copy = 1; copy <= 2; copy++) {
                    if (get(r, new Slot(p, copy), scenario, peer, shape).cost().cpuNanos() <= 0) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static double value(Measurement m, Metric metric) {
        return metric == Metric.THROUGHPUT ? m.queriesPerSecond() : m.cpuMicrosPerOperation();
    }
}
