package io.pgfast.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order of the windows of a round. A round of one scenario and loop shape measures every process once: pgfast's
 * two windows open and close it, the peers' windows sit between them in the order of the round ({@link #rotate}),
 * mirrored, A B C D D' C' B' A' ({@link #windows}), so that a drift of the host over the round weighs the same on
 * every driver. Every peer's ratio of the round uses the same two pgfast windows: a round costs two windows per peer
 * and two for pgfast, where a block of four windows per peer cost four per peer.
 */
public final class RoundPlan {

    private RoundPlan() {
    }

    /**
     * The windows of round {@code round} of one scenario and shape, {@code peers} in the order given (from
     * {@link #rotate}): pgfast, each peer, each peer again in the reverse order, pgfast again. Each driver's two
     * windows sit at the same mean place. Which process of pgfast opens changes every round, which process of the
     * peers opens every second round, so that four rounds in a row open with every pair of first processes once.
     *
     * @throws IllegalArgumentException if {@code peers} is empty or holds pgfast, or {@code round} is negative
     */
    public static List<Slot> windows(List<Peer> peers, int round) {
        if (peers.isEmpty() || peers.contains(Peer.PGFAST) || round < 0) {
            throw new IllegalArgumentException("a round of pgfast and its peers, number 0 or more: " + peers + ", "
                    + round);
        }
        int pgfastFirst = 1 + round % 2;
        int peersFirst = 1 + (round / 2) % 2;
        List<Slot> out = new ArrayList<>(2 + 2 * peers.size());
        out.add(new Slot(Peer.PGFAST, pgfastFirst));
        for (Peer p : peers) {
            out.add(new Slot(p, peersFirst));
        }
        for (int i = peers.size() - 1; i >= 0; i--) {
            out.add(new Slot(peers.get(i), 3 - peersFirst));
        }
        out.add(new Slot(Peer.PGFAST, 3 - pgfastFirst));
        return out;
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
