package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoundPlanTest {
    private static final Slot A1 = new Slot(Peer.PGFAST, 1);
    private static final Slot A2 = new Slot(Peer.PGFAST, 2);
    private static final Slot B1 = new Slot(Peer.VERTX, 1);
    private static final Slot B2 = new Slot(Peer.VERTX, 2);

    private static final Slot C1 = new Slot(Peer.PGJDBC, 1);
    private static final Slot C2 = new Slot(Peer.PGJDBC, 2);

    @Test
    void aRoundIsMirroredSoThatEveryDriverSitsAtTheSameMeanPlace() {
        List<Peer> peers = List.of(Peer.VERTX, Peer.PGJDBC);
        for (int r = 0; r < 8; r++) {
            List<Slot> round = RoundPlan.windows(peers, r);
            assertThat(round).containsExactlyInAnyOrder(A1, A2, B1, B2, C1, C2);
            for (int i = 0; i < round.size(); i++) {
                assertThat(round.get(i).peer()).isEqualTo(round.get(round.size() - 1 - i).peer());
            }
        }
        assertThat(RoundPlan.windows(peers, 0)).containsExactly(A1, B1, C1, C2, B2, A2);
        assertThat(RoundPlan.windows(List.of(Peer.VERTX), 0)).containsExactly(A1, B1, B2, A2);
    }

    @Test
    void fourRoundsInARowOpenWithEachPairOfFirstProcessesOnce() {
        Set<List<Slot>> first = new HashSet<>();
        for (int r = 0; r < 4; r++) {
            List<Slot> round = RoundPlan.windows(List.of(Peer.VERTX), r);
            first.add(List.of(round.get(0), round.get(1)));
        }
        assertThat(first).containsExactlyInAnyOrder(List.of(A1, B1), List.of(A2, B1), List.of(A1, B2),
                List.of(A2, B2));
        assertThat(RoundPlan.windows(List.of(Peer.VERTX), 4)).isEqualTo(RoundPlan.windows(List.of(Peer.VERTX), 0));
    }

    @Test
    void theOrderOfThePeersRotatesAndReversesFromRoundToRound() {
        List<Peer> peers = List.of(Peer.R2DBC_POSTGRESQL, Peer.VERTX, Peer.PGJDBC, Peer.FLOOR);
        Set<Peer> opening = new HashSet<>();
        for (int r = 0; r < 12; r++) {
            List<Peer> order = RoundPlan.rotate(peers, r, 12);
            assertThat(order).containsExactlyInAnyOrderElementsOf(peers);
            opening.add(order.get(0));
        }
        assertThat(opening).containsExactlyInAnyOrderElementsOf(peers);
        assertThat(RoundPlan.rotate(peers, 1, 12)).containsExactly(Peer.FLOOR, Peer.PGJDBC, Peer.VERTX,
                Peer.R2DBC_POSTGRESQL);
    }

    @Test
    void scenariosThatDifferOnlyInPgfastsPoolShareTheirRoundsWithThePeers() {
        List<Peer> peers = List.of(Peer.R2DBC_POSTGRESQL, Peer.VERTX, Peer.PGJDBC, Peer.FLOOR);
        assertThat(RoundPlan.sharedRounds(BenchOptions.DEFAULT_SCENARIOS, peers)).containsExactly(
                List.of(Scenario.SELECT_BY_ID), List.of(Scenario.SELECT_BY_ID_FIRST), List.of(Scenario.ROWS_100_ALL_TYPES),
                List.of(Scenario.ROWS_5000_SHORT), List.of(Scenario.PIPELINED),
                List.of(Scenario.POOL_QUERY, Scenario.POOL_QUERY_OWN_POOL),
                List.of(Scenario.POOL_QUERY_FIRST, Scenario.POOL_QUERY_OWN_POOL_FIRST),
                List.of(Scenario.CONCURRENT_64, Scenario.CONCURRENT_64_OWN_POOL));
        assertThat(RoundPlan.sharedRounds(List.of(Scenario.CONCURRENT_64_SHARED_LEASES, Scenario.UPDATE,
                Scenario.CONCURRENT_64), List.of(Peer.PGJDBC))).containsExactly(
                List.of(Scenario.CONCURRENT_64_SHARED_LEASES, Scenario.CONCURRENT_64), List.of(Scenario.UPDATE));
        // pgfast as its own peer runs the variants as they are: nothing to share
        assertThat(RoundPlan.sharedRounds(List.of(Scenario.POOL_QUERY, Scenario.POOL_QUERY_OWN_POOL),
                List.of(Peer.PGFAST_AGAIN))).containsExactly(List.of(Scenario.POOL_QUERY),
                List.of(Scenario.POOL_QUERY_OWN_POOL));
    }

    @Test
    void aSharedRoundTakesEachPeersWindowsOnceAndMirrorsPgfastsVariantsAroundThem() {
        List<Scenario> variants = List.of(Scenario.POOL_QUERY, Scenario.POOL_QUERY_OWN_POOL);
        List<Peer> peers = List.of(Peer.VERTX, Peer.PGJDBC);
        assertThat(RoundPlan.windows(peers, 0, variants)).containsExactly(
                new RoundPlan.Window(A1, Scenario.POOL_QUERY), new RoundPlan.Window(A1, Scenario.POOL_QUERY_OWN_POOL),
                new RoundPlan.Window(B1, Scenario.POOL_QUERY), new RoundPlan.Window(C1, Scenario.POOL_QUERY),
                new RoundPlan.Window(C2, Scenario.POOL_QUERY), new RoundPlan.Window(B2, Scenario.POOL_QUERY),
                new RoundPlan.Window(A2, Scenario.POOL_QUERY_OWN_POOL), new RoundPlan.Window(A2, Scenario.POOL_QUERY));
        Set<Scenario> outermost = new HashSet<>();
        for (int r = 0; r < 8; r++) {
            List<RoundPlan.Window> round = RoundPlan.windows(peers, r, variants);
            assertThat(round).hasSize(8);
            for (int i = 0; i < round.size(); i++) {
                // the same process of pgfast or the same peer at mirrored places: every row's mean place is the middle
                RoundPlan.Window mirror = round.get(round.size() - 1 - i);
                assertThat(round.get(i).scenario()).isEqualTo(mirror.scenario());
                assertThat(round.get(i).slot().peer()).isEqualTo(mirror.slot().peer());
            }
            outermost.add(round.get(0).scenario());
            assertThat(round.stream().map(w -> w.slot()).distinct()).containsExactlyInAnyOrderElementsOf(
                    RoundPlan.windows(peers, r));
        }
        assertThat(outermost).containsExactlyInAnyOrderElementsOf(variants);
        // one variant: exactly the plain round
        assertThat(RoundPlan.windows(peers, 3, List.of(Scenario.SELECT_BY_ID)).stream().map(w -> w.slot()))
                .containsExactlyElementsOf(RoundPlan.windows(peers, 3));
        assertThatThrownBy(() -> RoundPlan.windows(List.of(Peer.PGFAST_AGAIN), 0, variants))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.windows(peers, 0, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPeerWarmsUpAndRunsTheBaseScenarioOfPgfastsPoolVariantsOnce() {
        assertThat(WorkerLauncher.runnable(Peer.VERTX, BenchOptions.DEFAULT_SCENARIOS)).containsExactly(
                Scenario.SELECT_BY_ID, Scenario.SELECT_BY_ID_FIRST, Scenario.ROWS_100_ALL_TYPES, Scenario.ROWS_5000_SHORT,
                Scenario.PIPELINED, Scenario.POOL_QUERY, Scenario.POOL_QUERY_FIRST, Scenario.CONCURRENT_64);
        assertThat(WorkerLauncher.runnable(Peer.PGFAST, BenchOptions.DEFAULT_SCENARIOS))
                .containsExactlyElementsOf(BenchOptions.DEFAULT_SCENARIOS);
        assertThat(WorkerLauncher.runnable(Peer.PGFAST_AGAIN, List.of(Scenario.CONCURRENT_64_SHARED_LEASES)))
                .containsExactly(Scenario.CONCURRENT_64_SHARED_LEASES);
        assertThat(WorkerLauncher.runnable(Peer.PGJDBC, List.of(Scenario.CONCURRENT_64_SHARED_LEASES)))
                .containsExactly(Scenario.CONCURRENT_64);
    }

    @Test
    void refusesARoundWithoutAPeerAndRoundsOutOfRange() {
        assertThatThrownBy(() -> RoundPlan.windows(List.of(Peer.PGFAST), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.windows(List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.windows(List.of(Peer.VERTX), -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.rotate(List.of(1, 2), 4, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.rotate(List.of(1, 2), -1, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
