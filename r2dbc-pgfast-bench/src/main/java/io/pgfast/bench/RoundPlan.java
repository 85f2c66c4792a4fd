package io.pgfast.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The order of the windows of a round. A round of one scenario and loop shape measures every process once: pgfast's
 * two windows open and close it, the peers' windows sit between them in the order of the round ({@link #rotate}),
 * mirrored, A B C D D' C' B' A' ({@link #windows}), so that a drift of the host over the round weighs the same on
 * every driver. Every peer's ratio of the round uses the same two pgfast windows: a round costs two windows per peer
 * and two for pgfast, where a block of four windows per peer cost four per peer.
 * <p>
 * Scenarios that differ only in pgfast's pool share their rounds ({@link #sharedRounds}): the peers do the same
 * work for all of them ({@link Peer#runs}), so their windows are taken once and serve every variant's row, and
 * pgfast's windows of the variants sit around them, mirrored too ({@link #windows(List, int, List)}).
 */
public final class RoundPlan {

    /** One window of a round: which process, and what it runs. */
    public record Window(Slot slot, Scenario scenario) {
    }

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
     * The windows of round {@code round} of scenarios that share their rounds ({@link #sharedRounds}): as
     * {@link #windows(List, int)}, with each pgfast window taken once per variant, the variants in one order at
     * the opening and in the reverse order at the close, so that every variant's two windows sit at the same mean
     * place as every peer's. Which variant sits outermost changes every fourth round. A peer's window runs
     * {@link Peer#runs} of the variants, the same for all of them.
     *
     * @throws IllegalArgumentException as {@link #windows(List, int)}, or if {@code variants} is empty or the
     *                                  peers do not run the same scenario for all of them
     */
    public static List<Window> windows(List<Peer> peers, int round, List<Scenario> variants) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("a round measures at least one scenario");
        }
        for (Peer p : peers) {
            for (Scenario v : variants) {
                if (p.runs(v) != p.runs(variants.get(0))) {
                    throw new IllegalArgumentException(p + " runs " + variants + " as different scenarios");
                }
            }
        }
        List<Slot> slots = windows(peers, round);
        List<Scenario> opening = new ArrayList<>(variants);
        if ((round / 4) % 2 == 1) {
            Collections.reverse(opening);
        }
        List<Scenario> closing = new ArrayList<>(opening);
        Collections.reverse(closing);
        List<Window> out = new ArrayList<>(slots.size() + 2 * (variants.size() - 1));
        for (Scenario v : opening) {
            out.add(new Window(slots.get(0), v));
        }
        for (Slot peer : slots.subList(1, slots.size() - 1)) {
            out.add(new Window(peer, peer.peer().runs(variants.get(0))));
        }
        for (Scenario v : closing) {
            out.add(new Window(slots.get(slots.size() - 1), v));
        }
        return out;
    }

    /**
     * {@code scenarios} (of one set, in order) grouped by the rounds they share: the scenarios with one
     * {@link Scenario#base()} share theirs when every one of {@code peers} runs them all as that base
     * ({@link Peer#runs}); with pgfast as its own peer (the A/A check) none do. A group sits where its first
     * scenario sits.
     */
    public static List<List<Scenario>> sharedRounds(List<Scenario> scenarios, List<Peer> peers) {
        boolean share = !peers.isEmpty();
        for (Peer p : peers) {
            for (Scenario s : scenarios) {
                share &= p != Peer.PGFAST && p.runs(s) == s.base();
            }
        }
        Map<Scenario, List<Scenario>> groups = new LinkedHashMap<>();
        for (Scenario s : scenarios) {
            groups.computeIfAbsent(share ? s.base() : s, k -> new ArrayList<>()).add(s);
        }
        return List.copyOf(groups.values());
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
