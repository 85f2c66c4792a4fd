package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RoundPlanTest {
    private static final List<Peer> ALL = List.of(Peer.PGFAST, Peer.R2DBC_POSTGRESQL, Peer.VERTX, Peer.PGJDBC, Peer.FLOOR);
    private static final List<Peer> PAIR = List.of(Peer.PGFAST, Peer.PGJDBC);

    @Test
    void theFirstRoundIsEveryDriverThenTheSecondProcessOfEach() {
        assertThat(RoundPlan.order(PAIR, 0, 4)).containsExactly(
                new Slot(Peer.PGFAST, 1), new Slot(Peer.PGJDBC, 1), new Slot(Peer.PGFAST, 2), new Slot(Peer.PGJDBC, 2));
    }

    @Test
    void everyRoundRunsEveryProcessExactlyOnce() {
        for (int rounds : new int[]{4, 5, 6, 12}) {
            for (int r = 0; r < rounds; r++) {
                List<Slot> order = RoundPlan.order(ALL, r, rounds);
                assertThat(order).hasSize(10).doesNotHaveDuplicates();
                assertThat(new HashSet<>(order)).isEqualTo(new HashSet<>(RoundPlan.order(ALL, 0, rounds)));
            }
        }
    }

    @Test
    void noTwoRoundsShareAnOrderUpToTwiceTheNumberOfProcesses() {
        for (List<Peer> drivers : List.of(PAIR, ALL)) {
            for (int rounds : new int[]{4, 5, 6, 8}) {
                Set<List<Slot>> seen = new HashSet<>();
                for (int r = 0; r < rounds; r++) {
                    assertThat(seen.add(RoundPlan.order(drivers, r, rounds)))
                            .as("round %d of %d for %s repeats an earlier order", r, rounds, drivers).isTrue();
                }
            }
        }
    }

    @Test
    void pgfastAndAPeerDoNotKeepTheirRelativeOrder() {
        List<Boolean> pgfastFirst = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            List<Slot> order = RoundPlan.order(ALL, r, 4);
            pgfastFirst.add(order.indexOf(new Slot(Peer.PGFAST, 1)) < order.indexOf(new Slot(Peer.VERTX, 1)));
        }
        assertThat(pgfastFirst).contains(true, false);
    }

    @Test
    void pgfastTakesAnEarlyAndALatePlace() {
        List<Integer> places = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            places.add(RoundPlan.order(ALL, r, 4).indexOf(new Slot(Peer.PGFAST, 1)));
        }
        assertThat(places).anyMatch(p -> p < 3).anyMatch(p -> p >= 7);
    }

    @Test
    void refusesAPlanWithoutAPeerOrWithABadRound() {
        assertThatThrownBy(() -> RoundPlan.order(List.of(Peer.PGFAST), 0, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.order(PAIR, 4, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RoundPlan.order(PAIR, -1, 4)).isInstanceOf(IllegalArgumentException.class);
    }
}
