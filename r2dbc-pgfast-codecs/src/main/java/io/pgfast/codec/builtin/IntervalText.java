package io.pgfast.codec.builtin;

import io.pgfast.codec.CodecException;
import io.pgfast.codec.type.Interval;

/**
 * Interval text in the two IntervalStyles this driver reads ("Interval Output" in the PostgreSQL
 * docs):
 * <ul>
 * <li>{@code postgres}, the default: {@code 1 year 2 mons 3 days 04:05:06.789},
 *     {@code -1 days +02:03:00}, {@code 00:00:00}; hours may exceed 24;</li>
 * <li>{@code iso_8601}: {@code P1Y2M3DT4H5M6.789S}, {@code P-1DT2H3M}, {@code PT0S}.</li>
 * </ul>
 * {@code sql_standard} and {@code postgres_verbose} are refused with a CodecException that says so.
 */
final class IntervalText {

    private static final String TYPE = "interval";
    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;

    private IntervalText() {
    }

    static Interval parse(TextCursor in) {
        try {
            return in.peek() == 'P' ? iso(in) : postgres(in);
        } catch (ArithmeticException e) {
            throw in.fail(e);
        }
    }

    private static Interval postgres(TextCursor in) {
        if (in.peek() == '@') {
            throw unsupportedStyle(in);
        }
        long months = 0;
        long days = 0;
        long micros = 0;
        boolean any = false;
        while (!in.atEnd()) {
            if (any) {
                in.expect(' ');
            }
            any = true;
            int sign = sign(in);
            long value = in.digits(1, 10);
            if (in.accept(':')) {
                // the time part closes the value: [+-]H+:MM:SS[.ffffff]
                int minutes = in.fixed(2);
                in.expect(':');
                int seconds = in.fixed(2);
                long fraction = in.accept('.') ? in.micros() : 0;
                if (minutes > 59 || seconds > 59) {
                    throw in.fail();
                }
                // built with the sign applied to every part: -2562047788:00:54.775808 is Long.MIN_VALUE
                // microseconds, whose magnitude does not fit a positive long
                long time = Math.addExact(Math.multiplyExact(sign * value, MICROS_PER_HOUR),
                        sign * (minutes * MICROS_PER_MINUTE + seconds * MICROS_PER_SECOND + fraction));
                micros = time;
                in.expectEnd();
                break;
            }
            in.expect(' ');
            if (in.accept("years") || in.accept("year")) {
                months = Math.addExact(months, Math.multiplyExact(sign * value, 12L));
            } else if (in.accept("mons") || in.accept("mon")) {
                months = Math.addExact(months, sign * value);
            } else if (in.accept("days") || in.accept("day")) {
                days = Math.addExact(days, sign * value);
            } else {
                throw unsupportedStyle(in);
            }
        }
        if (!any) {
            throw in.fail();
        }
        return Interval.of(Math.toIntExact(months), Math.toIntExact(days), micros);
    }

    private static Interval iso(TextCursor in) {
        in.expect('P');
        long months = 0;
        long days = 0;
        long micros = 0;
        boolean time = false;
        boolean any = false;
        while (!in.atEnd()) {
            if (!time && in.accept('T')) {
                time = true;
                continue;
            }
            int sign = sign(in);
            long value = in.digits(1, 10);
            long fraction = 0;
            if (time && in.accept('.')) {
                fraction = in.micros();
            }
            int unit = in.peek();
            in.expect((char) unit);
            any = true;
            if (fraction != 0 && unit != 'S') {
                throw in.fail();
            }
            if (!time) {
                switch (unit) {
                    case 'Y':
                        months = Math.addExact(months, Math.multiplyExact(sign * value, 12L));
                        break;
                    case 'M':
                        months = Math.addExact(months, sign * value);
                        break;
                    case 'W':
                        days = Math.addExact(days, Math.multiplyExact(sign * value, 7L));
                        break;
                    case 'D':
                        days = Math.addExact(days, sign * value);
                        break;
                    default:
                        throw in.fail();
                }
            } else {
                switch (unit) {
                    case 'H':
                        micros = Math.addExact(micros, Math.multiplyExact(sign * value, MICROS_PER_HOUR));
                        break;
                    case 'M':
                        micros = Math.addExact(micros, Math.multiplyExact(sign * value, MICROS_PER_MINUTE));
                        break;
                    case 'S':
                        micros = Math.addExact(micros, sign * Math.addExact(Math.multiplyExact(value, MICROS_PER_SECOND), fraction));
                        break;
                    default:
                        throw in.fail();
                }
            }
        }
        if (!any) {
            throw in.fail();
        }
        return Interval.of(Math.toIntExact(months), Math.toIntExact(days), micros);
    }

    private static int sign(TextCursor in) {
        if (in.accept('-')) {
            return -1;
        }
        in.accept('+');
        return 1;
    }

    private static CodecException unsupportedStyle(TextCursor in) {
        CodecException invalid = in.fail();
        return new CodecException(invalid.getMessage() + " (only IntervalStyle postgres and iso_8601 are read)");
    }

    /** The postgres IntervalStyle rendering (EncodeInterval, INTSTYLE_POSTGRES, in datetime.c). */
    static String format(Interval interval) {
        StringBuilder out = new StringBuilder(32);
        boolean before = false;
        boolean zero = true;
        int[] values = {interval.months() / 12, interval.months() % 12, interval.days()};
        String[] units = {"year", "mon", "day"};
        for (int i = 0; i < 3; i++) {
            int value = values[i];
            if (value == 0) {
                continue;
            }
            if (!zero) {
                out.append(' ');
            }
            if (before && value > 0) {
                out.append('+');
            }
            out.append(value).append(' ').append(units[i]);
            if (value != 1) {
                out.append('s');
            }
            before = value < 0;
            zero = false;
        }
        long micros = interval.micros();
        if (zero || micros != 0) {
            if (!zero) {
                out.append(' ');
            }
            if (micros < 0) {
                out.append('-');
            } else if (before) {
                out.append('+');
            }
            long abs = Math.abs(micros);
            long hours = abs / MICROS_PER_HOUR;
            if (hours < 10) {
                out.append('0');
            }
            out.append(hours).append(':');
            long minutes = abs / MICROS_PER_MINUTE % 60;
            if (minutes < 10) {
                out.append('0');
            }
            out.append(minutes).append(':');
            long seconds = abs / MICROS_PER_SECOND % 60;
            if (seconds < 10) {
                out.append('0');
            }
            out.append(seconds);
            long fraction = abs % MICROS_PER_SECOND;
            if (fraction != 0) {
                String digits = Long.toString(fraction + MICROS_PER_SECOND).substring(1);
                int end = digits.length();
                while (digits.charAt(end - 1) == '0') {
                    end--;
                }
                out.append('.').append(digits, 0, end);
            }
        }
        return out.toString();
    }
}
