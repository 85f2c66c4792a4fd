package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class EstimateTest {
    private static final Path OUT = Path.of("target");

    @Test
    void twoKeptProcessesPerDriverWarmOnceThenEveryRoundHasAWindowPerShapeAndProcessThatRunsTheScenario() {
        BenchOptions o = BenchOptions.parse(new String[]{"--rounds", "8", "--seconds", "1", "--warmup", "3",
                "--scenarios", "update,rows_5000_short", "--peers", "floor"}, OUT);
        // pgfast: 2 scenarios in both loop shapes; the floor: only rows_5000_short, blocking only
        double pgfastStart = Estimate.PROCESS_SECONDS + 2 * (2 * 3 + Estimate.SCENARIO_SECONDS);
        double floorStart = Estimate.PROCESS_SECONDS + 3 + Estimate.SCENARIO_SECONDS;
        // rows_5000_short only (the floor cannot update): 8 rounds × 2 tables × (2 pgfast + 2 floor) windows
        double windows = 8 * 2 * 4 * (1 + Estimate.WINDOW_SECONDS);
        double expected = 2 * pgfastStart + 2 * floorStart + windows;
        assertThat(Estimate.seconds(o)).isCloseTo(expected, within(1e-9));
    }

    @Test
    void pgfastsWindowsServeEveryPeerOfARound() {
        BenchOptions one = BenchOptions.parse(new String[]{"--rounds", "8", "--seconds", "1", "--scenarios",
                "rows_5000_short", "--peers", "floor"}, OUT);
        BenchOptions two = BenchOptions.parse(new String[]{"--rounds", "8", "--seconds", "1", "--scenarios",
                "rows_5000_short", "--peers", "floor,pgjdbc"}, OUT);
        double pgjdbcStart = Estimate.PROCESS_SECONDS + two.warmup() + Estimate.SCENARIO_SECONDS;
        // one more peer: its two processes and two windows per round and table, none more of pgfast
        assertThat(Estimate.seconds(two) - Estimate.seconds(one))
                .isCloseTo(2 * pgjdbcStart + 8 * 2 * 2 * (1 + Estimate.WINDOW_SECONDS), within(1e-9));
    }

    @Test
    void aPoolVariantOfPgfastAddsOnlyPgfastsWindowsAndWarmUp() {
        BenchOptions one = BenchOptions.parse(new String[]{"--rounds", "8", "--seconds", "1", "--warmup", "3",
                "--scenarios", "pool_query", "--peers", "pgjdbc"}, OUT);
        BenchOptions both = BenchOptions.parse(new String[]{"--rounds", "8", "--seconds", "1", "--warmup", "3",
                "--scenarios", "pool_query,pool_query_own_pool", "--peers", "pgjdbc"}, OUT);
        // pgfast's two processes warm one more scenario in both shapes, and take 2 more windows per round and
        // table; pgjdbc's windows of pool_query serve the row of pool_query_own_pool too
        double pgfastMore = 2 * (2 * 3 + Estimate.SCENARIO_SECONDS);
        assertThat(Estimate.seconds(both) - Estimate.seconds(one))
                .isCloseTo(pgfastMore + 8 * 2 * 2 * (1 + Estimate.WINDOW_SECONDS), within(1e-9));
    }

    @Test
    void aCurveRunIsOneProcessPerDriverWithoutRounds() {
        BenchOptions o = BenchOptions.parse(new String[]{"--scenarios", "update", "--peers", "pgjdbc", "--shapes",
                "blocking"}, OUT).forCurve();
        double perDriver = Estimate.PROCESS_SECONDS + o.warmup() + Estimate.SCENARIO_SECONDS;
        assertThat(Estimate.seconds(o)).isCloseTo(2 * perDriver, within(1e-9));
    }

    @Test
    void aJvmPerScenarioPaysTheStartForEveryScenarioOnce() {
        String[] base = {"--scenarios", "update,delete", "--peers", "pgjdbc"};
        BenchOptions shared = BenchOptions.parse(base, OUT);
        BenchOptions own = BenchOptions.parse(new String[]{"--scenarios", "update,delete", "--peers", "pgjdbc",
                "--jvm-per-scenario"}, OUT);
        // 2 drivers × 2 processes × 1 more start (2 scenarios instead of 1 set), whatever the rounds
        assertThat(Estimate.seconds(own) - Estimate.seconds(shared))
                .isCloseTo(2 * 2 * Estimate.PROCESS_SECONDS, within(1e-9));
    }
}
