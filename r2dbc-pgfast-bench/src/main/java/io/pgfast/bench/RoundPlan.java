package io.pgfast.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order of the windows of a round. A round of one scenario and loop shape is one block per peer, the peers in
 * an order that rotates from round to round ({@link #rotate}); a block is four windows of pgfast and the peer, in
 * the mirrored order A B B' A' ({@link #block}), so that a drift of the host over the block weighs the same on both
 * sides. Which process comes first and which driver opens the block change from block to block.
 */
public final class RoundPlan {

    private RoundPlan() {
    }

    /**
     * The four windows of {@code peer}'s block number {@code k} (from 0): A1 B1 B2 A2, B2 A2 A1 B1, A2 B2 B1 A1,
     * B1 A1 A2 B2, then again; A is pgfast. Each driver's two windows sit at the same mean place.
     *
     * @throws IllegalArgumentException if {@code peer} is pgfast or {@code k} is negative
     */
    public static List<Slot> block(Peer peer, int k) {
        if (peer == Peer.PGFAST || k < 0) {
            throw new IllegalArgumentException("a block of pgfast and a peer, number 0 or more: " + peer + ", " + k);
        }
        Slot a1 = new Slot(Peer.PGFAST, 1);
        Slot a2 = new Slot(Peer.PGFAST, 2);
        Slot b1 = new Slot(peer, 1);
        Slot b2 = new Slot(peer, 2);
        switch (k % 4) {
            case 0:
                return List.of(a1, b1, b2, a2);
            case 1:
                return List.of(b2, a2, a1, b1);
            case 2:
                return List.of(a2, b2, b1, a1);
            default:
                return List.of(b1, a1, a2, b2);
        }
    }

    /**
     * Round {@code round}'s order of {@code base} (any list: the peers of a round, the forks of the parser
     * benchmark): rounds 2k and 2k+1 rotate it by k steps spread over its places, the odd one backwards, so that
     * every element takes early and late places.
     *
     * @throws IllegalArgumentException if rounds below 1 or round out of range
     */
    public static <T> List<T> rotate(List<T> base, int round, int rounds) {
        if (rounds < 1 || round < 0 || round >= rounds) {
            throw new IllegalArgumentException("round " + round + " of " + rounds);
        }
        int n = base.size();
        if (n == 0) {
            return List.of();
        }
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
