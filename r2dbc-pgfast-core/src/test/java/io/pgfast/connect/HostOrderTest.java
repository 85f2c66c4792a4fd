package io.pgfast.connect;

import io.pgfast.connect.HostOrder;
import io.pgfast.config.HostSpec;
import io.pgfast.connect.HostStatus;
import io.pgfast.connect.HostStatusCache;
import io.pgfast.config.TargetServerType;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class HostOrderTest {

    private final AtomicLong now = new AtomicLong();
    private final HostStatusCache cache = new HostStatusCache(Duration.ofSeconds(10), now::get);
    private final HostSpec a = new HostSpec("a", 1);
    private final HostSpec b = new HostSpec("b", 2);
    private final HostSpec c = new HostSpec("c", 3);
    private final HostSpec d = new HostSpec("d", 4);
    private final List<HostSpec> hosts = List.of(a, b, c, d);

    @Test
    void withoutKnowledgeTheConfiguredOrder() {
        for (TargetServerType t : TargetServerType.values()) {
            assertThat(HostOrder.candidates(hosts, t, cache, null)).containsExactly(a, b, c, d);
        }
    }

    @Test
    void downHostsGoLastUntilTheirEntryExpires() {
        cache.record(a, HostStatus.UNREACHABLE);
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        cache.record(c, HostStatus.UNREACHABLE);
        assertThat(HostOrder.candidates(hosts, TargetServerType.ANY, cache, null)).containsExactly(b, d, a, c);
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(HostOrder.candidates(hosts, TargetServerType.ANY, cache, null)).containsExactly(a, b, d, c);
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        assertThat(HostOrder.candidates(hosts, TargetServerType.ANY, cache, null)).containsExactly(a, b, c, d);
    }

    @Test
    void knownRolesSteerTheOrder() {
        cache.record(a, HostStatus.PRIMARY);
        cache.record(b, HostStatus.UNREACHABLE);
        cache.record(d, HostStatus.STANDBY);
        assertThat(HostOrder.candidates(hosts, TargetServerType.PRIMARY, cache, null)).containsExactly(a, c, d, b);
        assertThat(HostOrder.candidates(hosts, TargetServerType.STANDBY, cache, null)).containsExactly(d, c, a, b);
        assertThat(HostOrder.candidates(hosts, TargetServerType.PREFER_STANDBY, cache, null)).containsExactly(d, c, a, b);
        assertThat(HostOrder.candidates(hosts, TargetServerType.PREFER_PRIMARY, cache, null)).containsExactly(a, c, d, b);
        assertThat(HostOrder.candidates(hosts, TargetServerType.ANY, cache, null)).containsExactly(a, d, c, b);
    }

    @Test
    void reachableWithoutRoleCountsAsUnknownForARoleTarget() {
        cache.record(c, HostStatus.REACHABLE);
        cache.record(a, HostStatus.PRIMARY);
        assertThat(HostOrder.candidates(hosts, TargetServerType.STANDBY, cache, null)).containsExactly(b, c, d, a);
        assertThat(HostOrder.rank(HostStatus.REACHABLE, TargetServerType.ANY)).isZero();
    }

    @Test
    void loadBalancingShufflesEachAttemptReproduciblyWithASeed() {
        Random random = new Random(42);
        List<HostSpec> first = HostOrder.candidates(hosts, TargetServerType.ANY, cache, random);
        Random again = new Random(42);
        assertThat(HostOrder.candidates(hosts, TargetServerType.ANY, cache, again)).isEqualTo(first);
        Set<HostSpec> firstChoices = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            List<HostSpec> order = HostOrder.candidates(hosts, TargetServerType.ANY, cache, random);
            assertThat(order).containsExactlyInAnyOrderElementsOf(hosts);
            firstChoices.add(order.get(0));
        }
        assertThat(firstChoices).containsExactlyInAnyOrderElementsOf(hosts);
    }

    @Test
    void loadBalancingStillPutsDownHostsLast() {
        cache.record(b, HostStatus.UNREACHABLE);
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            List<HostSpec> order = HostOrder.candidates(hosts, TargetServerType.ANY, cache, random);
            assertThat(order.get(3)).isEqualTo(b);
        }
    }

    @Test
    void loadBalancingDoesNotPreferAHostJustBecauseItIsKnownToFit() {
        cache.record(c, HostStatus.PRIMARY);
        Set<HostSpec> firstChoices = new HashSet<>();
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            firstChoices.add(HostOrder.candidates(hosts, TargetServerType.ANY, cache, random).get(0));
        }
        assertThat(firstChoices).containsExactlyInAnyOrderElementsOf(hosts);
        // without load balancing the known host still comes first
        assertThat(HostOrder.candidates(hosts, TargetServerType.ANY, cache, null).get(0)).isEqualTo(c);
    }
}
