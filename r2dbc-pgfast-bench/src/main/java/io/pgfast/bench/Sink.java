package io.pgfast.bench;

/**
 * Keeps every value a scenario reads reachable, so that the JIT cannot drop the decoding of a value that is
 * never used. Writes are plain (not volatile) and racy on purpose: only their existence matters.
 */
public final class Sink {
    private static final int SLOTS = 64;
    private static final Object[] objects = new Object[SLOTS];
    private static int next;
    private static long sum;

    private Sink() {
    }

    public static void take(Object value) {
        objects[next++ & (SLOTS - 1)] = value;
    }

    public static void take(long value) {
        sum += value;
    }

    public static void take(double value) {
        sum += Double.doubleToRawLongBits(value);
    }

    public static void take(boolean value) {
        sum += value ? 1 : 0;
    }

    /** A digest of what was taken; printed by the worker so that the values are also observable. */
    public static long digest() {
        long d = sum;
        for (Object o : objects) {
            d = d * 31 + (o == null ? 0 : o.getClass().getName().hashCode());
        }
        return d;
    }
}
