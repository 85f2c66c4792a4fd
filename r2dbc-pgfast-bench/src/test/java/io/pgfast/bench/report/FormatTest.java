package io.pgfast.bench.report;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FormatTest {

    @Test
    void looksLikeTheSeedTable() {
        assertThat(Format.ratio(1.121)).isEqualTo("1.121x (+12.1%)");
        assertThat(Format.ratio(0.975)).isEqualTo("0.975x (-2.5%)");
        assertThat(Format.range(0.956, 1.134)).isEqualTo("0.96 to 1.13");
        assertThat(Format.noise(0.07)).isEqualTo("±7.0%");
    }

    @Test
    void ratesKeepDecimalsOnlyWhenSmall() {
        assertThat(Format.rate(7733.4)).isEqualTo("7733");
        assertThat(Format.rate(19.84)).isEqualTo("19.8");
        assertThat(Format.rate(0.052)).isEqualTo("0.05");
    }

    @Test
    void cellsAreShortAndCannotBreakATable() {
        assertThat(Format.cell("a|b\nc", 10)).isEqualTo("a/b c");
        assertThat(Format.cell("0123456789abc", 10)).hasSize(10).endsWith("…");
    }
}
