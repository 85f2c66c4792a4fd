package io.pgfast.connect;

import io.pgfast.config.HostSpec;
import io.pgfast.config.TargetServerType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The order in which one connection attempt tries the hosts: the configured order (shuffled when
 * {@code loadBalanceHosts} is on), then, by what the {@link HostStatusCache} knows, hosts known to
 * fit first, unknown ones next (with load balancing the two are one group), hosts of the wrong role after
 * them and hosts known to be down last.
 * No host is left out: a cache entry may be stale in a way its age does not show (a failover), and
 * a list whose hosts are all down must still be retried.
 */
final class HostOrder {

    private HostOrder() {
    }

    /** @param random shuffles the hosts first; null keeps the configured order */
    static List<HostSpec> candidates(List<HostSpec> hosts, TargetServerType target, HostStatusCache cache, Random random) {
        List<HostSpec> order = new ArrayList<>(hosts);
        if (random != null) {
            Collections.shuffle(order, random);
        }
        int[] ranks = new int[order.size()];
        List<Integer> index = new ArrayList<>(order.size());
        for (int i = 0; i < order.size(); i++) {
            int rank = rank(cache.fresh(order.get(i)), target);
            // with load balancing, a known-fit host must not win over unknown ones: after the first connection
            // every attempt would go to it (as pgjdbc, both count as candidates, in shuffled order)
            ranks[i] = random != null && rank == 1 ? 0 : rank;
            index.add(i);
        }
        // a stable sort, so hosts of equal rank keep the (shuffled) configured order
        index.sort(Comparator.comparingInt(i -> ranks[i]));
        List<HostSpec> sorted = new ArrayList<>(order.size());
        for (int i : index) {
            sorted.add(order.get(i));
        }
        return sorted;
    }

    /** 0: known to fit; 1: unknown; 2: known to have the other role; 3: known to be down. */
    static int rank(HostStatus status, TargetServerType target) {
        if (status == null) {
            return 1;
        }
        if (status == HostStatus.UNREACHABLE) {
            return 3;
        }
        TargetServerType wanted = RoleMatch.preferred(target);
        if (wanted == TargetServerType.ANY) {
            return 0;
        }
        if (status == HostStatus.REACHABLE) {
            return 1;
        }
        return RoleMatch.accepts(wanted, status) ? 0 : 2;
    }
}
