package io.pgfast.connect;

import io.pgfast.config.HostSpec;
import io.pgfast.connect.HostStatus;
import io.pgfast.connect.HostStatusCache;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class HostStatusCacheTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final HostSpec h1 = new HostSpec("h1", 5432);
    private final HostSpec h2 = new HostSpec("h2", 5432);

    @Test
    void entriesExpireAfterTheRecheckInterval() {
        HostStatusCache cache = new HostStatusCache(Duration.ofSeconds(10), now::get);
        assertThat(cache.fresh(h1)).isNull();
        cache.record(h1, HostStatus.UNREACHABLE);
        now.addAndGet(Duration.ofSeconds(10).toNanos() - 1);
        assertThat(cache.fresh(h1)).isEqualTo(HostStatus.UNREACHABLE);
        assertThat(cache.fresh(h2)).isNull();
        now.addAndGet(1);
        assertThat(cache.fresh(h1)).isNull();
    }

    @Test
    void aNewerRecordReplacesTheOlderOne() {
        HostStatusCache cache = new HostStatusCache(Duration.ofSeconds(10), now::get);
        cache.record(h1, HostStatus.PRIMARY);
        now.addAndGet(Duration.ofSeconds(9).toNanos());
        cache.record(h1, HostStatus.STANDBY);
        now.addAndGet(Duration.ofSeconds(9).toNanos());
        assertThat(cache.fresh(h1)).isEqualTo(HostStatus.STANDBY);
    }

    @Test
    void zeroRemembersNothing() {
        HostStatusCache cache = new HostStatusCache(Duration.ZERO, now::get);
        cache.record(h1, HostStatus.UNREACHABLE);
        assertThat(cache.fresh(h1)).isNull();
    }
}
