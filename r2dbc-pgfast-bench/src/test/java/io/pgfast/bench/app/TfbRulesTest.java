package io.pgfast.bench.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TfbRulesTest {

    @Test
    void theQueriesParameterFollowsTfbsCases() {
        assertThat(TfbRules.queries("20")).isEqualTo(20);
        assertThat(TfbRules.queries("2")).isEqualTo(2);
        assertThat(TfbRules.queries("0")).isEqualTo(1);
        assertThat(TfbRules.queries("-5")).isEqualTo(1);
        assertThat(TfbRules.queries("foo")).isEqualTo(1);
        assertThat(TfbRules.queries("")).isEqualTo(1);
        assertThat(TfbRules.queries(null)).isEqualTo(1);
        assertThat(TfbRules.queries("501")).isEqualTo(500);
        assertThat(TfbRules.queries("99999999999")).isEqualTo(1);
    }

    @Test
    void randomWorldsStayInTheTable() {
        for (int i = 0; i < 100_000; i++) {
            assertThat(TfbRules.randomWorld()).isBetween(1, TfbRules.WORLD_ROWS);
        }
    }

    @Test
    void theDateHeaderIsAnImfFixdate() {
        assertThat(HttpDate.now()).matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");
    }
}
