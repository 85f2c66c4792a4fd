package io.pgfast.bench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The arithmetic of the method: medians, noise and the verdict rule. */
public final class Ratios {
    /** A row is never marked for a move under this, whatever the noise (2 %). */
    public static final double MINIMUM_MOVE = 0.02;
    /**
     * The largest same-vs-same noise under which an unmarked row counts as a tie (10 %): above it, a blank
     * would say "no difference" about differences the run could not have seen, so the row is
     * {@link Marker#NOT_JUDGED}.
     */
    public static final double JUDGING_NOISE_LIMIT = 0.10;

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
     * The verdict of a row whose ratios are pgfast / peer of a metric where more is better (q/s).
     *
     * @see #marker(List, double, Metric)
     */
    public static Marker marker(List<Double> ratios, double noise) {
        return marker(ratios, noise, Metric.THROUGHPUT);
    }

    /**
     * The verdict of a row, the method's rule:
     * <ul>
     * <li>{@link Marker#BETTER} or {@link Marker#WORSE} only when the median ratio moved away from 1 by more than
     * {@code noise} and by at least {@link #MINIMUM_MOVE}, and every round's ratio is on the same side of 1 as
     * the median; which of the two follows from the side and {@link Metric#higherIsBetter()};</li>
     * <li>otherwise {@link Marker#NONE} (a tie) when the median stayed within {@code max(noise, 2 %)} and the
     * noise is at most {@link #JUDGING_NOISE_LIMIT};</li>
     * <li>otherwise {@link Marker#NOT_JUDGED}: the noise is too large to vouch for a tie, or the median moved
     * beyond it while some round moved the other way.</li>
     * </ul>
     */
    public static Marker marker(List<Double> ratios, double noise, Metric metric) {
        double median = median(ratios);
        double moved = deviation(median, 1);
        boolean withinNoise = moved <= noise || moved < MINIMUM_MOVE;
        if (!withinNoise) {
            boolean above = median > 1;
            boolean agreed = true;
            for (double r : ratios) {
                if (above ? r <= 1 : r >= 1) {
                    agreed = false;
                    break;
                }
            }
            if (agreed) {
                return above == metric.higherIsBetter() ? Marker.BETTER : Marker.WORSE;
            }
            return Marker.NOT_JUDGED;
        }
        return noise <= JUDGING_NOISE_LIMIT ? Marker.NONE : Marker.NOT_JUDGED;
    }
}
