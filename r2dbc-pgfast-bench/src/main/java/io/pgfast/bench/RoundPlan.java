package io.pgfast.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which a round runs its processes. The base order is pgfast, each peer, then the second process
 * of each (A, B1…Bk, A', B1'…Bk'), n processes. Rounds 2k and 2k+1 rotate it by k steps spread over the n
 * places, and the odd round runs the rotation backwards: every process takes early and late places, no pair
 * keeps its relative order, and no two rounds share an order while there are at most 2n rounds.
 */
public final class RoundPlan {

    private RoundPlan() {
    }

    /**
     * @param drivers pgfast first, then the peers; each gets two processes per round
     * @throws IllegalArgumentException if fewer than two drivers or rounds below 1
     */
    public static List<Slot> order(List<Peer> drivers, int round, int rounds) {
        if (drivers.size() < 2) {
            throw new IllegalArgumentException("a comparison needs pgfast and at least one peer");
        }
        if (rounds < 1 || round < 0 || round >= rounds) {
            throw new IllegalArgumentException("round " + round + " of " + rounds);
        }
        List<Slot> base = new ArrayList<>();
        for (int copy = 1; copy <= 2; copy++) {
            for (Peer p : drivers) {
                base.add(new Slot(p, copy));
            }
        }
        return rotate(base, round, rounds);
    }

    /**
     * Round {@code round}'s order of {@code base} (any list of processes): rounds 2k and 2k+1 rotate it by k steps
     * spread over its places, the odd one backwards.
     *
     * @throws IllegalArgumentException if rounds below 1 or round out of range
     */
    public static <T> List<T> rotate(List<T> base, int round, int rounds) {
        if (rounds < 1 || round < 0 || round >= rounds) {
            throw new IllegalArgumentException("round " + round + " of " + rounds);
        }
        int n = base.size();
        int pairs = (rounds + 1) / 2;
        int step = Math.max(1, n / pairs);
        int shift = (round / 2) * step;
        List<T> order = new ArrayList<>(base);
        Collections.rotate(order, -(shift % n));
        if (round % 2 == 1) {
            Collections.reverse(order);
        }
        return order;
    }
}
