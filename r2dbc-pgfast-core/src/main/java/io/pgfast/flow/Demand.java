package io.pgfast.flow;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/** Reactive Streams demand arithmetic: additions cap at Long.MAX_VALUE, which means unbounded (3.17). */
public final class Demand {

    private Demand() {
    }

    /** {@link #add(AtomicLong, long)} for a {@code volatile long} field, which costs no object per subscription. */
    public static <T> void add(AtomicLongFieldUpdater<T> requested, T owner, long n) {
        for (;;) {
            long r = requested.get(owner);
            long next = r + n < 0 ? Long.MAX_VALUE : r + n;
            if (r == Long.MAX_VALUE || requested.compareAndSet(owner, r, next)) {
                return;
            }
        }
    }

    public static void add(AtomicLong requested, long n) {
        for (;;) {
            long r = requested.get();
            long next = r + n < 0 ? Long.MAX_VALUE : r + n;
            if (r == Long.MAX_VALUE || requested.compareAndSet(r, next)) {
                return;
            }
        }
    }
}
