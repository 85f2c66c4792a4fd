package io.pgfast.bench.stats;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RoundValuesTest {

    @Test
    void ratioIsPgfastOverPeerUsingBothProcessesOfEach() {
        RoundValues r = new RoundValues(110, 90, 40, 60);
        assertThat(r.ratio()).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void selfNoiseIsTheWorseOfTheTwoSides() {
        assertThat(new RoundValues(100, 125, 10, 10).selfNoise()).isCloseTo(0.25, within(1e-12));
        assertThat(new RoundValues(100, 100, 10, 8).selfNoise()).isCloseTo(0.25, within(1e-12));
    }

    @Test
    void rejectsRatesThatAreNotPositiveAndFinite() {
        assertThatThrownBy(() -> new RoundValues(0, 1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RoundValues(1, -1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RoundValues(1, 1, Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RoundValues(1, 1, 1, Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
