package io.pgfast.bench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The arithmetic of the method: medians, noise and the marker rule. */
public final class Ratios {
    /** A row is never marked for a move under this, whatever the noise (2 %). */
    public static final double MINIMUM_MOVE = 0.02;

    private Ratios() {
    }

    /**
     * @throws IllegalArgumentException if {@code values} is empty
     */
    public static double median(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the median of nothing");
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** How far {@code x / y} is from 1, the same whichever comes first: {@code max(x/y, y/x) - 1}. */
    public static double deviation(double x, double y) {
        return Math.max(x / y, y / x) - 1;
    }

    /** The noise of a run: the largest {@link RoundValues#selfNoise()} of its rounds. */
    public static double noise(List<RoundValues> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no rounds");
        }
        double noise = 0;
        for (RoundValues r : rounds) {
            noise = Math.max(noise, r.selfNoise());
        }
        return noise;
    }

    /**
     * The marker of a row: {@link Marker#FASTER} or {@link Marker#SLOWER} only when the median ratio moved away
     * from 1 by more than {@code noise} and by at least {@link #MINIMUM_MOVE}, and every round's ratio is on the
     * same side of 1 as the median.
     */
    public static Marker marker(List<Double> ratios, double noise) {
        double median = median(ratios);
        double moved = deviation(median, 1);
        if (moved <= noise || moved < MINIMUM_MOVE) {
            return Marker.NONE;
        }
        boolean faster = median > 1;
        for (double r : ratios) {
            if (faster ? r <= 1 : r >= 1) {
                return Marker.NONE;
            }
        }
        return faster ? Marker.FASTER : Marker.SLOWER;
    }
}
