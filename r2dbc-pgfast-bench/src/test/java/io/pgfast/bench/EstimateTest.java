package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class EstimateTest {
    private static final Path OUT = Path.of("target");

    @Test
    void countsTwoProcessesPerDriverPerRoundAndOnlyTheScenariosADriverRuns() {
        BenchOptions o = BenchOptions.parse(new String[]{"--rounds", "4", "--seconds", "1", "--warmup", "1",
                "--scenarios", "update,rows_5000_short", "--peers", "floor"}, OUT);
        // pgfast: 2 scenarios in both loop shapes; the floor: only rows_5000_short, blocking only
        double pgfastScenario = 2 * 2 + Estimate.SCENARIO_SECONDS;
        double floorScenario = 2 + Estimate.SCENARIO_SECONDS;
        double expected = 2 * 4 * (Estimate.PROCESS_SECONDS + 2 * pgfastScenario)
                + 2 * 4 * (Estimate.PROCESS_SECONDS + floorScenario);
        assertThat(Estimate.seconds(o)).isCloseTo(expected, within(1e-9));
    }

    @Test
    void aCurveRunIsOneProcessPerDriver() {
        BenchOptions o = BenchOptions.parse(new String[]{"--scenarios", "update", "--peers", "pgjdbc", "--shapes",
                "blocking"}, OUT).forCurve();
        double perDriver = Estimate.PROCESS_SECONDS + o.warmup() + o.seconds() + Estimate.SCENARIO_SECONDS;
        assertThat(Estimate.seconds(o)).isCloseTo(2 * perDriver, within(1e-9));
    }

    @Test
    void aJvmPerScenarioPaysTheStartForEveryScenario() {
        String[] base = {"--scenarios", "update,delete", "--peers", "pgjdbc"};
        BenchOptions shared = BenchOptions.parse(base, OUT);
        BenchOptions own = BenchOptions.parse(new String[]{"--scenarios", "update,delete", "--peers", "pgjdbc",
                "--jvm-per-scenario"}, OUT);
        assertThat(Estimate.seconds(own) - Estimate.seconds(shared))
                .isCloseTo(2 * 2 * 4 * Estimate.PROCESS_SECONDS, within(1e-9));
    }
}
