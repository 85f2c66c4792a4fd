package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WorkerPlanTest {

    @Test
    void survivesTheTripThroughTheWorkersCommandLine() {
        WorkerPlan plan = new WorkerPlan(Peer.VERTX, List.of(Scenario.UPDATE, Scenario.PIPELINED),
                List.of(LoopShape.BLOCKING, LoopShape.CHAINED), 0.5, 1.5, 3, 6, 5, false);
        assertThat(WorkerPlan.parse(plan.toArguments().toArray(new String[0]))).isEqualTo(plan);
        WorkerPlan serving = new WorkerPlan(Peer.PGFAST, List.of(Scenario.SELECT_BY_ID), List.of(LoopShape.CHAINED),
                0.5, 2, 4, 12, 5, true);
        assertThat(serving.toArguments()).contains("--serve");
        assertThat(WorkerPlan.parse(serving.toArguments().toArray(new String[0]))).isEqualTo(serving);
        assertThat(plan.sliceSeconds()).isEqualTo(0.5);
    }

    @Test
    void aDriverWithoutAnEventLoopMeasuresTheBlockingShapeOnly() {
        WorkerPlan plan = new WorkerPlan(Peer.PGJDBC, List.of(Scenario.UPDATE), List.of(LoopShape.values()), 1, 1, 1, 1, 5, false);
        assertThat(plan.shapes()).containsExactly(LoopShape.BLOCKING);
        assertThat(new WorkerPlan(Peer.PGFAST, List.of(Scenario.UPDATE), List.of(LoopShape.BLOCKING, LoopShape.CHAINED),
                1, 1, 1, 1, 5, false).shapes()).containsExactly(LoopShape.BLOCKING, LoopShape.CHAINED);
    }

    @Test
    void refusesBadArguments() {
        assertThatThrownBy(() -> WorkerPlan.parse(new String[]{"--driver", "pgfast"})).hasMessageContaining("usage");
        assertThatThrownBy(() -> WorkerPlan.parse(new String[]{"--driver", "nope", "--scenarios", "all", "--seconds", "1"}))
                .hasMessageContaining("unknown driver");
        assertThatThrownBy(() -> WorkerPlan.parse(new String[]{"--driver", "pgfast", "--scenarios", "all", "--seconds",
                "1", "--passes", "0"})).hasMessageContaining("pass");
        assertThatThrownBy(() -> WorkerPlan.parse(new String[]{"--seconds"})).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> WorkerPlan.parse(new String[]{"--driver", "pgfast", "--scenarios", "all", "--seconds",
                "1", "--passes", "4", "--most-passes", "3"})).hasMessageContaining("4 of 3");
    }
}
