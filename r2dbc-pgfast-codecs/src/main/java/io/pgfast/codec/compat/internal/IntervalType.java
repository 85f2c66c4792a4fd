package io.pgfast.codec.compat.internal;

import io.pgfast.codec.type.Interval;

import java.lang.invoke.MethodHandle;

/**
 * {@code Interval}, converted to and from the driver's {@link Interval} (months, days, microseconds): years × 12
 * + months, days, and hours, minutes, seconds and microseconds summed to microseconds on the way out; on the
 * way in months split into years and months and microseconds into hours, minutes, seconds and microseconds,
 * each with the sign of the whole.
 */
final class IntervalType {

    private static final long MICROS_PER_SECOND = 1_000_000L;
    private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
    private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;

    private IntervalType() {
    }

    static CompatType of(Class<?> type) {
        MethodHandle years = Handles.getter(type, "getYears", int.class);
        MethodHandle months = Handles.getter(type, "getMonths", int.class);
        MethodHandle days = Handles.getter(type, "getDays", int.class);
        MethodHandle hours = Handles.getter(type, "getHours", int.class);
        MethodHandle minutes = Handles.getter(type, "getMinutes", int.class);
        MethodHandle seconds = Handles.getter(type, "getSecondsInMinute", int.class);
        MethodHandle micros = Handles.getter(type, "getMicrosecondsInSecond", int.class);
        MethodHandle of = Handles.factory(type, "of", int.class, int.class, int.class, int.class, int.class, int.class, int.class);
        return new CompatType.Converted(type, Interval.class,
                value -> {
                    long totalMonths = Math.addExact(Math.multiplyExact((long) (int) Handles.call(years, value), 12L),
                            (int) Handles.call(months, value));
                    long time = Math.addExact(Math.addExact(Math.addExact(
                            Math.multiplyExact((long) (int) Handles.call(hours, value), MICROS_PER_HOUR),
                            Math.multiplyExact((long) (int) Handles.call(minutes, value), MICROS_PER_MINUTE)),
                            Math.multiplyExact((long) (int) Handles.call(seconds, value), MICROS_PER_SECOND)),
                            (long) (int) Handles.call(micros, value));
                    return Interval.of(Math.toIntExact(totalMonths), (int) Handles.call(days, value), time);
                },
                value -> {
                    Interval i = (Interval) value;
                    long time = i.micros();
                    return Handles.call(of, i.months() / 12, i.months() % 12, i.days(), Math.toIntExact(time / MICROS_PER_HOUR),
                            (int) (time % MICROS_PER_HOUR / MICROS_PER_MINUTE), (int) (time % MICROS_PER_MINUTE / MICROS_PER_SECOND),
                            (int) (time % MICROS_PER_SECOND));
                },
                "interval");
    }
}
