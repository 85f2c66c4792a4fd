package io.pgfast.bench.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RatiosTest {

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Ratios.median(List.of(1.3, 0.9, 1.1))).isEqualTo(1.1);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Ratios.median(List.of(1.20, 0.90, 1.10, 1.00))).isCloseTo(1.05, within(1e-12));
    }

    @Test
    void medianDoesNotReorderItsArgument() {
        List<Double> values = new java.util.ArrayList<>(List.of(3.0, 1.0, 2.0));
        Ratios.median(values);
        assertThat(values).containsExactly(3.0, 1.0, 2.0);
    }

    @Test
    void medianOfNothingIsRefused() {
        assertThatThrownBy(() -> Ratios.median(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void deviationIsTheSameWhicheverSideIsFaster() {
        assertThat(Ratios.deviation(110, 100)).isCloseTo(0.10, within(1e-12));
        assertThat(Ratios.deviation(100, 110)).isCloseTo(0.10, within(1e-12));
        assertThat(Ratios.deviation(100, 100)).isZero();
    }

    @Test
    void forkNoiseIsTheUpperQuartileOfTheRoundsLargerSelfDeviation() {
        List<RoundValues> rounds = List.of(
                new RoundValues(100, 102, 50, 50),   // A/A' 2 %
                new RoundValues(100, 100, 50, 53),   // B/B' 6 %
                new RoundValues(100, 96, 50, 51),    // A/A' 4.1666 %, B/B' 2 %
                new RoundValues(100, 100, 50, 60));  // B/B' 20 %: one disturbed window
        // sorted 2 %, 4.1666 %, 6 %, 20 %: rank 0.75 × 3 = 2.25 → 6 % + 0.25 × (20 % − 6 %) = 9.5 %
        assertThat(Ratios.forkNoise(rounds)).isCloseTo(0.095, within(1e-12));
    }

    @Test
    void oneDisturbedForkOfSixDoesNotSetTheForkNoise() {
        List<RoundValues> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rounds.add(new RoundValues(100, 105, 50, 50));   // 5 %
        }
        rounds.add(new RoundValues(100, 300, 50, 50));       // 200 %
        assertThat(Ratios.forkNoise(rounds)).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void quantileInterpolatesBetweenTheClosestRanks() {
        assertThat(Ratios.quantile(List.of(4.0, 1.0, 3.0, 2.0), 0)).isEqualTo(1.0);
        assertThat(Ratios.quantile(List.of(4.0, 1.0, 3.0, 2.0), 1)).isEqualTo(4.0);
        assertThat(Ratios.quantile(List.of(4.0, 1.0, 3.0, 2.0), 0.5)).isCloseTo(2.5, within(1e-12));
        assertThat(Ratios.quantile(List.of(4.0, 1.0, 3.0, 2.0), 0.75)).isCloseTo(3.25, within(1e-12));
        assertThat(Ratios.quantile(List.of(7.0), 0.75)).isEqualTo(7.0);
        assertThatThrownBy(() -> Ratios.quantile(List.of(), 0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ratios.quantile(List.of(1.0), 1.5)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Twelve rounds whose ratios are {@code value} but for the first two (0.5 and 5: a disturbed pair). */
    private static List<Double> twelve(double value) {
        List<Double> out = new ArrayList<>(List.of(0.5, 5.0));
        for (int i = 0; i < 10; i++) {
            out.add(value + i * 0.001);
        }
        return out;
    }

    @Test
    void theIntervalCutsAsManyRanksAsTheSignTestAllowsAtTheConfidence() {
        // 2 P(X <= d) for Binomial(n, 1/2): n = 7, d = 0: 1.6 % > 1 %; n = 8: 0.78 %; n = 12, d = 1: 0.63 %;
        // n = 16, d = 2: 0.42 % (d = 3: 2.1 %)
        assertThat(Ratios.intervalCut(7, 0.99)).isEqualTo(-1);
        assertThat(Ratios.intervalCut(8, 0.99)).isZero();
        assertThat(Ratios.intervalCut(11, 0.99)).isZero();
        assertThat(Ratios.intervalCut(12, 0.99)).isEqualTo(1);
        assertThat(Ratios.intervalCut(16, 0.99)).isEqualTo(2);
        assertThat(Ratios.intervalCut(20, 0.95)).isEqualTo(5);
        assertThat(Ratios.binomialHalf(4, 2)).isCloseTo(6 / 16.0, within(1e-12));
        assertThatThrownBy(() -> Ratios.intervalCut(8, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theIntervalOfTwelveRoundsLeavesOutTheLowestAndTheHighest() {
        double[] interval = Ratios.interval(twelve(1.2));
        assertThat(interval[0]).isCloseTo(1.2, within(1e-12));
        assertThat(interval[1]).isCloseTo(1.209, within(1e-12));
        assertThat(Ratios.interval(List.of(1.0, 1.1, 1.2))).isNull();
    }

    @Test
    void theNoiseIsTheLargerMedianOfAOverAPrimeAndBOverBPrime() {
        List<RoundValues> rounds = List.of(
                new RoundValues(100, 104, 50, 50),
                new RoundValues(100, 103, 50, 51),
                new RoundValues(100, 300, 50, 50),   // one disturbed window
                new RoundValues(100, 103, 50, 49),
                new RoundValues(100, 103, 50, 50));
        // A/A': 100/104, 100/103 three times, 100/300 → median 100/103; B/B': 1 three times, 50/51, 50/49 → 1
        assertThat(Ratios.noise(rounds)).isCloseTo(0.03, within(1e-12));
    }

    @Test
    void aRowIsMarkedOnlyWhenTheWholeIntervalClearsTheMarginOfNoises() {
        List<Double> ratios = twelve(1.20);
        assertThat(Ratios.marker(ratios, 0.05, Metric.THROUGHPUT, 2)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.marker(ratios, 0.09, Metric.THROUGHPUT, 2)).isEqualTo(Marker.BETTER);
        // 2 × 10 % = 20 %: the low end 1.20 does not clear it
        assertThat(Ratios.marker(ratios, 0.10, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(ratios, 0.10, Metric.THROUGHPUT, 1)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.marker(twelve(0.8), 0.05, Metric.THROUGHPUT, 2)).isEqualTo(Marker.WORSE);
    }

    @Test
    void aRowIsNeverMarkedForLessThanTwoPercent() {
        assertThat(Ratios.marker(twelve(1.015), 0, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(twelve(1.021), 0, Metric.THROUGHPUT, 2)).isEqualTo(Marker.BETTER);
        // the interval 0.970 to 0.979 lies below 1 / 1.02 = 0.980: the same distance below 1
        assertThat(Ratios.marker(twelve(0.97), 0, Metric.THROUGHPUT, 2)).isEqualTo(Marker.WORSE);
        assertThat(Ratios.marker(twelve(0.975), 0, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NONE);
    }

    @Test
    void anIntervalAcrossOneIsATieOnlyWithinTenPercent() {
        List<Double> narrow = new ArrayList<>();
        List<Double> wide = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            narrow.add(0.95 + i * 0.01);   // 0.95 … 1.06: interval 0.96 to 1.05
            wide.add(0.80 + i * 0.04);     // 0.80 … 1.24: interval 0.84 to 1.20
        }
        assertThat(Ratios.marker(narrow, 0.02, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(narrow, 0.11, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(wide, 0.02, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void tooFewRoundsForAnIntervalJudgeNothing() {
        assertThat(Ratios.marker(List.of(2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6), 0, Metric.THROUGHPUT, 2))
                .isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(List.of(2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7), 0, Metric.THROUGHPUT, 2))
                .isEqualTo(Marker.BETTER);
    }

    @Test
    void forCpuBelowOneIsBetter() {
        assertThat(Ratios.marker(twelve(0.6), 0.05, Metric.CPU, 2)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.marker(twelve(1.7), 0.05, Metric.CPU, 2)).isEqualTo(Marker.WORSE);
        assertThat(Ratios.marker(twelve(1.7), 0.05, Metric.THROUGHPUT, 2)).isEqualTo(Marker.BETTER);
    }

    @Test
    void aMarginUnderOneNoiseOrNoRatiosAreRefused() {
        assertThatThrownBy(() -> Ratios.marker(twelve(1.2), 0.05, Metric.THROUGHPUT, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ratios.marker(List.of(), 0.05, Metric.THROUGHPUT, 2))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theForkRuleMarksAMoveBeyondTheNoiseWhenEveryRoundAgreed() {
        assertThat(Ratios.forkMarker(List.of(1.12, 1.10, 1.15, 1.11), 0.05, Metric.THROUGHPUT)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.forkMarker(List.of(0.80, 0.85, 0.82, 0.79), 0.05, Metric.THROUGHPUT)).isEqualTo(Marker.WORSE);
        assertThat(Ratios.forkMarker(List.of(1.20, 1.22, 0.99, 1.25), 0.05, Metric.THROUGHPUT))
                .isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.forkMarker(List.of(1.12, 1.10, 1.15, 1.11), 0.20, Metric.THROUGHPUT))
                .isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.forkMarker(List.of(1.05, 1.06, 1.04, 1.07), 0.08, Metric.THROUGHPUT)).isEqualTo(Marker.NONE);
        assertThat(Ratios.forkMarker(List.of(1.015, 1.018, 1.012, 1.019), 0.0, Metric.THROUGHPUT))
                .isEqualTo(Marker.NONE);
        assertThat(Ratios.forkMarker(List.of(0.60, 0.62, 0.58, 0.61), 0.05, Metric.CPU)).isEqualTo(Marker.BETTER);
    }

    @Test
    void theLimitIsTenPercent() {
        assertThat(Ratios.JUDGING_NOISE_LIMIT).isEqualTo(0.10);
    }
}
