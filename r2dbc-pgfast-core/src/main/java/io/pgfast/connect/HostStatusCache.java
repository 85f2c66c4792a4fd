package io.pgfast.connect;

import io.pgfast.config.HostSpec;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

/**
 * What each host of one connection factory was found to be, and when (pgjdbc keeps the same per
 * JVM; here it is per factory, so two factories never see each other's view). An entry older than
 * {@code hostRecheckSeconds} is forgotten: the host's status is unknown again. Thread-safe.
 */
final class HostStatusCache {

    private record Entry(HostStatus status, long atNanos) {
    }

    private final ConcurrentMap<HostSpec, Entry> entries = new ConcurrentHashMap<>();
    private final long recheckNanos;
    private final LongSupplier nanoClock;

    /** @param nanoClock a monotonic clock in nanoseconds, such as {@link System#nanoTime()} */
    HostStatusCache(Duration recheck, LongSupplier nanoClock) {
        this.recheckNanos = recheck.toNanos();
        this.nanoClock = nanoClock;
    }

    void record(HostSpec host, HostStatus status) {
        if (recheckNanos > 0) {
            entries.put(host, new Entry(status, nanoClock.getAsLong()));
        }
    }

    /** The status recorded less than the recheck interval ago, or null. */
    HostStatus fresh(HostSpec host) {
        Entry e = entries.get(host);
        if (e == null) {
            return null;
        }
        if (nanoClock.getAsLong() - e.atNanos() >= recheckNanos) {
            entries.remove(host, e);
            return null;
        }
        return e.status();
    }
}
