package io.pgfast.codec.type;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Period;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IntervalTest {

    @Test
    void keepsTheThreeFieldsApart() {
        Interval month = Interval.of(1, 0, 0);
        Interval thirtyDays = Interval.of(0, 30, 0);
        assertThat(month).isNotEqualTo(thirtyDays);
        assertThat(Interval.of(1, 2, 3)).isEqualTo(Interval.of(1, 2, 3)).hasSameHashCodeAs(Interval.of(1, 2, 3));
        assertThat(Interval.of(0, 0, 0)).isSameAs(Interval.ZERO);
    }

    @Test
    void convertsFromAndToJavaTime() {
        assertThat(Interval.of(Duration.ofMinutes(90))).isEqualTo(Interval.of(0, 0, 5_400_000_000L));
        assertThat(Interval.of(Duration.ofNanos(500))).isEqualTo(Interval.of(0, 0, 1));
        assertThat(Interval.of(Duration.ofNanos(-500))).isEqualTo(Interval.of(0, 0, 0));
        assertThat(Interval.of(Period.of(2, 3, 4))).isEqualTo(Interval.of(27, 4, 0));
        assertThat(Interval.of(0, 2, -1).toDuration()).isEqualTo(Duration.ofDays(2).minusNanos(1000));
        assertThat(Interval.of(27, 4, 0).toPeriod()).isEqualTo(Period.of(2, 3, 4));
        assertThatThrownBy(() -> Interval.of(1, 0, 0).toDuration()).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Interval.of(0, 0, 1).toPeriod()).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Interval.of(Period.ofYears(Integer.MAX_VALUE))).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void printsIso8601AsTheServerDoes() {
        assertThat(Interval.ZERO).hasToString("PT0S");
        assertThat(Interval.of(14, 3, 14_706_789_000L)).hasToString("P1Y2M3DT4H5M6.789S");
        assertThat(Interval.of(0, 0, -6_500_000)).hasToString("PT-6.5S");
    }
}
