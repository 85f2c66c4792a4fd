package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class AllocationAccountTest {

    @Test
    void aThreadAliveAtBothReadingsCountsItsDifference() {
        AllocationAccount a = AllocationAccount.between(Map.of(1L, 1000L, 2L, 50L), 10, Map.of(1L, 1600L, 2L, 50L), 10);
        assertThat(a.bytes()).isEqualTo(600);
        assertThat(a.threadsEnded()).isZero();
    }

    @Test
    void aThreadBornInsideTheWindowCountsEverything() {
        AllocationAccount a = AllocationAccount.between(Map.of(1L, 1000L), 10, Map.of(1L, 1100L, 7L, 400L), 11);
        assertThat(a.bytes()).isEqualTo(500);
        assertThat(a.threadsEnded()).isZero();
    }

    @Test
    void aThreadThatEndedInsideTheWindowIsCountedAsMissing() {
        // thread 2 was there at the start and is gone; its bytes since the start cannot be read
        AllocationAccount a = AllocationAccount.between(Map.of(1L, 1000L, 2L, 5L), 10, Map.of(1L, 1100L), 10);
        assertThat(a.bytes()).isEqualTo(100);
        assertThat(a.threadsEnded()).isEqualTo(1);
    }

    @Test
    void aThreadBornAndEndedInsideTheWindowIsFoundByTheStartedCount() {
        // three threads started in the window, one is alive at its end: two ended unseen
        AllocationAccount a = AllocationAccount.between(Map.of(1L, 0L), 10, Map.of(1L, 10L, 9L, 20L), 13);
        assertThat(a.bytes()).isEqualTo(30);
        assertThat(a.threadsEnded()).isEqualTo(2);
    }

    @Test
    void aCounterThatWentBackwardsCountsNothing() {
        assertThat(AllocationAccount.between(Map.of(1L, 1000L), 1, Map.of(1L, 900L), 1).bytes()).isZero();
    }
}
