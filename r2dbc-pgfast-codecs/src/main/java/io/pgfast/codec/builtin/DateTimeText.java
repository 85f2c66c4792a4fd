package io.pgfast.codec.builtin;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * Date and time text as the server prints it with DateStyle ISO (the style the core sets at
 * startup; "Date/Time Output" in the PostgreSQL docs): {@code 2024-02-29}, {@code 13:45:00.5},
 * {@code 13:45:00+05:30}, {@code 2024-02-29 13:45:00.123456}, {@code 2024-02-29 13:45:00+01},
 * years before 1 AD as {@code 0044-03-15 BC} (after the time and offset), years above 9999 with
 * more digits, {@code infinity} and {@code -infinity}, offsets of {@code +HH}, {@code +HH:MM} or
 * {@code +HH:MM:SS} (historical local mean time), and {@code 24:00:00} for the end of a day.
 *
 * <p>Mapping: {@code infinity} is {@code MAX} and {@code -infinity} is {@code MIN} of the Java type
 * (LocalDate, LocalDateTime, OffsetDateTime, Instant), in both directions. {@code 24:00:00} is
 * {@link LocalTime#MAX}. BC years are proleptic ISO years: 1 BC is year 0, 44 BC is year -43.
 */
final class DateTimeText {

    private DateTimeText() {
    }

    /**
     * The fields of {@code YYYY-MM-DD}, packed as {@code year * 10000 + month * 100 + day}: the
     * date can only be built once a trailing " BC" is known (45 BC is a leap year, 45 AD is not).
     */
    static long dateFields(TextCursor in) {
        long year = in.digits(4, 9);
        in.expect('-');
        int month = in.fixed(2);
        in.expect('-');
        int day = in.fixed(2);
        return year * 10000 + month * 100 + day;
    }

    /** The date of packed fields, consuming a trailing " BC" (1 BC is the proleptic year 0). */
    static LocalDate date(TextCursor in, long fields) {
        long year = fields / 10000;
        if (in.accept(" BC")) {
            year = 1 - year;
        }
        try {
            return LocalDate.of((int) year, (int) (fields / 100 % 100), (int) (fields % 100));
        } catch (DateTimeException e) {
            throw in.fail(e);
        }
    }

    /** {@code HH:MM:SS[.ffffff]}; 24:00:00 is {@link LocalTime#MAX}. */
    static LocalTime time(TextCursor in) {
        int hour = in.fixed(2);
        in.expect(':');
        int minute = in.fixed(2);
        in.expect(':');
        int second = in.fixed(2);
        int micros = in.accept('.') ? in.micros() : 0;
        if (hour == 24 && minute == 0 && second == 0 && micros == 0) {
            return LocalTime.MAX;
        }
        try {
            return LocalTime.of(hour, minute, second, micros * 1000);
        } catch (DateTimeException e) {
            throw in.fail(e);
        }
    }

    /** {@code +HH[:MM[:SS]]} or with a minus. */
    static ZoneOffset offset(TextCursor in) {
        int sign;
        if (in.accept('+')) {
            sign = 1;
        } else if (in.accept('-')) {
            sign = -1;
        } else {
            throw in.fail();
        }
        int hours = in.fixed(2);
        int minutes = 0;
        int seconds = 0;
        if (in.accept(':')) {
            minutes = in.fixed(2);
            if (in.accept(':')) {
                seconds = in.fixed(2);
            }
        }
        try {
            return ZoneOffset.ofTotalSeconds(sign * (hours * 3600 + minutes * 60 + seconds));
        } catch (DateTimeException e) {
            throw in.fail(e);
        }
    }

    static LocalDate parseDate(TextCursor in) {
        if (in.is("infinity")) {
            return LocalDate.MAX;
        }
        if (in.is("-infinity")) {
            return LocalDate.MIN;
        }
        LocalDate date = date(in, dateFields(in));
        in.expectEnd();
        return date;
    }

    static LocalTime parseTime(TextCursor in) {
        LocalTime time = time(in);
        in.expectEnd();
        return time;
    }

    static OffsetTime parseTimeTz(TextCursor in) {
        LocalTime time = time(in);
        ZoneOffset offset = offset(in);
        in.expectEnd();
        return OffsetTime.of(time, offset);
    }

    static LocalDateTime parseTimestamp(TextCursor in) {
        if (in.is("infinity")) {
            return LocalDateTime.MAX;
        }
        if (in.is("-infinity")) {
            return LocalDateTime.MIN;
        }
        long fields = dateFields(in);
        in.expect(' ');
        LocalTime time = time(in);
        LocalDate date = date(in, fields);
        in.expectEnd();
        return combine(in, date, time);
    }

    static OffsetDateTime parseTimestampTz(TextCursor in) {
        if (in.is("infinity")) {
            return OffsetDateTime.MAX;
        }
        if (in.is("-infinity")) {
            return OffsetDateTime.MIN;
        }
        long fields = dateFields(in);
        in.expect(' ');
        LocalTime time = time(in);
        ZoneOffset offset = offset(in);
        LocalDate date = date(in, fields);
        in.expectEnd();
        return OffsetDateTime.of(combine(in, date, time), offset);
    }

    /** A date and a time of day; 24:00:00 is the start of the next day, as the server reads it. */
    private static LocalDateTime combine(TextCursor in, LocalDate date, LocalTime time) {
        if (time == LocalTime.MAX) {
            try {
                return date.plusDays(1).atStartOfDay();
            } catch (DateTimeException e) {
                throw in.fail(e);
            }
        }
        return LocalDateTime.of(date, time);
    }

    // ---- rendering, for values decoded from binary and asked for as String ----

    static String format(LocalDate date) {
        if (date.equals(LocalDate.MAX)) {
            return "infinity";
        }
        if (date.equals(LocalDate.MIN)) {
            return "-infinity";
        }
        StringBuilder out = new StringBuilder(16);
        appendDate(out, date);
        if (date.getYear() <= 0) {
            out.append(" BC");
        }
        return out.toString();
    }

    static String format(LocalTime time) {
        StringBuilder out = new StringBuilder(15);
        appendTime(out, time);
        return out.toString();
    }

    static String format(OffsetTime time) {
        StringBuilder out = new StringBuilder(24);
        appendTime(out, time.toLocalTime());
        appendOffset(out, time.getOffset());
        return out.toString();
    }

    static String format(LocalDateTime value) {
        if (value.equals(LocalDateTime.MAX)) {
            return "infinity";
        }
        if (value.equals(LocalDateTime.MIN)) {
            return "-infinity";
        }
        StringBuilder out = new StringBuilder(32);
        appendDate(out, value.toLocalDate());
        out.append(' ');
        appendTime(out, value.toLocalTime());
        if (value.getYear() <= 0) {
            out.append(" BC");
        }
        return out.toString();
    }

    static String format(OffsetDateTime value) {
        if (value.equals(OffsetDateTime.MAX)) {
            return "infinity";
        }
        if (value.equals(OffsetDateTime.MIN)) {
            return "-infinity";
        }
        StringBuilder out = new StringBuilder(40);
        appendDate(out, value.toLocalDate());
        out.append(' ');
        appendTime(out, value.toLocalTime());
        appendOffset(out, value.getOffset());
        if (value.getYear() <= 0) {
            out.append(" BC");
        }
        return out.toString();
    }

    private static void appendDate(StringBuilder out, LocalDate date) {
        int year = date.getYear() <= 0 ? 1 - date.getYear() : date.getYear();
        pad(out, year, 4);
        out.append('-');
        pad(out, date.getMonthValue(), 2);
        out.append('-');
        pad(out, date.getDayOfMonth(), 2);
    }

    private static void appendTime(StringBuilder out, LocalTime time) {
        if (time.equals(LocalTime.MAX)) {
            out.append("24:00:00");
            return;
        }
        pad(out, time.getHour(), 2);
        out.append(':');
        pad(out, time.getMinute(), 2);
        out.append(':');
        pad(out, time.getSecond(), 2);
        int micros = time.getNano() / 1000;
        if (micros != 0) {
            out.append('.');
            int digits = 6;
            while (micros % 10 == 0) {
                micros /= 10;
                digits--;
            }
            pad(out, micros, digits);
        }
    }

    private static void appendOffset(StringBuilder out, ZoneOffset offset) {
        int total = offset.getTotalSeconds();
        out.append(total < 0 ? '-' : '+');
        total = Math.abs(total);
        pad(out, total / 3600, 2);
        int minutes = total / 60 % 60;
        int seconds = total % 60;
        if (minutes != 0 || seconds != 0) {
            out.append(':');
            pad(out, minutes, 2);
            if (seconds != 0) {
                out.append(':');
                pad(out, seconds, 2);
            }
        }
    }

    private static void pad(StringBuilder out, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            out.append('0');
        }
        out.append(digits);
    }
}
