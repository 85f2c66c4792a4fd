package io.pgfast.bench.report;

import io.pgfast.bench.BenchOptions;
import io.pgfast.bench.LoopShape;
import io.pgfast.bench.Measurement;
import io.pgfast.bench.Peer;
import io.pgfast.bench.RunResults;
import io.pgfast.bench.Scenario;
import io.pgfast.bench.Slot;
import io.pgfast.bench.WarmupSlice;
import io.pgfast.bench.WindowCost;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class WarmupCurveTest {

    @Test
    void theSettledRateIsTheMedianOfTheLastQuarter() {
        double[] rates = {10, 50, 80, 95, 100, 98, 99, 101};
        assertThat(WarmupCurve.settled(rates)).isEqualTo(100);
    }

    @Test
    void aCurveSettlesFromTheFirstPassAfterWhichEveryPassStaysWithinTenPercent() {
        assertThat(WarmupCurve.settledFrom(new double[]{10, 50, 80, 95, 100, 98, 102, 100}, 100)).isEqualTo(4);
        // a late dip moves it past the dip
        assertThat(WarmupCurve.settledFrom(new double[]{95, 100, 80, 100, 100, 100}, 100)).isEqualTo(4);
        assertThat(WarmupCurve.settledFrom(new double[]{100, 100, 100, 100}, 100)).isEqualTo(1);
    }

    @Test
    void theTableHasARowPerDriverScenarioAndShapeWithEveryPass() {
        BenchOptions o = BenchOptions.parse(new String[]{"--scenarios", "update", "--peers", "pgjdbc", "--passes", "4",
                "--warmup", "2"}, Path.of("target")).forCurve();
        RunResults results = new RunResults(o.rounds());
        double[] rates = {200, 800, 1000, 1000};
        for (Peer p : List.of(Peer.PGFAST, Peer.PGJDBC)) {
            List<WarmupSlice> slices = new ArrayList<>();
            for (LoopShape shape : p.measuredShapes(o.shapes())) {
                for (int pass = 1; pass <= 4; pass++) {
                    slices.add(new WarmupSlice(pass, Measurement.ok(Scenario.UPDATE, shape, (long) rates[pass - 1],
                            1_000_000_000L, new WindowCost(1, 1, 0, 0))));
                }
            }
            results.addWarmup(0, new Slot(p, 1), slices);
        }
        String md = WarmupCurve.render(new RunDescription(o, results,
                new MachineInfo("VM", "CPU", 2, "Linux", "PostgreSQL 17"), "2026-12-01T00:00:00Z"));
        assertThat(md).contains("| pgfast | update | chained | 1000 | 3 | 0.20 | 0.80 | 1.00 | 1.00 |")
                .contains("| pgfast | update | blocking | 1000 | 3 |")
                .contains("| pgjdbc | update | blocking | 1000 | 3 |")
                .doesNotContain("| pgjdbc | update | chained |")
                .contains("4 passes of 0.5 s each");
    }
}
