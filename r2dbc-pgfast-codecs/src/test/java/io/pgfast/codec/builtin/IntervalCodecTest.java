package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.oid.Oid;
import io.pgfast.codec.type.Interval;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Period;

import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IntervalCodecTest {

    @Test
    void decodesAndEncodesServerBytes() {
        // interval_send('1 year 2 mons 3 days 04:05:06.789'): micros, days, months
        byte[] golden = hex("000000036c97ca88 00000003 0000000e");
        Interval expected = Interval.of(14, 3, 14_706_789_000L);
        assertThat(binary(Oid.INTERVAL, golden)).isEqualTo(expected);
        assertThat(encode(expected)).isEqualTo(golden);
        assertThat(binary(Oid.INTERVAL, String.class, golden)).isEqualTo("1 year 2 mons 3 days 04:05:06.789");
        // interval_send('-1 days +02:03:00')
        byte[] mixed = hex("00000001b7e1dd00 ffffffff 00000000");
        assertThat(binary(Oid.INTERVAL, mixed)).isEqualTo(Interval.of(0, -1, 7_380_000_000L));
        assertThat(binary(Oid.INTERVAL, String.class, mixed)).isEqualTo("-1 days +02:03:00");
        assertThat(binary(Oid.INTERVAL, hex("0000000000000000 00000000 00000000"))).isEqualTo(Interval.ZERO);
    }

    /** What PostgreSQL 18 prints for the same interval with IntervalStyle postgres and iso_8601. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "14 | 3  | 14706789000    | 1 year 2 mons 3 days 04:05:06.789 | P1Y2M3DT4H5M6.789S",
            "0  | -1 | 7380000000     | -1 days +02:03:00                 | P-1DT2H3M",
            "0  | 0  | 0              | 00:00:00                          | PT0S",
            "-14| 0  | 0              | -1 years -2 mons                  | P-1Y-2M",
            "1  | -1 | 0              | 1 mon -1 days                     | P1M-1D",
            "0  | 0  | -1000000       | -00:00:01                         | PT-1S",
            "0  | 0  | 360000000000   | 100:00:00                         | PT100H",
            "0  | -3 | -14706000000   | -3 days -04:05:06                 | P-3DT-4H-5M-6S",
            "0  | 0  | 500000         | 00:00:00.5                        | PT0.5S",
            "0  | 0  | -1             | -00:00:00.000001                  | PT-0.000001S"})
    void readsAndRendersBothStyles(int months, int days, long micros, String postgres, String iso) {
        Interval expected = Interval.of(months, days, micros);
        assertThat(text(Oid.INTERVAL, postgres)).isEqualTo(expected);
        assertThat(text(Oid.INTERVAL, iso)).isEqualTo(expected);
        assertThat(IntervalText.format(expected)).isEqualTo(postgres);
        assertThat(expected.toString()).isEqualTo(iso);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1 week", "@ 1 day", "1-2", "1 day 2", "P", "P1H", "PT1Y", "P1.5D", "1 day  02:00:00", "10:61:00",
            "99999999999 days", "P99999999999Y"})
    void rejectsWhatItCannotRead(String text) {
        assertThatThrownBy(() -> text(Oid.INTERVAL, text)).isInstanceOf(CodecException.class)
                .hasMessageStartingWith("invalid interval text value");
    }

    @Test
    void convertsToDurationAndPeriodOnlyWhenExact() {
        assertThat(text(Oid.INTERVAL, Duration.class, "1 day 01:00:00.5")).isEqualTo(Duration.ofHours(25).plusMillis(500));
        assertThat(text(Oid.INTERVAL, Period.class, "1 year 2 mons 3 days")).isEqualTo(Period.of(1, 2, 3));
        assertThatThrownBy(() -> text(Oid.INTERVAL, Duration.class, "1 mon")).isInstanceOf(CodecException.class)
                .hasMessageContaining("has months");
        assertThatThrownBy(() -> text(Oid.INTERVAL, Period.class, "1 day 00:00:01")).isInstanceOf(CodecException.class)
                .hasMessageContaining("time part");
        assertThat(encode(Duration.ofSeconds(1, 1_500))).isEqualTo(hex("00000000000f4242 00000000 00000000"));
        assertThat(encode(Period.of(1, 2, 3))).isEqualTo(hex("0000000000000000 00000003 0000000e"));
        assertThatThrownBy(() -> encode(Duration.ofSeconds(Long.MAX_VALUE))).isInstanceOf(CodecException.class)
                .hasMessageContaining("out of range for interval");
    }

    @Property(tries = 300)
    void roundTrips(@ForAll int months, @ForAll int days, @ForAll @LongRange(min = -9_000_000_000_000_000L, max = 9_000_000_000_000_000L) long micros) {
        Interval value = Interval.of(months, days, micros);
        assertThat(roundTrip(value, Interval.class)).isEqualTo(value);
        assertThat(text(Oid.INTERVAL, IntervalText.format(value))).isEqualTo(value);
        assertThat(text(Oid.INTERVAL, value.toString())).isEqualTo(value);
    }

    @Property(tries = 100)
    void durationsAndPeriodsRoundTrip(@ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L) long seconds,
                                      @ForAll @IntRange(min = 0, max = 999_999) int micros,
                                      @ForAll @IntRange(min = -1000, max = 1000) int years,
                                      @ForAll @IntRange(min = -11, max = 11) int monthsOfYear, @ForAll int periodDays) {
        Duration duration = Duration.ofSeconds(seconds, micros * 1000L);
        assertThat(roundTrip(duration, Duration.class)).isEqualTo(duration);
        Period period = Period.of(years, monthsOfYear, periodDays);
        Period decoded = roundTrip(period, Period.class);
        assertThat(decoded.toTotalMonths()).isEqualTo(period.toTotalMonths());
        assertThat(decoded.getDays()).isEqualTo(period.getDays());
    }
}
