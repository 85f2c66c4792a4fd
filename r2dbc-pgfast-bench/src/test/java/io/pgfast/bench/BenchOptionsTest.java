package io.pgfast.bench;

import io.pgfast.bench.stats.Ratios;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchOptionsTest {
    private static final Path OUT = Path.of("target", "bench");

    @Test
    void theDefaultRunJudgesItsScenariosInBothShapesInOneJvmPerProcess() {
        BenchOptions o = BenchOptions.parse(new String[0], OUT);
        assertThat(o.mode()).isEqualTo("default");
        assertThat(o.rounds()).isEqualTo(BenchOptions.DEFAULT_ROUNDS);
        assertThat(o.jvmPerScenario()).isFalse();
        assertThat(o.judged()).isTrue();
        assertThat(o.scenarios()).isEqualTo(BenchOptions.DEFAULT_SCENARIOS);
        assertThat(o.shapes()).containsExactly(LoopShape.CHAINED, LoopShape.BLOCKING);
        assertThat(o.passes()).isGreaterThan(1);
        assertThat(o.mostPasses()).isEqualTo(BenchOptions.EXTRA_PASSES_FACTOR * o.passes());
        assertThat(BenchOptions.parse(new String[]{"--quick"}, OUT).mostPasses())
                .isEqualTo(BenchOptions.parse(new String[]{"--quick"}, OUT).passes());
        assertThat(o.forCurve().mostPasses()).isEqualTo(o.forCurve().passes());
        assertThat(BenchOptions.parse(new String[]{"--passes", "2", "--most-passes", "5"}, OUT).mostPasses()).isEqualTo(5);
        assertThat(o.drivers()).containsExactly(Peer.PGFAST, Peer.R2DBC_POSTGRESQL, Peer.VERTX, Peer.PGJDBC, Peer.FLOOR);
        assertThat(o.outputDirectory()).isEqualTo(OUT);
        assertThat(BenchOptions.parse(new String[]{"--default"}, OUT)).isEqualTo(o);
    }

    @Test
    void theDefaultRunFitsItsBudget() {
        // about 8 minutes on 2 cores, the server's start and the table fill (~20 s) included: the four scenarios of
        // about 5 minutes, then the pool query and 64 at once, each on r2dbc-pool and on pgfast's own pool
        assertThat(Estimate.seconds(BenchOptions.parse(new String[0], OUT))).isLessThan(525);
    }

    @Test
    void quickIsASmokeCheckOfEveryScenarioThatJudgesNothing() {
        BenchOptions o = BenchOptions.parse(new String[]{"--quick"}, OUT);
        assertThat(o.mode()).isEqualTo("quick");
        assertThat(o.judged()).isFalse();
        assertThat(o.scenarios()).containsExactly(Scenario.values());
    }

    @Test
    void fullRunsLongerWithAJvmPerScenario() {
        BenchOptions def = BenchOptions.parse(new String[0], OUT);
        BenchOptions full = BenchOptions.parse(new String[]{"--full"}, OUT);
        assertThat(full.rounds()).isGreaterThanOrEqualTo(def.rounds());
        assertThat(full.seconds()).isGreaterThan(def.seconds());
        assertThat(full.warmup()).isGreaterThanOrEqualTo(def.warmup());
        assertThat(full.jvmPerScenario()).isTrue();
        assertThat(full.judged()).isTrue();
        assertThat(full.scenarios()).containsExactly(Scenario.values());
    }

    @Test
    void everyModeMarksAtTheSameMarginAndAJudgedRunNeedsEnoughRoundsForAnInterval() {
        assertThat(BenchOptions.parse(new String[]{"--full"}, OUT).margin()).isEqualTo(Ratios.NOISE_MARGIN);
        assertThat(BenchOptions.parse(new String[0], OUT).margin()).isEqualTo(Ratios.NOISE_MARGIN);
        assertThat(Ratios.intervalCut(BenchOptions.LEAST_JUDGED_ROUNDS, Ratios.CONFIDENCE)).isZero();
        assertThat(Ratios.intervalCut(BenchOptions.LEAST_JUDGED_ROUNDS - 1, Ratios.CONFIDENCE)).isNegative();
        assertThat(Ratios.intervalCut(BenchOptions.DEFAULT_ROUNDS, Ratios.CONFIDENCE)).isEqualTo(8);
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--rounds", "7"}, OUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 8 rounds");
        assertThat(BenchOptions.parse(new String[]{"--quick"}, OUT).rounds()).isEqualTo(1);
    }

    @Test
    void theSmokeCheckTakesItsScenariosInSetsOfNewJvmsTheOtherModesInOneSetOrOneEach() {
        List<List<Scenario>> quick = BenchOptions.parse(new String[]{"--quick"}, OUT).scenarioSets();
        int sets = (Scenario.values().length + BenchOptions.QUICK_SCENARIOS_PER_SET - 1) / BenchOptions.QUICK_SCENARIOS_PER_SET;
        assertThat(quick).hasSize(sets).allMatch(set -> set.size() <= BenchOptions.QUICK_SCENARIOS_PER_SET);
        assertThat(quick.stream().flatMap(List::stream)).containsExactly(Scenario.values());
        assertThat(BenchOptions.parse(new String[0], OUT).scenarioSets())
                .containsExactly(BenchOptions.DEFAULT_SCENARIOS);
        assertThat(BenchOptions.parse(new String[]{"--full"}, OUT).scenarioSets()).hasSize(Scenario.values().length)
                .allMatch(set -> set.size() == 1);
    }

    @Test
    void theAaCheckComparesPgfastWithItself() {
        BenchOptions aa = BenchOptions.parse(new String[]{"--aa"}, OUT);
        assertThat(aa.peers()).containsExactly(Peer.PGFAST_AGAIN);
        assertThat(aa.drivers()).containsExactly(Peer.PGFAST, Peer.PGFAST_AGAIN);
        assertThat(Peer.PGFAST_AGAIN.hasEventLoop()).isTrue();
    }

    @Test
    void theShapeOrderAlternatesFromRoundToRound() {
        BenchOptions o = BenchOptions.parse(new String[0], OUT);
        assertThat(o.shapeOrder(0)).containsExactly(LoopShape.CHAINED, LoopShape.BLOCKING);
        assertThat(o.shapeOrder(1)).containsExactly(LoopShape.BLOCKING, LoopShape.CHAINED);
        assertThat(BenchOptions.parse(new String[]{"--shapes", "blocking"}, OUT).shapeOrder(1))
                .containsExactly(LoopShape.BLOCKING);
    }

    @Test
    void explicitValuesWinOverTheMode() {
        BenchOptions o = BenchOptions.parse(new String[]{"--rounds", "9", "--full", "--seconds", "1.5",
                "--jvm-per-process", "--scenarios", "update,delete", "--peers", "pgjdbc", "--jvm-arg", "-XX:+UseSerialGC",
                "--passes", "4", "--shapes", "blocking"}, OUT);
        assertThat(o.rounds()).isEqualTo(9);
        assertThat(o.seconds()).isEqualTo(1.5);
        assertThat(o.jvmPerScenario()).isFalse();
        assertThat(o.scenarios()).containsExactly(Scenario.UPDATE, Scenario.DELETE);
        assertThat(o.drivers()).containsExactly(Peer.PGFAST, Peer.PGJDBC);
        assertThat(o.jvmArgs()).containsExactly("-XX:+UseSerialGC");
        assertThat(o.passes()).isEqualTo(4);
        assertThat(o.shapes()).containsExactly(LoopShape.BLOCKING);
    }

    @Test
    void refusesUnknownOptionsMissingValuesAndPgfastAsAPeer() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--fast"}, OUT)).hasMessageContaining("--fast");
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--seconds"}, OUT)).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--seconds", "x"}, OUT)).hasMessageContaining("number");
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--peers", "pgfast"}, OUT))
                .hasMessageContaining("always measured");
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--scenarios", "nope"}, OUT))
                .hasMessageContaining("unknown scenario");
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--shapes", "sideways"}, OUT))
                .hasMessageContaining("unknown loop shape");
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--passes", "0"}, OUT))
                .hasMessageContaining("pass");
    }

    @Test
    void allMeansEveryScenario() {
        assertThat(Scenario.parseList("all")).isEqualTo(List.of(Scenario.values()));
        assertThat(Scenario.parseList("update, update ,delete")).containsExactly(Scenario.UPDATE, Scenario.DELETE);
    }
}
