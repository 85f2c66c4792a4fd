package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.oid.Oid;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;

import static io.pgfast.codec.testing.CodecAssert.REGISTRY;
import static io.pgfast.codec.testing.CodecAssert.binary;
import static io.pgfast.codec.testing.CodecAssert.encode;
import static io.pgfast.codec.testing.CodecAssert.hex;
import static io.pgfast.codec.testing.CodecAssert.roundTrip;
import static io.pgfast.codec.testing.CodecAssert.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DateTimeCodecTest {

    /** date_send of PostgreSQL 18 (Int32 days since 2000-01-01) next to the ISO text it prints. */
    @ParameterizedTest
    @CsvSource({
            "2000-01-01,    00000000, 2000-01-01",
            "1999-12-31,    ffffffff, 1999-12-31",
            "0001-01-01,    fff4dbf9, 0001-01-01",
            "9999-12-31,    002c95d3, 9999-12-31",
            "2024-02-29,    00002279, 2024-02-29",
            "-0043-03-15,   fff49d7b, 0044-03-15 BC"})
    void dates(String iso, String golden, String serverText) {
        LocalDate expected = LocalDate.parse(iso);
        assertThat(binary(Oid.DATE, hex(golden))).isEqualTo(expected);
        assertThat(text(Oid.DATE, serverText)).isEqualTo(expected);
        assertThat(encode(expected)).isEqualTo(hex(golden));
        assertThat(binary(Oid.DATE, String.class, hex(golden))).isEqualTo(serverText);
    }

    @Test
    void dateInfinitiesAreMaxAndMin() {
        assertThat(binary(Oid.DATE, hex("7fffffff"))).isEqualTo(LocalDate.MAX);   // DATEVAL_NOEND
        assertThat(binary(Oid.DATE, hex("80000000"))).isEqualTo(LocalDate.MIN);   // DATEVAL_NOBEGIN
        assertThat(text(Oid.DATE, "infinity")).isEqualTo(LocalDate.MAX);
        assertThat(text(Oid.DATE, "-infinity")).isEqualTo(LocalDate.MIN);
        assertThat(encode(LocalDate.MAX)).isEqualTo(hex("7fffffff"));
        assertThat(encode(LocalDate.MIN)).isEqualTo(hex("80000000"));
        assertThat(binary(Oid.DATE, String.class, hex("80000000"))).isEqualTo("-infinity");
        assertThat(text(Oid.DATE, "5874897-12-31")).isEqualTo(LocalDate.of(5874897, 12, 31));
        assertThat(text(Oid.DATE, "4713-01-01 BC")).isEqualTo(LocalDate.of(-4712, 1, 1));
    }

    @Test
    void leapDaysOfBcYearsAreProleptic() {
        // 45 BC is the proleptic year -44, a leap year; 45 AD is not
        assertThat(text(Oid.DATE, "0045-02-29 BC")).isEqualTo(LocalDate.of(-44, 2, 29));
        assertThatThrownBy(() -> text(Oid.DATE, "0045-02-29")).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.DATE, "2023-02-29")).isInstanceOf(CodecException.class)
                .hasMessageStartingWith("invalid date text value '2023-02-29'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2024-2-29", "2024-02-29x", "20240229", "2024-02-29 AD", "infinityx", "-2024-01-01", "2024-13-01"})
    void rejectsMalformedDates(String text) {
        assertThatThrownBy(() -> text(Oid.DATE, text)).isInstanceOf(CodecException.class).hasMessageContaining("date");
    }

    /** timestamp_send: Int64 microseconds since 2000-01-01 00:00. */
    @ParameterizedTest
    @CsvSource({
            "2000-01-01T00:00,                0000000000000000, 2000-01-01 00:00:00",
            "2024-02-29T13:45:00.123456,      0002b5843bfc5140, 2024-02-29 13:45:00.123456",
            "0001-01-01T00:00,                ff1fe2ffc59c6000, 0001-01-01 00:00:00",
            "9999-12-31T23:59:59.999999,      0380e70b913b7fff, 9999-12-31 23:59:59.999999",
            "-0043-03-15T12:00,               ff1af9e8fb46d000, 0044-03-15 12:00:00 BC"})
    void timestamps(String iso, String golden, String serverText) {
        LocalDateTime expected = LocalDateTime.parse(iso);
        assertThat(binary(Oid.TIMESTAMP, hex(golden))).isEqualTo(expected);
        assertThat(text(Oid.TIMESTAMP, serverText)).isEqualTo(expected);
        assertThat(encode(expected)).isEqualTo(hex(golden));
        assertThat(binary(Oid.TIMESTAMP, String.class, hex(golden))).isEqualTo(serverText);
    }

    @Test
    void timestampInfinitiesAreMaxAndMin() {
        assertThat(binary(Oid.TIMESTAMP, hex("7fffffffffffffff"))).isEqualTo(LocalDateTime.MAX);   // DT_NOEND
        assertThat(binary(Oid.TIMESTAMP, hex("8000000000000000"))).isEqualTo(LocalDateTime.MIN);   // DT_NOBEGIN
        assertThat(text(Oid.TIMESTAMP, "infinity")).isEqualTo(LocalDateTime.MAX);
        assertThat(encode(LocalDateTime.MIN)).isEqualTo(hex("8000000000000000"));
        assertThat(binary(Oid.TIMESTAMPTZ, hex("7fffffffffffffff"))).isEqualTo(OffsetDateTime.MAX);
        assertThat(binary(Oid.TIMESTAMPTZ, Instant.class, hex("8000000000000000"))).isEqualTo(Instant.MIN);
        assertThat(text(Oid.TIMESTAMPTZ, Instant.class, "infinity")).isEqualTo(Instant.MAX);
        assertThat(text(Oid.TIMESTAMPTZ, "-infinity")).isEqualTo(OffsetDateTime.MIN);
        assertThat(encode(Instant.MAX)).isEqualTo(hex("7fffffffffffffff"));
        assertThat(encode(OffsetDateTime.MIN)).isEqualTo(hex("8000000000000000"));
        assertThatThrownBy(() -> encode(LocalDateTime.of(300000, 1, 1, 0, 0))).isInstanceOf(CodecException.class)
                .hasMessageContaining("out of range for timestamp");
    }

    @Test
    void timestamptzInBothFormats() {
        OffsetDateTime utc = OffsetDateTime.of(2024, 2, 29, 8, 15, 0, 0, ZoneOffset.UTC);
        // timestamptz_send of '2024-02-29 13:45:00+05:30': microseconds since 2000-01-01 00:00 UTC
        byte[] golden = hex("0002b57f9fce6900");
        assertThat(binary(Oid.TIMESTAMPTZ, golden)).isEqualTo(utc);
        assertThat(binary(Oid.TIMESTAMPTZ, Instant.class, golden)).isEqualTo(utc.toInstant());
        assertThat(binary(Oid.TIMESTAMPTZ, ZonedDateTime.class, golden)).isEqualTo(utc.toZonedDateTime());
        assertThat(binary(Oid.TIMESTAMPTZ, String.class, golden)).isEqualTo("2024-02-29 08:15:00+00");
        OffsetDateTime kolkata = text(Oid.TIMESTAMPTZ, OffsetDateTime.class, "2024-02-29 13:45:00+05:30");
        assertThat(kolkata.getOffset()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));
        assertThat(kolkata.toInstant()).isEqualTo(utc.toInstant());
        assertThat(encode(kolkata)).isEqualTo(golden);
        assertThat(encode(utc.toInstant())).isEqualTo(golden);
        assertThat(encode(kolkata.toZonedDateTime())).isEqualTo(golden);
        assertThat(text(Oid.TIMESTAMPTZ, "2023-12-31 20:30:00-03:30")).isEqualTo(OffsetDateTime.of(2023, 12, 31, 20, 30, 0, 0, ZoneOffset.ofHoursMinutes(-3, -30)));
        // local mean time offsets have seconds
        assertThat(text(Oid.TIMESTAMPTZ, OffsetDateTime.class, "1900-01-01 00:00:00+00:19:32").getOffset()).isEqualTo(ZoneOffset.ofHoursMinutesSeconds(0, 19, 32));
        assertThat(text(Oid.TIMESTAMPTZ, "0044-03-15 12:00:00.5+00 BC"))
                .isEqualTo(OffsetDateTime.of(-43, 3, 15, 12, 0, 0, 500_000_000, ZoneOffset.UTC));
        assertThat(REGISTRY.javaType(Oid.TIMESTAMPTZ)).isEqualTo(OffsetDateTime.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-02-29 13:45:00", "2024-02-29 13:45:00+5", "2024-02-29T13:45:00+00", "2024-02-29 13:45:00.1234567+00",
            "2024-02-29 25:00:00+00", "2024-02-29 13:45+00", "2024-02-29 13:45:00+19"})
    void rejectsMalformedTimestamptz(String text) {
        assertThatThrownBy(() -> text(Oid.TIMESTAMPTZ, text)).isInstanceOf(CodecException.class).hasMessageContaining("timestamptz");
    }

    /** time_send: Int64 microseconds since midnight. */
    @ParameterizedTest
    @CsvSource({
            "00:00,            0000000000000000, 00:00:00",
            "23:59:59.999999,  000000141dd75fff, 23:59:59.999999",
            "13:45:00.5,       0000000b8675b020, 13:45:00.5"})
    void times(String iso, String golden, String serverText) {
        LocalTime expected = LocalTime.parse(iso);
        assertThat(binary(Oid.TIME, hex(golden))).isEqualTo(expected);
        assertThat(text(Oid.TIME, serverText)).isEqualTo(expected);
        assertThat(encode(expected)).isEqualTo(hex(golden));
        assertThat(binary(Oid.TIME, String.class, hex(golden))).isEqualTo(serverText);
    }

    @Test
    void midnightAtTheEndOfTheDayIsLocalTimeMax() {
        byte[] golden = hex("000000141dd76000"); // time_send('24:00:00'): 86400000000 microseconds
        assertThat(binary(Oid.TIME, golden)).isEqualTo(LocalTime.MAX);
        assertThat(text(Oid.TIME, "24:00:00")).isEqualTo(LocalTime.MAX);
        assertThat(encode(LocalTime.MAX)).isEqualTo(golden);
        assertThat(binary(Oid.TIME, String.class, golden)).isEqualTo("24:00:00");
        assertThatThrownBy(() -> binary(Oid.TIME, hex("000000141dd76001"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> text(Oid.TIME, "24:00:01")).isInstanceOf(CodecException.class);
    }

    /** timetz_send: Int64 microseconds, then Int32 zone in seconds west of UTC. */
    @ParameterizedTest
    @CsvSource({
            "13:45+05:30,  0000000b866e0f00 ffffb2a8, 13:45:00+05:30",
            "00:00-03:30,  0000000000000000 00003138, 00:00:00-03:30",
            "12:00Z,       0000000a0eebb000 00000000, 12:00:00+00"})
    void timesWithZone(String iso, String golden, String serverText) {
        OffsetTime expected = OffsetTime.parse(iso);
        assertThat(binary(Oid.TIMETZ, hex(golden))).isEqualTo(expected);
        assertThat(text(Oid.TIMETZ, serverText)).isEqualTo(expected);
        assertThat(encode(expected)).isEqualTo(hex(golden));
        assertThat(binary(Oid.TIMETZ, String.class, hex(golden))).isEqualTo(serverText);
        assertThat(binary(Oid.TIMETZ, LocalTime.class, hex(golden))).isEqualTo(expected.toLocalTime());
    }

    @Test
    void rejectsMalformedBinaryTimes() {
        assertThatThrownBy(() -> binary(Oid.TIMETZ, hex("0000000000000000"))).isInstanceOf(CodecException.class)
                .hasMessage("timetz binary value must be 12 bytes, was 8");
        assertThatThrownBy(() -> binary(Oid.TIMETZ, hex("0000000000000000 00020000"))).isInstanceOf(CodecException.class)
                .hasMessageContaining("invalid zone");
        assertThatThrownBy(() -> binary(Oid.TIME, hex("ffffffffffffffff"))).isInstanceOf(CodecException.class);
        assertThatThrownBy(() -> binary(Oid.DATE, hex("000000"))).isInstanceOf(CodecException.class);
    }

    @Test
    void roundsNanosecondsToMicroseconds() {
        LocalDateTime nanos = LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1_500);
        assertThat(roundTrip(nanos, LocalDateTime.class)).isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 2_000));
        assertThat(roundTrip(LocalTime.of(1, 0, 0, 499), LocalTime.class)).isEqualTo(LocalTime.of(1, 0));
    }

    @Provide
    Arbitrary<LocalDateTime> timestamps() {
        // PostgreSQL's timestamp range: 4713 BC to 294276 AD
        long min = LocalDateTime.of(-4712, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC);
        long max = LocalDateTime.of(294276, 12, 31, 23, 59, 59).toEpochSecond(ZoneOffset.UTC);
        return Arbitraries.longs().between(min, max).flatMap(s -> Arbitraries.integers().between(0, 999_999)
                .map(us -> LocalDateTime.ofEpochSecond(s, us * 1000, ZoneOffset.UTC)));
    }

    @Provide
    Arbitrary<ZoneOffset> offsets() {
        return Arbitraries.integers().between(-15 * 3600, 15 * 3600).map(ZoneOffset::ofTotalSeconds);
    }

    @Property(tries = 200)
    void roundTrips(@ForAll("timestamps") LocalDateTime value, @ForAll("offsets") ZoneOffset offset) {
        assertThat(roundTrip(value, LocalDateTime.class)).isEqualTo(value);
        assertThat(text(Oid.TIMESTAMP, binary(Oid.TIMESTAMP, String.class, encode(value)))).isEqualTo(value);
        assertThat(roundTrip(value.toLocalDate(), LocalDate.class)).isEqualTo(value.toLocalDate());
        assertThat(text(Oid.DATE, binary(Oid.DATE, String.class, encode(value.toLocalDate())))).isEqualTo(value.toLocalDate());
        assertThat(roundTrip(value.toLocalTime(), LocalTime.class)).isEqualTo(value.toLocalTime());
        OffsetDateTime zoned = OffsetDateTime.of(value, offset);
        assertThat(roundTrip(zoned, OffsetDateTime.class)).isEqualTo(zoned.withOffsetSameInstant(ZoneOffset.UTC));
        assertThat(text(Oid.TIMESTAMPTZ, DateTimeText.format(zoned))).isEqualTo(zoned);
        OffsetTime time = OffsetTime.of(value.toLocalTime(), offset);
        assertThat(roundTrip(time, OffsetTime.class)).isEqualTo(time);
        assertThat(text(Oid.TIMETZ, binary(Oid.TIMETZ, String.class, encode(time)))).isEqualTo(time);
        Instant instant = value.toInstant(ZoneOffset.UTC);
        assertThat(roundTrip(instant, Instant.class)).isEqualTo(instant.truncatedTo(ChronoUnit.MICROS));
    }
}
