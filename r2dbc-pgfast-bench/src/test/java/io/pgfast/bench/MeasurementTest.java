package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MeasurementTest {
    private static final WindowCost COST = new WindowCost(25_000_000L, 5_000_000L, 0, 3);

    @Test
    void aRateCountsEveryStatementOfAnOperation() {
        Measurement m = Measurement.ok(Scenario.PIPELINED, LoopShape.CHAINED, 50, 500_000_000L, COST);
        assertThat(m.queriesPerSecond()).isCloseTo(1000, within(1e-9));
        assertThat(m.millisPerOperation()).isCloseTo(10, within(1e-9));
    }

    @Test
    void theCostIsDividedByOperationsAndByRows() {
        Measurement m = Measurement.ok(Scenario.PIPELINED, LoopShape.CHAINED, 50, 500_000_000L, COST);
        assertThat(m.cpuMicrosPerOperation()).isCloseTo(500, within(1e-9));          // 25 ms / 50
        assertThat(m.bytesPerOperation()).isCloseTo(100_000, within(1e-9));         // 5 MB / 50
        assertThat(m.bytesPerRow()).isCloseTo(100, within(1e-9));                   // 10 x 100 rows per operation
        Measurement update = Measurement.ok(Scenario.UPDATE, LoopShape.BLOCKING, 50, 500_000_000L, COST);
        assertThat(update.bytesPerRow()).isNaN();
        Measurement unknown = Measurement.ok(Scenario.UPDATE, LoopShape.BLOCKING, 50, 1, WindowCost.NONE);
        assertThat(unknown.cpuMicrosPerOperation()).isNaN();
        assertThat(unknown.bytesPerOperation()).isNaN();
    }

    @Test
    void survivesTheTripThroughAResultLine() {
        for (Measurement m : new Measurement[]{
                Measurement.ok(Scenario.SELECT_BY_ID, LoopShape.BLOCKING, 1234, 300_000_123L, new WindowCost(7, 8, 2, 9)),
                Measurement.error(Scenario.UPDATE, LoopShape.CHAINED, "bad\tthing\nhappened"),
                Measurement.timeout(Scenario.TAKE_10_OF_30M, LoopShape.CHAINED, 2000),
                Measurement.notApplicable(Scenario.CURSOR, LoopShape.BLOCKING, "no portals")}) {
            Measurement back = Measurement.parseLine(m.toLine());
            assertThat(back.scenario()).isEqualTo(m.scenario());
            assertThat(back.shape()).isEqualTo(m.shape());
            assertThat(back.status()).isEqualTo(m.status());
            assertThat(back.operations()).isEqualTo(m.operations());
            assertThat(back.elapsedNanos()).isEqualTo(m.elapsedNanos());
            assertThat(back.cost()).isEqualTo(m.cost());
            assertThat(back.message()).doesNotContain("\t", "\n");
        }
        assertThat(Measurement.parseLine(Measurement.error(Scenario.UPDATE, LoopShape.CHAINED, "bad\tthing").toLine())
                .message()).isEqualTo("bad thing");
    }

    @Test
    void aWarmupSliceSurvivesItsLineAndIsNotAResult() {
        WarmupSlice w = new WarmupSlice(3, Measurement.ok(Scenario.UPDATE, LoopShape.CHAINED, 10, 100, COST));
        assertThat(Measurement.isResultLine(w.toLine())).isFalse();
        assertThat(WarmupSlice.parseLine(w.toLine())).isEqualTo(w);
        assertThatThrownBy(() -> WarmupSlice.parseLine("@@warmup\tx\t")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTimeoutKnowsItsLimit() {
        assertThat(Measurement.timeout(Scenario.TAKE_10_OF_30M, LoopShape.CHAINED, 2000).timeoutMillis()).isEqualTo(2000);
        assertThatThrownBy(() -> Measurement.error(Scenario.UPDATE, LoopShape.CHAINED, "x").timeoutMillis())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void onlyAnOkMeasurementHasARateOrACost() {
        Measurement error = Measurement.error(Scenario.UPDATE, LoopShape.CHAINED, "x");
        assertThatThrownBy(error::queriesPerSecond).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(error::cpuMicrosPerOperation).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Measurement.ok(Scenario.UPDATE, LoopShape.CHAINED, 0, 10, COST))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void otherLinesAreNotResults() {
        assertThat(Measurement.isResultLine("[main] INFO something")).isFalse();
        assertThatThrownBy(() -> Measurement.parseLine("[main] INFO")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.parseLine("@@result\tnope\tchained\tOK\t1\t1\t1\t1\t0\t0\t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
        assertThatThrownBy(() -> Measurement.parseLine("@@result\tupdate\tOK"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
