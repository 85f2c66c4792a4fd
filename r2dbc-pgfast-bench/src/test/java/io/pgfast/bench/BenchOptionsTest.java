package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BenchOptionsTest {
    private static final Path OUT = Path.of("target", "bench");

    @Test
    void quickIsTheDefault() {
        BenchOptions o = BenchOptions.parse(new String[0], OUT);
        assertThat(o.mode()).isEqualTo("quick");
        assertThat(o.rounds()).isEqualTo(4);
        assertThat(o.jvmPerScenario()).isFalse();
        assertThat(o.scenarios()).containsExactly(Scenario.values());
        assertThat(o.drivers()).containsExactly(Peer.PGFAST, Peer.R2DBC_POSTGRESQL, Peer.VERTX, Peer.PGJDBC, Peer.FLOOR);
        assertThat(o.outputDirectory()).isEqualTo(OUT);
    }

    @Test
    void fullRunsLongerWithAJvmPerScenario() {
        BenchOptions quick = BenchOptions.parse(new String[]{"--quick"}, OUT);
        BenchOptions full = BenchOptions.parse(new String[]{"--full"}, OUT);
        assertThat(full.rounds()).isGreaterThan(quick.rounds());
        assertThat(full.seconds()).isGreaterThan(quick.seconds());
        assertThat(full.warmup()).isGreaterThan(quick.warmup());
        assertThat(full.jvmPerScenario()).isTrue();
    }

    @Test
    void explicitValuesWinOverTheMode() {
        BenchOptions o = BenchOptions.parse(new String[]{"--rounds", "5", "--full", "--seconds", "1.5",
                "--jvm-per-process", "--scenarios", "update,delete", "--peers", "pgjdbc", "--jvm-arg", "-XX:+UseSerialGC"}, OUT);
        assertThat(o.rounds()).isEqualTo(5);
        assertThat(o.seconds()).isEqualTo(1.5);
        assertThat(o.jvmPerScenario()).isFalse();
        assertThat(o.scenarios()).containsExactly(Scenario.UPDATE, Scenario.DELETE);
        assertThat(o.drivers()).containsExactly(Peer.PGFAST, Peer.PGJDBC);
        assertThat(o.jvmArgs()).containsExactly("-XX:+UseSerialGC");
    }

    @Test
    void refusesFewerThanFourRounds() {
        assertThatThrownBy(() -> BenchOptions.parse(new String[]{"--rounds", "3"}, OUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("4 rounds");
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
    }

    @Test
    void allMeansEveryScenario() {
        assertThat(Scenario.parseList("all")).isEqualTo(List.of(Scenario.values()));
        assertThat(Scenario.parseList("update, update ,delete")).containsExactly(Scenario.UPDATE, Scenario.DELETE);
    }
}
