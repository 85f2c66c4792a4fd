package io.pgfast.flow;

import java.util.concurrent.atomic.AtomicLong;

/** Reactive Streams demand arithmetic: additions cap at Long.MAX_VALUE, which means unbounded (3.17). */
public final class Demand {

    private Demand() {
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
