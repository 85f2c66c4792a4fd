package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The positions the application acknowledged on a stream: written, flushed, applied, each only moving
 * forward (unsigned order). What every standby status update reports, and nothing beyond it. Thread-safe.
 */
final class Acknowledgements {

    private final AtomicLong written = new AtomicLong();
    private final AtomicLong flushed = new AtomicLong();
    private final AtomicLong applied = new AtomicLong();

    void acknowledge(Lsn written, Lsn flushed, Lsn applied) {
        advance(this.written, written);
        advance(this.flushed, flushed);
        advance(this.applied, applied);
    }

    private static void advance(AtomicLong position, Lsn lsn) {
        if (lsn == null) {
            throw new IllegalArgumentException("an acknowledged LSN must not be null");
        }
        position.accumulateAndGet(lsn.value(), (current, next) -> Long.compareUnsigned(current, next) >= 0 ? current : next);
    }

    long written() {
        return written.get();
    }

    long flushed() {
        return flushed.get();
    }

    long applied() {
        return applied.get();
    }
}
