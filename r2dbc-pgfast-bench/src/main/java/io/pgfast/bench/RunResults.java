package io.pgfast.bench;

import io.pgfast.bench.stats.Comparison;
import io.pgfast.bench.stats.Ratios;
import io.pgfast.bench.stats.RoundValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every measurement of a run, with the round and place it was taken in. */
public final class RunResults {

    /** One measurement and where it was taken: round (from 0), place in the round's order (from 0), process. */
    public record Entry(int round, int position, Slot slot, Measurement measurement) {
    }

    /**
     * What one driver did in one scenario over all its processes: status OK with the median rate and latency,
     * or the status and message of its first failure ({@code millisPerOperation} is then the timeout, if any).
     */
    public record DriverSummary(Measurement.Status status, double rate, double millisPerOperation, String message) {
        public boolean isOk() {
            return status == Measurement.Status.OK;
        }
    }

    private final int rounds;
    private final List<Entry> entries = new ArrayList<>();

    public RunResults(int rounds) {
        this.rounds = rounds;
    }

    public int rounds() {
        return rounds;
    }

    public synchronized void add(int round, int position, Slot slot, Measurement m) {
        entries.add(new Entry(round, position, slot, m));
    }

    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    synchronized Optional<Measurement> find(int round, Slot slot, Scenario scenario) {
        for (Entry e : entries) {
            if (e.round == round && e.slot.equals(slot) && e.measurement.scenario() == scenario) {
                return Optional.of(e.measurement);
            }
        }
        return Optional.empty();
    }

    private Measurement get(int round, Slot slot, Scenario scenario) {
        return find(round, slot, scenario).orElseGet(() -> Measurement.error(scenario,
                "no result from " + slot + " in round " + (round + 1) + " (see the worker logs)"));
    }

    /**
     * The driver's cell: n/a if any process found the scenario not applicable, the first error if any failed,
     * otherwise the median rate and latency over all its processes.
     */
    public DriverSummary summary(Peer peer, Scenario scenario) {
        List<Double> rates = new ArrayList<>();
        List<Double> millis = new ArrayList<>();
        Measurement error = null;
        for (int r = 0; r < rounds; r++) {
            for (int copy = 1; copy <= 2; copy++) {
                Measurement m = get(r, new Slot(peer, copy), scenario);
                if (m.status() == Measurement.Status.NOT_APPLICABLE) {
                    return new DriverSummary(m.status(), 0, 0, m.message());
                }
                if (!m.isOk()) {
                    if (error == null) {
                        error = m;
                    }
                    continue;
                }
                rates.add(m.queriesPerSecond());
                millis.add(m.millisPerOperation());
            }
        }
        if (error != null) {
            double timeout = error.status() == Measurement.Status.TIMEOUT ? error.timeoutMillis() : 0;
            return new DriverSummary(error.status(), 0, timeout, error.message());
        }
        return new DriverSummary(Measurement.Status.OK, Ratios.median(rates), Ratios.median(millis), "");
    }

    /** pgfast against {@code peer} in {@code scenario}, over every round. */
    public Comparison compare(Peer peer, Scenario scenario) {
        DriverSummary a = summary(Peer.PGFAST, scenario);
        DriverSummary b = summary(peer, scenario);
        if (b.status() == Measurement.Status.NOT_APPLICABLE || a.status() == Measurement.Status.NOT_APPLICABLE) {
            return Comparison.failed(Comparison.State.NOT_APPLICABLE,
                    b.status() == Measurement.Status.NOT_APPLICABLE ? b.message() : a.message());
        }
        if (!a.isOk()) {
            return Comparison.failed(Comparison.State.PGFAST_FAILED, a.message());
        }
        if (!b.isOk()) {
            return Comparison.failed(Comparison.State.PEER_FAILED, b.message());
        }
        List<RoundValues> values = new ArrayList<>(rounds);
        for (int r = 0; r < rounds; r++) {
            values.add(new RoundValues(
                    get(r, new Slot(Peer.PGFAST, 1), scenario).queriesPerSecond(),
                    get(r, new Slot(Peer.PGFAST, 2), scenario).queriesPerSecond(),
                    get(r, new Slot(peer, 1), scenario).queriesPerSecond(),
                    get(r, new Slot(peer, 2), scenario).queriesPerSecond()));
        }
        return Comparison.measured(values);
    }
}
