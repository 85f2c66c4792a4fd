package io.pgfast.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqlTest {

    @Test
    void jdbcMarkersReplaceNumberedOnesInOrder() {
        assertThat(Sql.jdbc("SELECT a FROM t WHERE id BETWEEN $1 AND $2")).isEqualTo("SELECT a FROM t WHERE id BETWEEN ? AND ?");
        assertThat(Sql.jdbc(Sql.INSERT_ALL_TYPES_RETURNING)).doesNotContain("$").contains("?, ?::jsonb)");
    }

    @Test
    void jdbcRefusesMarkersOutOfOrderOrRepeated() {
        assertThatThrownBy(() -> Sql.jdbc("SELECT $2, $1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sql.jdbc("SELECT $1, $1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyScenarioStatementConvertsForJdbc() {
        for (String sql : new String[]{Sql.ONE_ROW_ALL_TYPES, Sql.ALL_TYPES_RANGE, Sql.SIMPLE_TYPES_RANGE,
                Sql.SHORT_RANGE, Sql.SHORT_BY_ID, Sql.UPDATE_BY_ID, Sql.DELETE_BY_ID, Sql.TX_SELECT, Sql.TX_UPDATE,
                Sql.TX_INSERT, Sql.BATCH_INSERT, Sql.HUGE_RESULT, Sql.NEXT_QUERY}) {
            assertThat(Sql.jdbc(sql)).doesNotContain("$");
        }
    }
}
