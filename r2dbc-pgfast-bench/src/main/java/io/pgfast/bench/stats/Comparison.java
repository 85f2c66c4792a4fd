package io.pgfast.bench.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One row of a table: pgfast against one peer in one scenario. Either numbers ({@link #isMeasured()}), or the
 * reason there are none: a driver failed (its message) or cannot run the scenario ("n/a").
 */
public final class Comparison {

    /** Why a row has no numbers, or that it has. */
    public enum State { MEASURED, PGFAST_FAILED, PEER_FAILED, NOT_APPLICABLE }

    private final State state;
    private final List<RoundValues> rounds;
    private final String message;

    private Comparison(State state, List<RoundValues> rounds, String message) {
        this.state = state;
        this.rounds = List.copyOf(rounds);
        this.message = Objects.requireNonNull(message);
    }

    /**
     * @throws IllegalArgumentException if {@code rounds} is empty
     */
    public static Comparison measured(List<RoundValues> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("a measured comparison needs at least one round");
        }
        return new Comparison(State.MEASURED, rounds, "");
    }

    public static Comparison failed(State state, String message) {
        if (state == State.MEASURED) {
            throw new IllegalArgumentException("a failure needs a failure state");
        }
        return new Comparison(state, List.of(), message);
    }

    public State state() {
        return state;
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

    /** The median pgfast / peer ratio; above 1 means pgfast is faster. */
    public double medianRatio() {
        return Ratios.median(ratios());
    }

    public double minRatio() {
        return ratios().stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    public double maxRatio() {
        return ratios().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    public double noise() {
        return Ratios.noise(rounds);
    }

    public Marker marker() {
        return Ratios.marker(ratios(), noise());
    }

    /** The median rate of pgfast's processes over all rounds. */
    public double pgfastRate() {
        List<Double> all = new ArrayList<>();
        for (RoundValues r : rounds) {
            all.add(r.a1());
            all.add(r.a2());
        }
        return Ratios.median(all);
    }

    /** The median rate of the peer's processes over all rounds. */
    public double peerRate() {
        List<Double> all = new ArrayList<>();
        for (RoundValues r : rounds) {
            all.add(r.b1());
            all.add(r.b2());
        }
        return Ratios.median(all);
    }
}
