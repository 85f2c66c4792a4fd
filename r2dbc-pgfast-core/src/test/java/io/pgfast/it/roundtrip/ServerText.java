package io.pgfast.it.roundtrip;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The text form the server prints for a value, as documented, for the session settings the driver
 * sends (DateStyle ISO, IntervalStyle postgres, TimeZone UTC on {@link RoundTrip}'s binary connection):
 * computed here independently of the codecs under test.
 */
final class ServerText {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ServerText() {
    }

    /** bytea_output = hex (the default since 9.0): {@code \x} then two lower-case hex digits per byte. */
    static String bytea(byte[] value) {
        StringBuilder b = new StringBuilder(2 + value.length * 2).append("\\x");
        for (byte v : value) {
            b.append(HEX[(v >> 4) & 0xF]).append(HEX[v & 0xF]);
        }
        return b.toString();
    }

    /** ISO date: year of at least four digits (more when needed); years before 1 AD as the BC year (0 is 1 BC) with " BC". */
    static String date(LocalDate d) {
        if (d.equals(LocalDate.MAX)) {
            return "infinity";
        }
        if (d.equals(LocalDate.MIN)) {
            return "-infinity";
        }
        return datePart(d) + bcSuffix(d.getYear());
    }

    private static String datePart(LocalDate d) {
        int year = d.getYear() > 0 ? d.getYear() : 1 - d.getYear();
        return String.format("%04d-%02d-%02d", year, d.getMonthValue(), d.getDayOfMonth());
    }

    private static String bcSuffix(int year) {
        return year > 0 ? "" : " BC";
    }

    /** HH:MM:SS, then the microseconds with trailing zeros dropped when there are any. */
    static String time(LocalTime t) {
        return String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond()) + fraction(t.getNano() / 1000);
    }

    private static String fraction(long micros) {
        if (micros == 0) {
            return "";
        }
        String digits = String.format("%06d", micros);
        int end = digits.length();
        while (digits.charAt(end - 1) == '0') {
            end--;
        }
        return "." + digits.substring(0, end);
    }

    static String timestamp(LocalDateTime t) {
        if (t.equals(LocalDateTime.MAX)) {
            return "infinity";
        }
        if (t.equals(LocalDateTime.MIN)) {
            return "-infinity";
        }
        return datePart(t.toLocalDate()) + " " + time(t.toLocalTime()) + bcSuffix(t.getYear());
    }

    /** In a UTC session: the UTC date and time, "+00", then " BC" if so. */
    static String timestamptzInUtc(OffsetDateTime t) {
        if (t.equals(OffsetDateTime.MAX)) {
            return "infinity";
        }
        if (t.equals(OffsetDateTime.MIN)) {
            return "-infinity";
        }
        LocalDateTime utc = t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        return datePart(utc.toLocalDate()) + " " + time(utc.toLocalTime()) + "+00" + bcSuffix(utc.getYear());
    }

    /** An interval of time only, IntervalStyle postgres: [-]HH:MM:SS[.ffffff], hours unbounded. */
    static String timeInterval(Duration d) {
        long micros = d.getSeconds() * 1_000_000L + d.getNano() / 1000;
        String sign = micros < 0 ? "-" : "";
        long abs = Math.abs(micros);
        long seconds = abs / 1_000_000L;
        return sign + String.format("%02d:%02d:%02d", seconds / 3600, (seconds / 60) % 60, seconds % 60) + fraction(abs % 1_000_000L);
    }

    /** An int4[] or other array of numbers, one dimension: {1,NULL,3}; {} when empty. */
    static String numberArray(Object[] values) {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(values[i] == null ? "NULL" : values[i].toString());
        }
        return b.append('}').toString();
    }
}
