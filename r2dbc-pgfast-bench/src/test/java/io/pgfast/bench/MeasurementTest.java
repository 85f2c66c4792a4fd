package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MeasurementTest {

    @Test
    void aRateCountsEveryStatementOfAnOperation() {
        Measurement m = Measurement.ok(Scenario.PIPELINED, 50, 500_000_000L);
        assertThat(m.queriesPerSecond()).isCloseTo(1000, within(1e-9));
        assertThat(m.millisPerOperation()).isCloseTo(10, within(1e-9));
    }

    @Test
    void survivesTheTripThroughAResultLine() {
        for (Measurement m : new Measurement[]{
                Measurement.ok(Scenario.SELECT_BY_ID, 1234, 300_000_123L),
                Measurement.error(Scenario.UPDATE, "bad\tthing\nhappened"),
                Measurement.timeout(Scenario.TAKE_10_OF_30M, 2000),
                Measurement.notApplicable(Scenario.CURSOR, "no portals")}) {
            Measurement back = Measurement.parseLine(m.toLine());
            assertThat(back.scenario()).isEqualTo(m.scenario());
            assertThat(back.status()).isEqualTo(m.status());
            assertThat(back.operations()).isEqualTo(m.operations());
            assertThat(back.elapsedNanos()).isEqualTo(m.elapsedNanos());
            assertThat(back.message()).doesNotContain("\t", "\n");
        }
        assertThat(Measurement.parseLine(Measurement.error(Scenario.UPDATE, "bad\tthing").toLine()).message())
                .isEqualTo("bad thing");
    }

    @Test
    void aTimeoutKnowsItsLimit() {
        assertThat(Measurement.timeout(Scenario.TAKE_10_OF_30M, 2000).timeoutMillis()).isEqualTo(2000);
        assertThatThrownBy(() -> Measurement.error(Scenario.UPDATE, "x").timeoutMillis())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void onlyAnOkMeasurementHasARate() {
        assertThatThrownBy(() -> Measurement.error(Scenario.UPDATE, "x").queriesPerSecond())
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Measurement.ok(Scenario.UPDATE, 0, 10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void otherLinesAreNotResults() {
        assertThat(Measurement.isResultLine("[main] INFO something")).isFalse();
        assertThatThrownBy(() -> Measurement.parseLine("[main] INFO")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.parseLine("@@result\tnope\tOK\t1\t1\t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
        assertThatThrownBy(() -> Measurement.parseLine("@@result\tupdate\tOK"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
