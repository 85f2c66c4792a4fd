package io.pgfast.bench.stats;

import org.junit.jupiter.api.Test;

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
    void noiseIsTheUpperQuartileOfTheRoundsLargerSelfDeviation() {
        List<RoundValues> rounds = List.of(
                new RoundValues(100, 102, 50, 50),   // A/A' 2 %
                new RoundValues(100, 100, 50, 53),   // B/B' 6 %
                new RoundValues(100, 96, 50, 51),    // A/A' 4.1666 %, B/B' 2 %
                new RoundValues(100, 100, 50, 60));  // B/B' 20 %: one disturbed window
        // sorted 2 %, 4.1666 %, 6 %, 20 %: rank 0.75 × 3 = 2.25 → 6 % + 0.25 × (20 % − 6 %) = 9.5 %
        assertThat(Ratios.noise(rounds)).isCloseTo(0.095, within(1e-12));
    }

    @Test
    void oneDisturbedWindowOfSixDoesNotSetTheNoise() {
        List<RoundValues> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rounds.add(new RoundValues(100, 105, 50, 50));   // 5 %
        }
        rounds.add(new RoundValues(100, 300, 50, 50));       // 200 %
        assertThat(Ratios.noise(rounds)).isCloseTo(0.05, within(1e-12));
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

    @Test
    void aShortRunMarksOnlyAMoveBeyondItsMarginOfNoises() {
        List<Double> ratios = List.of(1.15, 1.12, 1.18, 1.14);   // median 14.5 %
        assertThat(Ratios.marker(ratios, 0.10, Metric.THROUGHPUT, 1)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.marker(ratios, 0.10, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(ratios, 0.07, Metric.THROUGHPUT, 2)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.marker(List.of(0.80, 0.81, 0.79, 0.80), 0.10, Metric.THROUGHPUT, 2))
                .isEqualTo(Marker.WORSE);   // 25 % > 2 × 10 %
    }

    @Test
    void aMoveBetweenTheNoiseAndTheMarginIsNotATie() {
        // 8 % moved, noise 5 % (under the limit), margin 2: neither a mark nor a tie
        assertThat(Ratios.marker(List.of(1.08, 1.08, 1.08, 1.08), 0.05, Metric.THROUGHPUT, 2))
                .isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(List.of(1.04, 1.04, 1.04, 1.04), 0.05, Metric.THROUGHPUT, 2)).isEqualTo(Marker.NONE);
    }

    @Test
    void aMarginUnderOneNoiseIsRefused() {
        assertThatThrownBy(() -> Ratios.marker(List.of(1.2), 0.05, Metric.THROUGHPUT, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRowIsBetterWhenTheMedianMovedBeyondTheNoiseAndEveryRoundAgreed() {
        assertThat(Ratios.marker(List.of(1.12, 1.10, 1.15, 1.11), 0.05)).isEqualTo(Marker.BETTER);
    }

    @Test
    void aRowIsWorseByTheSameRules() {
        assertThat(Ratios.marker(List.of(0.80, 0.85, 0.82, 0.79), 0.05)).isEqualTo(Marker.WORSE);
    }

    @Test
    void aMarkIsAllowedWhateverTheNoiseWhenTheMoveIsLarger() {
        assertThat(Ratios.marker(List.of(3.1, 3.3, 3.2, 3.0), 0.60)).isEqualTo(Marker.BETTER);
    }

    @Test
    void aMoveWithinANoiseAboveTheLimitIsNotJudged() {
        assertThat(Ratios.marker(List.of(1.12, 1.10, 1.15, 1.11), 0.20)).isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void aMoveWithinANoiseAtMostTheLimitIsATie() {
        assertThat(Ratios.marker(List.of(1.05, 1.06, 1.04, 1.07), 0.08)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.05, 1.06, 1.04, 1.07), Ratios.JUDGING_NOISE_LIMIT)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.05, 1.06, 1.04, 1.07), Ratios.JUDGING_NOISE_LIMIT + 1e-9))
                .isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void theLimitIsTenPercent() {
        assertThat(Ratios.JUDGING_NOISE_LIMIT).isEqualTo(0.10);
    }

    @Test
    void aMoveEqualToTheNoiseIsNotMarked() {
        assertThat(Ratios.marker(List.of(1.10, 1.10, 1.10, 1.10), 0.10 + 1e-12)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(List.of(1.05, 1.05, 1.05, 1.05), 0.05 + 1e-12)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.05, 1.05, 1.05, 1.05), 0.05 - 1e-9)).isEqualTo(Marker.BETTER);
    }

    @Test
    void aMoveExactlyAsLargeAsTheNoiseIsATie() {
        double noise = Ratios.deviation(1.05, 1);
        assertThat(Ratios.marker(List.of(1.05, 1.05, 1.05, 1.05), noise)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.05, 1.05, 1.05, 1.05), Math.nextDown(noise))).isEqualTo(Marker.BETTER);
    }

    @Test
    void aRoundExactlyAtOneDisagrees() {
        assertThat(Ratios.marker(List.of(1.20, 1.22, 1.00, 1.25), 0.05)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(List.of(0.80, 0.82, 1.00, 0.75), 0.05)).isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void aMoveUnderTwoPercentIsNotMarkedEvenWithoutNoise() {
        assertThat(Ratios.marker(List.of(1.015, 1.018, 1.012, 1.019), 0.0)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.021, 1.022, 1.025, 1.03), 0.0)).isEqualTo(Marker.BETTER);
    }

    @Test
    void aMoveUnderTwoPercentIsATieOnlyUnderTheNoiseLimit() {
        assertThat(Ratios.marker(List.of(1.015, 1.018, 1.012, 1.019), 0.011)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.015, 1.018, 1.012, 1.019), 0.5)).isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void aWorseMoveIsMeasuredOnTheSameScaleAsABetterOne() {
        // 1/0.98 - 1 = 2.04 %: at least 2 %, so marked
        assertThat(Ratios.marker(List.of(0.98, 0.98, 0.98, 0.98), 0.0)).isEqualTo(Marker.WORSE);
    }

    @Test
    void oneRoundOnTheOtherSideOfOneLeavesTheRowNotJudged() {
        assertThat(Ratios.marker(List.of(1.20, 1.22, 0.99, 1.25), 0.05)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(List.of(0.70, 0.75, 1.00, 0.72), 0.05)).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Ratios.marker(List.of(1.20, 1.22, 1.001, 1.25), 0.05)).isEqualTo(Marker.BETTER);
    }

    @Test
    void forCpuBelowOneIsBetter() {
        assertThat(Ratios.marker(List.of(0.60, 0.62, 0.58, 0.61), 0.05, Metric.CPU)).isEqualTo(Marker.BETTER);
        assertThat(Ratios.marker(List.of(1.70, 1.80, 1.75, 1.72), 0.05, Metric.CPU)).isEqualTo(Marker.WORSE);
        assertThat(Ratios.marker(List.of(1.01, 1.00, 0.99, 1.01), 0.05, Metric.CPU)).isEqualTo(Marker.NONE);
        assertThat(Ratios.marker(List.of(1.70, 1.80, 1.75, 1.72), 0.05, Metric.THROUGHPUT)).isEqualTo(Marker.BETTER);
    }
}
