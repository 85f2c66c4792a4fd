package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Processes that take turns at the delete scenario each own a slice of bench_delete's ids. */
class ScenarioDataTest {

    @Test
    void aProcessDeletesAndRestoresOnlyItsOwnSlice() {
        ScenarioData third = new ScenarioData(100, 2);
        assertThat(third.resetStatements(Scenario.DELETE)).containsExactly(
                "DELETE FROM bench_delete WHERE id BETWEEN 201 AND 300",
                "INSERT INTO bench_delete (id, payload) SELECT g, 'row ' || g FROM generate_series(201, 300) g");
        assertThat(third.nextDeleteId()).isEqualTo(201);
        assertThat(third.nextDeleteId()).isEqualTo(202);
        assertThat(new ScenarioData(100).nextDeleteId()).isEqualTo(1);
    }

    @Test
    void aSliceRunsOutAfterItsRows() {
        ScenarioData data = new ScenarioData(2, 1);
        assertThat(data.nextDeleteId()).isEqualTo(3);
        assertThat(data.nextDeleteId()).isEqualTo(4);
        assertThatThrownBy(data::nextDeleteId).isInstanceOf(DataExhaustedException.class);
    }

    @Test
    void refusesASliceWhoseIdsDoNotFitAnInt4() {
        assertThatThrownBy(() -> new ScenarioData(100, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ScenarioData(1_000_000_000, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
