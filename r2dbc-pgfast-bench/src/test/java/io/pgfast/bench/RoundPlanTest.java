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
    void refusesARoundWithoutAPeerAndRoundsOutOfRange() {
        assertThatThrownBy(() -> RoundPlan.windows(List.of(Peer.PGFAST), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.windows(List.of(), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.windows(List.of(Peer.VERTX), -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.rotate(List.of(1, 2), 4, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.rotate(List.of(1, 2), -1, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
