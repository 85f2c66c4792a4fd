package io.pgfast.bench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One row of a table in one {@link Metric}: pgfast against one peer in one scenario and loop shape. Either
 * numbers ({@link #isMeasured()}), or the reason there are none: a driver failed (its message), cannot run the
 * scenario ("n/a"), or the metric is not available on this JVM.
 */
public final class Comparison {

    /** Why a row has no numbers, or that it has. */
    public enum State { MEASURED, PGFAST_FAILED, PEER_FAILED, NOT_APPLICABLE, UNAVAILABLE }

    private final State state;
    private final Metric metric;
    private final List<RoundValues> rounds;
    private final boolean judged;
    private final double margin;
    /** Whether the rounds are whole JVMs each (the parser's forks: {@link Ratios#forkMarker}). */
    private final boolean forks;
    private final String message;

    private Comparison(State state, Metric metric, List<RoundValues> rounds, boolean judged, double margin,
                       boolean forks, String message) {
        this.state = state;
        this.forks = forks;
        this.metric = Objects.requireNonNull(metric);
        this.rounds = List.copyOf(rounds);
        this.judged = judged;
        this.margin = margin;
        this.message = Objects.requireNonNull(message);
    }

    /**
     * A measured q/s row whose verdict follows the method's rule with {@link Ratios#NOISE_MARGIN}.
     *
     * @throws IllegalArgumentException if {@code rounds} is empty
     */
    public static Comparison measured(List<RoundValues> rounds) {
        return measured(Metric.THROUGHPUT, rounds, true);
    }

    /**
     * @param judged false for a run that judges nothing (every verdict is then {@link Marker#NOT_JUDGED})
     * @throws IllegalArgumentException if {@code rounds} is empty
     */
    public static Comparison measured(Metric metric, List<RoundValues> rounds, boolean judged) {
        return measured(metric, rounds, judged, Ratios.NOISE_MARGIN);
    }

    /**
     * @param judged false for a run that judges nothing (every verdict is then {@link Marker#NOT_JUDGED})
     * @param margin how many noises the interval must clear for a mark ({@link Ratios#marker(List, double, Metric,
     *               double)})
     * @throws IllegalArgumentException if {@code rounds} is empty or {@code margin} is below 1
     */
    public static Comparison measured(Metric metric, List<RoundValues> rounds, boolean judged, double margin) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("a measured comparison needs at least one round");
        }
        if (!(margin >= 1)) {
            throw new IllegalArgumentException("the margin is at least one noise: " + margin);
        }
        return new Comparison(State.MEASURED, metric, rounds, judged, margin, false, "");
    }

    /**
     * A row whose rounds are whole JVMs each, the parser benchmark's JMH forks, judged by
     * {@link Ratios#forkMarker}.
     *
     * @throws IllegalArgumentException if {@code rounds} is empty
     */
    public static Comparison ofForks(Metric metric, List<RoundValues> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("a measured comparison needs at least one round");
        }
        return new Comparison(State.MEASURED, metric, rounds, true, 1, true, "");
    }

    public static Comparison failed(State state, String message) {
        return failed(state, Metric.THROUGHPUT, message);
    }

    public static Comparison failed(State state, Metric metric, String message) {
        if (state == State.MEASURED) {
            throw new IllegalArgumentException("a failure needs a failure state");
        }
        return new Comparison(state, metric, List.of(), false, 1, false, message);
    }

    public State state() {
        return state;
    }

    public Metric metric() {
        return metric;
    }

    public boolean isMeasured() {
        return state == State.MEASURED;
    }

    public String message() {
        return message;
    }

    public List<RoundValues> rounds() {
        return rounds;
    }

    public List<Double> ratios() {
        List<Double> out = new ArrayList<>(rounds.size());
        for (RoundValues r : rounds) {
            out.add(r.ratio());
        }
        return out;
    }

    /** The median pgfast / peer ratio. */
    public double medianRatio() {
        return Ratios.median(ratios());
    }

    public double minRatio() {
        return ratios().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    public double maxRatio() {
        return ratios().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** How many noises the median must move for a mark in this row's run. */
    public double margin() {
        return margin;
    }

    /** How far the same code got from itself in this run: {@link Ratios#noise} (forks: {@link Ratios#forkNoise}). */
    public double noise() {
        return forks ? Ratios.forkNoise(rounds) : Ratios.noise(rounds);
    }

    /** The {@link Ratios#interval} of the median ratio as {@code {low, high}}, or null with too few rounds. */
    public double[] interval() {
        return Ratios.interval(ratios());
    }

    /**
     * What the tables show beside the median: its {@link #interval}, or with too few rounds for one (the smoke
     * check) the range of the rounds, as {@code {low, high}}.
     */
    public double[] intervalOrRange() {
        double[] interval = interval();
        return interval != null ? interval : new double[]{minRatio(), maxRatio()};
    }

    public Marker marker() {
        if (!judged) {
            return Marker.NOT_JUDGED;
        }
        return forks ? Ratios.forkMarker(ratios(), noise(), metric) : Ratios.marker(ratios(), noise(), metric, margin);
    }

    /** The median value of pgfast's processes over all rounds. */
    public double pgfastValue() {
        List<Double> all = new ArrayList<>();
        for (RoundValues r : rounds) {
            all.add(r.a1());
            all.add(r.a2());
        }
        return Ratios.median(all);
    }

    /** The median value of the peer's processes over all rounds. */
    public double peerValue() {
        List<Double> all = new ArrayList<>();
        for (RoundValues r : rounds) {
            all.add(r.b1());
            all.add(r.b2());
        }
        return Ratios.median(all);
    }
}
