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
        double perScenario = 2 + Estimate.SCENARIO_SECONDS;
        // pgfast: 2 scenarios; the floor: only rows_5000_short
        double expected = 2 * 4 * (Estimate.PROCESS_SECONDS + 2 * perScenario)
                + 2 * 4 * (Estimate.PROCESS_SECONDS + perScenario);
        assertThat(Estimate.seconds(o)).isCloseTo(expected, within(1e-9));
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
