package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessCpuClockTest {

    @Test
    void readsTheFirstFieldOfASchedstatLine() {
        assertThat(ProcessCpuClock.parseSchedstat("5247791 36313615 3\n")).isEqualTo(5_247_791L);
    }

    @Test
    void sumsEveryTasksDifferenceAndAllOfANewTasksTime() {
        long cpu = ProcessCpuClock.between(Map.of(1L, 1000L, 2L, 500L), Map.of(1L, 4000L, 2L, 500L, 3L, 250L), -1);
        assertThat(cpu).isEqualTo(3000 + 250);
    }

    @Test
    void aTaskThatEndedInsideTheWindowFallsBackToTheTickFigure() {
        assertThat(ProcessCpuClock.between(Map.of(1L, 1000L, 2L, 500L), Map.of(1L, 4000L), 10_000_000L))
                .isEqualTo(10_000_000L);
        assertThat(ProcessCpuClock.between(null, Map.of(1L, 4000L), 20_000_000L)).isEqualTo(20_000_000L);
    }

    @Test
    void onLinuxEveryThreadOfThisJvmHasAClock() {
        Map<Long, Long> tasks = ProcessCpuClock.tasks();
        if (System.getProperty("os.name").startsWith("Linux")) {
            assertThat(tasks).isNotNull();
            assertThat(tasks.size()).isGreaterThanOrEqualTo(Thread.activeCount());
            assertThat(tasks.values()).allMatch(v -> v >= 0);
        }
    }

    @Test
    void theReadingTaskIsLeftOut() throws Exception {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return;
        }
        long self = Long.parseLong(java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/thread-self"))
                .getFileName().toString());
        java.util.concurrent.atomic.AtomicReference<Map<Long, Long>> seenElsewhere =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread other = new Thread(() -> seenElsewhere.set(ProcessCpuClock.tasks()));
        other.start();
        other.join();
        assertThat(ProcessCpuClock.tasks()).doesNotContainKey(self);
        assertThat(seenElsewhere.get()).containsKey(self);
    }
}
