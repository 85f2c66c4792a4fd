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

    @Test
    void aBlockIsMirroredSoThatBothDriversSitAtTheSameMeanPlace() {
        for (int k = 0; k < 8; k++) {
            List<Slot> block = RoundPlan.block(Peer.VERTX, k);
            assertThat(block).containsExactlyInAnyOrder(A1, A2, B1, B2);
            assertThat(block.get(0).peer()).isEqualTo(block.get(3).peer());
            assertThat(block.get(1).peer()).isEqualTo(block.get(2).peer());
        }
        assertThat(RoundPlan.block(Peer.VERTX, 0)).containsExactly(A1, B1, B2, A2);
    }

    @Test
    void fourBlocksInARowOpenWithEachProcessOnce() {
        Set<Slot> first = new HashSet<>();
        for (int k = 0; k < 4; k++) {
            first.add(RoundPlan.block(Peer.VERTX, k).get(0));
        }
        assertThat(first).containsExactlyInAnyOrder(A1, A2, B1, B2);
        assertThat(RoundPlan.block(Peer.VERTX, 4)).isEqualTo(RoundPlan.block(Peer.VERTX, 0));
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
    void refusesABlockWithoutAPeerAndRoundsOutOfRange() {
        assertThatThrownBy(() -> RoundPlan.block(Peer.PGFAST, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.block(Peer.VERTX, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.rotate(List.of(1, 2), 4, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.rotate(List.of(1, 2), -1, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
