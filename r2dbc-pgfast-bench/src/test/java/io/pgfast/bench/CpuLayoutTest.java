package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuLayoutTest {

    @Test
    void readsTheKernelsCpuLists() {
        assertThat(CpuLayout.parseList("0-1")).containsExactly(0, 1);
        assertThat(CpuLayout.parseList("0,2-4,7")).containsExactly(0, 2, 3, 4, 7);
        assertThat(CpuLayout.parseList("3")).containsExactly(3);
        assertThatThrownBy(() -> CpuLayout.parseList("a-b")).isInstanceOf(NumberFormatException.class);
    }

    @Test
    void pinsNothingWhenAskedNotToOrWhenTheServerIsNotTheBenchs() {
        assertThat(CpuLayout.choose(false, true).pinned()).isFalse();
        assertThat(CpuLayout.choose(true, false).pinned()).isFalse();
        assertThat(CpuLayout.choose(true, false).workerPrefix()).isEmpty();
        assertThat(CpuLayout.choose(true, false).workerJvmArgs()).isEmpty();
    }

    @Test
    void putsTheServerOnTheLastAllowedCpuAndTheWorkersOnTheOthers() {
        List<Integer> allowed = CpuLayout.allowedCpus();
        CpuLayout layout = CpuLayout.choose(true, true);
        if (allowed.size() < 2) {
            assertThat(layout.pinned()).isFalse();
            return;
        }
        if (!layout.pinned()) {
            assertThat(layout.reason()).contains("taskset");
            return;
        }
        assertThat(layout.serverCpus()).isEqualTo(Integer.toString(allowed.get(allowed.size() - 1)));
        assertThat(CpuLayout.parseList(layout.workerCpus())).containsExactlyElementsOf(allowed.subList(0, allowed.size() - 1));
        assertThat(layout.workerPrefix()).containsExactly("taskset", "-c", layout.workerCpus());
        assertThat(layout.workerJvmArgs()).containsExactly("-XX:ActiveProcessorCount=" + allowed.size());
    }
}
