package io.pgfast.bench.parser;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ParserBenchSettingsTest {

    private static final Path OUT = Path.of("out");

    @Test
    void withoutCoreOptionsItIsTheParserComparison() {
        ParserBench.Settings s = ParserBench.Settings.parse(new String[0], OUT);
        assertThat(s.rounds()).isEqualTo(6);
        assertThat(s.datasets()).hasSize(DataRowStreams.Dataset.values().length);
        assertThat(s.coreBefore()).isNull();
        assertThat(s.coreAfter()).isNull();
        assertThat(s.out()).isEqualTo(OUT);
    }

    @Test
    void coreBeforeAndAfterNameTheirDirectories() {
        ParserBench.Settings s = ParserBench.Settings.parse(new String[] {"--core-before", "/tmp/b", "--core-after",
                "/tmp/a", "--rounds", "4", "--datasets", "short_5,mixed_8", "--iterations", "3"}, OUT);
        assertThat(s.coreBefore()).isEqualTo(Path.of("/tmp/b"));
        assertThat(s.coreAfter()).isEqualTo(Path.of("/tmp/a"));
        assertThat(s.rounds()).isEqualTo(4);
        assertThat(s.iterations()).isEqualTo(3);
        assertThat(s.datasets()).containsExactly(DataRowStreams.Dataset.SHORT_5, DataRowStreams.Dataset.MIXED_8);
    }

    @Test
    void coreAfterAloneFewerThanFourRoundsAndUnknownOptionsAreRefused() {
        assertThatThrownBy(() -> ParserBench.Settings.parse(new String[] {"--core-after", "/tmp/a"}, OUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--core-before");
        assertThatThrownBy(() -> ParserBench.Settings.parse(new String[] {"--rounds", "2"}, OUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 4 rounds");
        assertThatThrownBy(() -> ParserBench.Settings.parse(new String[] {"--core", "x"}, OUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown option");
        assertThatThrownBy(() -> ParserBench.Settings.parse(new String[] {"--core-before"}, OUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a value");
    }

    @Test
    void everyRoundRunsEachOfTheTwoPathsTwice() {
        for (int round = 0; round < 6; round++) {
            List<Object[]> order = io.pgfast.bench.RoundPlan.rotate(
                    ParserBench.slots(ParserRun.Path.AFTER, ParserRun.Path.BEFORE), round, 6);
            assertThat(order).extracting(s -> s[0] + "#" + s[1])
                    .containsExactlyInAnyOrder("AFTER#1", "BEFORE#1", "AFTER#2", "BEFORE#2");
        }
        assertThat(ParserBench.slots(ParserRun.Path.PGFAST, ParserRun.Path.PLAIN)).extracting(s -> s[0] + "#" + s[1])
                .containsExactly("PGFAST#1", "PLAIN#1", "PGFAST#2", "PLAIN#2");
    }
}
