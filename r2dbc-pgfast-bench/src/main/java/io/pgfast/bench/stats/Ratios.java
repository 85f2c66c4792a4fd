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

    /**
     * The noise of a row: the upper quartile of its rounds' {@link RoundValues#selfNoise()} (linear interpolation
     * between the two nearest ranks). Not the largest: one disturbed window of a shared machine then set the
     * noise of its row, and the largest of more rounds only grows, so a longer run (more rounds) judged fewer
     * rows than a shorter one. The quartile estimates the same spread whatever the number of rounds (BENCHMARKS.md,
     * "How a row is judged").
     */
    public static double noise(List<RoundValues> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no rounds");
        }
        List<Double> gaps = new ArrayList<>(rounds.size());
        for (RoundValues r : rounds) {
            gaps.add(r.selfNoise());
        }
        return quantile(gaps, 0.75);
    }

    /**
     * The {@code q} quantile of {@code values} by linear interpolation between the closest ranks (rank
     * {@code q × (n - 1)} from 0).
     *
     * @throws IllegalArgumentException if {@code values} is empty or {@code q} is outside [0, 1]
     */
    public static double quantile(List<Double> values, double q) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("the quantile of nothing");
        }
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("a quantile is between 0 and 1: " + q);
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        double rank = q * (sorted.size() - 1);
        int below = (int) Math.floor(rank);
        int above = Math.min(below + 1, sorted.size() - 1);
        return sorted.get(below) + (rank - below) * (sorted.get(above) - sorted.get(below));
    }

    /**
     * The verdict of a row whose ratios are pgfast / peer of a metric where more is better (q/s).
     *
     * @see #marker(List, double, Metric)
     */
    public static Marker marker(List<Double> ratios, double noise) {
        return marker(ratios, noise, Metric.THROUGHPUT);
    }

    /** The verdict of a row of a reference run (margin 1: {@link #marker(List, double, Metric, double)}). */
    public static Marker marker(List<Double> ratios, double noise, Metric metric) {
        return marker(ratios, noise, metric, 1);
    }

    /**
     * The verdict of a row, the method's rule:
     * <ul>
     * <li>{@link Marker#BETTER} or {@link Marker#WORSE} only when the median ratio moved away from 1 by more than
     * {@code margin × noise} and by at least {@link #MINIMUM_MOVE}, and every round's ratio is on the same side
     * of 1 as the median; which of the two follows from the side and {@link Metric#higherIsBetter()};</li>
     * <li>otherwise {@link Marker#NONE} (a tie) when the median stayed within {@code max(noise, 2 %)} and the
     * noise is at most {@link #JUDGING_NOISE_LIMIT};</li>
     * <li>otherwise {@link Marker#NOT_JUDGED}: the noise is too large to vouch for a tie, the median moved
     * beyond the noise but not beyond the margin, or some round moved the other way.</li>
     * </ul>
     *
     * @param margin how many noises the median must move for a mark: 1 in a run as long as {@code --full}, more in
     *               a shorter run, whose noise estimate from fewer, shorter windows is itself less sure
     * @throws IllegalArgumentException if {@code margin} is below 1
     */
    public static Marker marker(List<Double> ratios, double noise, Metric metric, double margin) {
        if (!(margin >= 1)) {
            throw new IllegalArgumentException("the margin is at least one noise: " + margin);
        }
        double median = median(ratios);
        double moved = deviation(median, 1);
        if (moved >= MINIMUM_MOVE && moved > margin * noise) {
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
        boolean tie = (moved <= noise || moved < MINIMUM_MOVE) && noise <= JUDGING_NOISE_LIMIT;
        return tie ? Marker.NONE : Marker.NOT_JUDGED;
    }
}
