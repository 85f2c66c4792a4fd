package io.r2dbc.postgresql.codec;

import org.junit.jupiter.api.Test;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.chrono.JapaneseDate;
import java.time.temporal.ChronoUnit;
import java.time.temporal.UnsupportedTemporalTypeException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IntervalTest {

    @Test
    void keepsEveryFieldAsGiven() {
        Interval i = Interval.of(1, 14, 43, 25, 70, 61.5);
        assertThat(i.getYears()).isEqualTo(1);
        assertThat(i.getMonths()).isEqualTo(14);
        assertThat(i.getDays()).isEqualTo(43);
        assertThat(i.getHours()).isEqualTo(25);
        assertThat(i.getMinutes()).isEqualTo(70);
        assertThat(i.getSecondsInMinute()).isEqualTo(61);
        assertThat(i.getMicrosecondsInSecond()).isEqualTo(500_000);
        assertThat(i.getSeconds()).isEqualTo(61.5);
        assertThat(i.getValue()).isEqualTo("1 years 14 mons 43 days 25 hours 70 mins 61.5 secs");
        assertThat(i.getPeriod()).isEqualTo(Period.of(1, 14, 43));
        assertThat(i.getDuration()).isEqualTo(Duration.parse("PT26H11M1.5S"));
        for (ChronoUnit unit : new ChronoUnit[] {ChronoUnit.YEARS, ChronoUnit.MINUTES, ChronoUnit.MICROS}) {
            assertThat(i.getUnits()).contains(unit);
        }
        assertThat(i.get(ChronoUnit.MINUTES)).isEqualTo(70);
        assertThatThrownBy(() -> i.get(ChronoUnit.WEEKS)).isInstanceOf(UnsupportedTemporalTypeException.class);
    }

    @Test
    void normalizesMonthsAndTimeSeparately() {
        assertThat(Interval.of(1, 14, 43, 25, 70, 61.5).normalized()).isEqualTo(Interval.of(2, 2, 44, 2, 11, 1, 500_000));
        assertThat(Interval.of(0, -13, 0, 0, -61, 0, 0).normalized()).isEqualTo(Interval.of(-1, -1, 0, -1, -1, 0, 0));
    }

    @Test
    void printsSecondsWithAtLeastOneFractionDigitAndTheSignOfTheirSum() {
        assertThat(Interval.ZERO.getValue()).isEqualTo("0 years 0 mons 0 days 0 hours 0 mins 0.0 secs");
        assertThat(Interval.of(0, 0, 0, -1, -2, -3.25)).hasToString("0 years 0 mons 0 days -1 hours -2 mins -3.25 secs");
        assertThat(Interval.of(0, 0, 0, 0, 0, 0, -5).getValue()).endsWith(" -0.000005 secs");
    }

    @Test
    void fromPeriodsAndDurations() {
        assertThat(Interval.of(Period.of(1, 13, 40))).isEqualTo(Interval.of(2, 1, 40, 0, 0, 0, 0));
        assertThat(Interval.of(Duration.ofHours(30).plusMillis(1500))).isEqualTo(Interval.of(0, 0, 1, 6, 0, 1, 500_000));
        assertThat(Interval.of(Duration.ofMillis(-500)).getSeconds()).isEqualTo(-0.5);
        assertThat(Interval.from(Duration.ofMinutes(3))).isEqualTo(Interval.of(0, 0, 0, 0, 3, 0, 0));
        assertThat(Interval.from(Interval.ZERO)).isSameAs(Interval.ZERO);
        assertThatThrownBy(() -> Interval.of((Period) null)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("period");
        assertThatThrownBy(() -> Interval.of(0, 0, 0, 0, 0, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void betweenCountsDatesThenTheRemainingTime() {
        assertThat(Interval.between(LocalDateTime.parse("2024-01-31T10:00"), LocalDateTime.parse("2024-03-01T09:30")))
                .isEqualTo(Interval.of(0, 0, 29, 23, 30, 0, 0));
        assertThat(Interval.between(LocalDateTime.parse("2024-03-01T09:30"), LocalDateTime.parse("2024-01-31T10:00")))
                .isEqualTo(Interval.of(0, -1, 0, -23, -30, 0, 0));
        assertThat(Interval.between(LocalDateTime.parse("2024-01-01T10:00"), LocalDateTime.parse("2024-02-01T10:00:01")))
                .isEqualTo(Interval.of(0, 1, 0, 0, 0, 1, 0));
        assertThat(Interval.between(LocalDate.parse("2024-01-01"), LocalDate.parse("2025-02-03")))
                .isEqualTo(Interval.of(1, 1, 2, 0, 0, 0, 0));
    }

    @Test
    void addsMonthsThenDaysThenTime() {
        Interval i = Interval.of(0, 1, 1, 1, 0, 0, 0);
        assertThat(i.addTo(LocalDateTime.parse("2024-01-31T00:00"))).isEqualTo(LocalDateTime.parse("2024-03-01T01:00"));
        assertThat(i.subtractFrom(LocalDateTime.parse("2024-03-01T01:00"))).isEqualTo(LocalDateTime.parse("2024-01-31T00:00"));
        assertThat(LocalDate.parse("2024-01-01").plus(Interval.of(Period.ofDays(3)))).isEqualTo(LocalDate.parse("2024-01-04"));
        assertThatThrownBy(() -> i.addTo(JapaneseDate.of(2024, 1, 1))).isInstanceOf(DateTimeException.class);
    }

    @Test
    void arithmeticIsFieldByField() {
        Interval i = Interval.of(1, 2, 3, 4, 5, 6, 7);
        assertThat(i.plus(Interval.of(1, 1, 1, 1, 1, 1, 1))).isEqualTo(Interval.of(2, 3, 4, 5, 6, 7, 8));
        assertThat(i.minus(Period.ofMonths(3))).isEqualTo(Interval.of(1, -1, 3, 4, 5, 6, 7));
        assertThat(i.multipliedBy(-2)).isEqualTo(Interval.of(-2, -4, -6, -8, -10, -12, -14));
        assertThat(i.withSeconds(9).withMicroseconds(0)).isEqualTo(Interval.of(1, 2, 3, 4, 5, 9, 0));
        assertThat(i.negated()).isEqualTo(i.multipliedBy(-1));
        assertThatThrownBy(() -> Interval.of(Integer.MAX_VALUE, 0, 0, 0, 0, 0, 0).plus(Period.ofYears(1)))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void parsesTheServersOutputStylesAndIso8601() {
        Interval expected = Interval.of(1, 2, 3, 4, 5, 6, 789_000);
        assertThat(Interval.parse("1 year 2 mons 3 days 04:05:06.789")).isEqualTo(expected);
        assertThat(Interval.parse("@ 1 year 2 mons 3 days 4 hours 5 mins 6.789 secs")).isEqualTo(expected);
        assertThat(Interval.parse("P1Y2M3DT4H5M6.789S")).isEqualTo(expected);
        assertThat(Interval.parse(expected.getValue())).isEqualTo(expected);
        assertThat(Interval.parse("-1 years -2 mons +3 days -04:05:06")).isEqualTo(Interval.of(-1, -2, 3, -4, -5, -6, 0));
        assertThat(Interval.parse("P-1Y-2M3DT-4H-5M-6S")).isEqualTo(Interval.of(-1, -2, 3, -4, -5, -6, 0));
        assertThat(Interval.parse("-P1W")).isEqualTo(Interval.of(0, 0, -7, 0, 0, 0, 0));
        assertThat(Interval.parse("@ 1 year 2 mons ago")).isEqualTo(Interval.of(-1, -2, 0, 0, 0, 0, 0));
        assertThat(Interval.parse("00:00:00.0000005")).isEqualTo(Interval.of(0, 0, 0, 0, 0, 0, 1));
        for (String bad : new String[] {"", "1-2", "1 fortnight", "P", "PT1Y", "3", "1.5 days", "1:2:3:4", "infinity"}) {
            assertThatThrownBy(() -> Interval.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Invalid interval");
        }
    }

    @Test
    void equalityIsFieldByField() {
        assertThat(Interval.of(0, 0, 0, 0, 70, 0, 0)).isNotEqualTo(Interval.of(0, 0, 0, 1, 10, 0, 0));
        assertThat(Interval.of(0, 0, 0, 0, 70, 0, 0).normalized()).isEqualTo(Interval.of(0, 0, 0, 1, 10, 0, 0));
        assertThat(Interval.of(1, 2, 3, 4, 5, 6, 7)).hasSameHashCodeAs(Interval.of(1, 2, 3, 4, 5, 6, 7));
        assertThat(Interval.of(0, 0, 0, 0, 0, 0, 0)).isSameAs(Interval.ZERO);
    }
}
