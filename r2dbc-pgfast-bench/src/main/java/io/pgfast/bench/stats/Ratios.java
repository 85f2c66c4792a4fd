package io.pgfast.bench.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The arithmetic of the method: medians, noise and the verdict rule. */
public final class Ratios {
    /** A row is never marked for a move under this, whatever the noise (2 %). */
    public static final double MINIMUM_MOVE = 0.02;
    /**
     * The widest a tie may be (10 %): an unmarked row whose interval or noise reaches beyond it would say "no
     * difference" about differences the run could not have seen, so the row is {@link Marker#NOT_JUDGED}.
     */
    public static final double JUDGING_NOISE_LIMIT = 0.10;
    /** How sure the interval of a row's median ratio is (99 %): {@link #interval}. */
    public static final double CONFIDENCE = 0.99;
    /**
     * How many noises the interval of a row must clear for a mark (2): a row's ratio carries the difference of
     * two JVMs per side, which its noise measures from only two per side (BENCHMARKS.md, "How a row is judged").
     */
    public static final double NOISE_MARGIN = 2;

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
     * The noise of a row: how far the same code got from itself in this run, the larger of the medians over the
     * rounds of A/A' and of B/B' (as {@link #deviation}s). Within a round the two processes of a driver measure a
     * few windows apart, so what is left of A/A' is mostly the difference between the two JVMs (what their JIT
     * made of the same code), which no number of rounds averages away and which a pgfast / peer ratio carries too.
     * The median, not the largest: one disturbed window of a shared machine does not set it.
     */
    public static double noise(List<RoundValues> rounds) {
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no rounds");
        }
        List<Double> a = new ArrayList<>(rounds.size());
        List<Double> b = new ArrayList<>(rounds.size());
        for (RoundValues r : rounds) {
            a.add(r.a1() / r.a2());
            b.add(r.b1() / r.b2());
        }
        return Math.max(deviation(median(a), 1), deviation(median(b), 1));
    }

    /**
     * How many values an order-statistic interval of the median cuts from each end of {@code n} sorted values so
     * that it holds the median with at least {@code confidence}: the largest d with
     * {@code 2 P(Binomial(n, 1/2) <= d) <= 1 - confidence}, the interval being the (d+1)-th smallest to the
     * (d+1)-th largest (the sign test's interval; it assumes nothing about the distribution of the values, so an
     * outlier moves it at most one rank). -1 when even the whole range (d = 0) is less sure than
     * {@code confidence}: too few values.
     *
     * @throws IllegalArgumentException if {@code n} is negative or {@code confidence} is not in (0, 1)
     */
    public static int intervalCut(int n, double confidence) {
        if (n < 0 || !(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("n " + n + ", confidence " + confidence);
        }
        double alpha = 1 - confidence;
        int cut = -1;
        double atMost = 0;
        for (int d = 0; d <= (n - 1) / 2; d++) {
            atMost += binomialHalf(n, d);
            // the interval from the (d+1)-th smallest to the (d+1)-th largest misses the median with 2 P(X <= d)
            if (2 * atMost > alpha) {
                break;
            }
            cut = d;
        }
        return cut;
    }

    /** {@code P(Binomial(n, 1/2) = k)}. */
    static double binomialHalf(int n, int k) {
        double logChoose = 0;
        for (int i = 1; i <= k; i++) {
            logChoose += Math.log(n - k + i) - Math.log(i);
        }
        return Math.exp(logChoose - n * Math.log(2));
    }

    /**
     * The order-statistic interval of the median of {@code values} at {@link #CONFIDENCE} ({@link #intervalCut}),
     * as {@code {low, high}}, or null if there are too few values for that confidence.
     */
    public static double[] interval(List<Double> values) {
        int cut = intervalCut(values.size(), CONFIDENCE);
        if (cut < 0) {
            return null;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return new double[]{sorted.get(cut), sorted.get(sorted.size() - 1 - cut)};
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
     * @see #marker(List, double, Metric, double)
     */
    public static Marker marker(List<Double> ratios, double noise) {
        return marker(ratios, noise, Metric.THROUGHPUT, NOISE_MARGIN);
    }

    /**
     * The verdict of a row, from its per-round ratios (each from windows of both drivers taken next to each
     * other, so that a burst on the host hits both) and its {@link #noise}:
     * <ul>
     * <li>{@link Marker#BETTER} or {@link Marker#WORSE} only when the whole {@link #interval} of the median ratio
     * lies beyond {@code 1 ± max(margin × noise, MINIMUM_MOVE)}: the windows say the median is off 1 (at
     * {@link #CONFIDENCE}), and by more than two JVMs of the same driver differ; which of the two follows from
     * the side and {@link Metric#higherIsBetter()};</li>
     * <li>otherwise {@link Marker#NONE} (a tie) when the whole interval lies within {@code 1 ± JUDGING_NOISE_LIMIT}
     * and so does the noise: any difference is smaller than that;</li>
     * <li>otherwise {@link Marker#NOT_JUDGED}: too few rounds for an interval, or an interval too wide to say
     * either.</li>
     * </ul>
     * Side distances are symmetric on a log scale: below 1 the bound is {@code 1 / (1 + band)}.
     *
     * @param margin how many noises the interval must clear, at least 1
     * @throws IllegalArgumentException if {@code margin} is below 1 or {@code ratios} is empty
     */
    public static Marker marker(List<Double> ratios, double noise, Metric metric, double margin) {
        if (!(margin >= 1)) {
            throw new IllegalArgumentException("the margin is at least one noise: " + margin);
        }
        if (ratios.isEmpty()) {
            throw new IllegalArgumentException("no ratios");
        }
        double[] interval = interval(ratios);
        if (interval == null) {
            return Marker.NOT_JUDGED;
        }
        double band = Math.max(margin * noise, MINIMUM_MOVE);
        boolean above = interval[0] > 1 + band;
        boolean below = interval[1] < 1 / (1 + band);
        if (above || below) {
            return above == metric.higherIsBetter() ? Marker.BETTER : Marker.WORSE;
        }
        double tie = 1 + JUDGING_NOISE_LIMIT;
        return interval[0] >= 1 / tie && interval[1] <= tie && noise <= JUDGING_NOISE_LIMIT
                ? Marker.NONE : Marker.NOT_JUDGED;
    }

    /**
     * The noise of a row whose rounds are whole JVMs each (the parser benchmark's JMH forks): the upper quartile
     * of the rounds' {@link RoundValues#selfNoise()}. There each round's A/A' and B/B' is the spread of separate
     * runs, so a quartile, not the largest, which only grows with more rounds.
     */
    public static double forkNoise(List<RoundValues> rounds) {
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
     * The verdict of a row whose rounds are whole JVMs each (the parser benchmark): {@link Marker#BETTER} or
     * {@link Marker#WORSE} only when the median ratio moved away from 1 by more than the {@link #forkNoise} and by
     * at least {@link #MINIMUM_MOVE}, and every round's ratio is on the same side of 1; otherwise a tie when the
     * median stayed within {@code max(noise, 2 %)} and the noise is at most {@link #JUDGING_NOISE_LIMIT}; otherwise
     * {@link Marker#NOT_JUDGED}.
     */
    public static Marker forkMarker(List<Double> ratios, double noise, Metric metric) {
        double median = median(ratios);
        double moved = deviation(median, 1);
        if (moved >= MINIMUM_MOVE && moved > noise) {
            boolean above = median > 1;
            for (double r : ratios) {
                if (above ? r <= 1 : r >= 1) {
                    return Marker.NOT_JUDGED;
                }
            }
            return above == metric.higherIsBetter() ? Marker.BETTER : Marker.WORSE;
        }
        boolean tie = (moved <= noise || moved < MINIMUM_MOVE) && noise <= JUDGING_NOISE_LIMIT;
        return tie ? Marker.NONE : Marker.NOT_JUDGED;
    }
}
