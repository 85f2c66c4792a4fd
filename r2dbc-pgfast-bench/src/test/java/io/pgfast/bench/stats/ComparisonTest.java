package io.pgfast.bench.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ComparisonTest {

    private static final List<RoundValues> FOUR = List.of(
            new RoundValues(120, 120, 100, 100),   // 1.20
            new RoundValues(110, 110, 100, 100),   // 1.10
            new RoundValues(130, 130, 100, 100),   // 1.30
            new RoundValues(115, 115, 100, 100));  // 1.15

    /** The four rounds twice: the fewest for an interval at 99 %. */
    private final Comparison c = Comparison.measured(java.util.stream.Stream.concat(FOUR.stream(), FOUR.stream())
            .collect(java.util.stream.Collectors.toList()));

    @Test
    void summarisesTheRounds() {
        assertThat(c.medianRatio()).isCloseTo(1.175, within(1e-12));
        assertThat(c.minRatio()).isCloseTo(1.10, within(1e-12));
        assertThat(c.maxRatio()).isCloseTo(1.30, within(1e-12));
        assertThat(c.noise()).isZero();
        assertThat(c.interval()).containsExactly(1.10, 1.30);
        assertThat(c.margin()).isEqualTo(Ratios.NOISE_MARGIN);
        assertThat(c.marker()).isEqualTo(Marker.BETTER);
        assertThat(c.pgfastValue()).isCloseTo(117.5, within(1e-12));
        assertThat(c.peerValue()).isCloseTo(100, within(1e-12));
    }

    @Test
    void fourRoundsAreTooFewForAnIntervalButEnoughForTheForkRule() {
        assertThat(Comparison.measured(FOUR).interval()).isNull();
        assertThat(Comparison.measured(FOUR).marker()).isEqualTo(Marker.NOT_JUDGED);
        assertThat(Comparison.ofForks(Metric.THROUGHPUT, FOUR).marker()).isEqualTo(Marker.BETTER);
    }

    @Test
    void aRunThatJudgesNothingMarksNothing() {
        Comparison unjudged = Comparison.measured(Metric.THROUGHPUT, c.rounds(), false);
        assertThat(unjudged.medianRatio()).isEqualTo(c.medianRatio());
        assertThat(unjudged.marker()).isEqualTo(Marker.NOT_JUDGED);
    }

    @Test
    void aCpuRowReadsLowerAsBetter() {
        Comparison cpu = Comparison.measured(Metric.CPU, c.rounds(), true);
        assertThat(cpu.marker()).isEqualTo(Marker.WORSE);
        assertThat(cpu.metric()).isEqualTo(Metric.CPU);
    }

    @Test
    void aFailureHasNoNumbers() {
        Comparison failed = Comparison.failed(Comparison.State.PGFAST_FAILED, "boom");
        assertThat(failed.isMeasured()).isFalse();
        assertThat(failed.message()).isEqualTo("boom");
        assertThatThrownBy(failed::medianRatio).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesAMeasuredStateWithoutRoundsOrAFailureWithoutAFailureState() {
        assertThatThrownBy(() -> Comparison.measured(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Comparison.failed(Comparison.State.MEASURED, "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
