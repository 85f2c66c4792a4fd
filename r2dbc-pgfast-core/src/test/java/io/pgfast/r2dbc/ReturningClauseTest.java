package io.pgfast.r2dbc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The text {@link ReturningClause} builds; the server's reading of it is in io.pgfast.security. */
class ReturningClauseTest {

    private static String append(String sql, String... columns) {
        return ReturningClause.append(sql, columns);
    }

    @Test
    void namesAreQuotedIdentifiersWithQuotesDoubled() {
        assertThat(append("INSERT INTO t VALUES (1)", "id; DROP TABLE x --"))
                .isEqualTo("INSERT INTO t VALUES (1) RETURNING \"id; DROP TABLE x --\"");
        assertThat(append("INSERT INTO t VALUES (1)", "a\"b", "MixedCase", "\"\"\"Quoted\"\"\""))
                .isEqualTo("INSERT INTO t VALUES (1) RETURNING \"a\"\"b\", \"MixedCase\", \"\"\"Quoted\"\"\"");
        // a well-formed quoted identifier (what Spring Data R2DBC passes) is one token: written as given
        assertThat(append("INSERT INTO t VALUES (1)", "\"id\"", "\"Mixed\"\"Case\"")).isEqualTo("INSERT INTO t VALUES (1) RETURNING \"id\", \"Mixed\"\"Case\"");
        // anything else in quotes is quoted again, so it cannot end the identifier early
        assertThat(append("INSERT INTO t VALUES (1)", "\"id\", (SELECT 1) AS \"x\"", "\"\"", "\"a\"b\""))
                .isEqualTo("INSERT INTO t VALUES (1) RETURNING \"\"\"id\"\", (SELECT 1) AS \"\"x\"\"\", \"\"\"\"\"\", \"\"\"a\"\"b\"\"\"");
        assertThat(append("update t set a = 1", "*")).isEqualTo("update t set a = 1 RETURNING *");
        assertThat(append("DELETE FROM t", "*", "id")).isEqualTo("DELETE FROM t RETURNING \"*\", \"id\"");
    }

    @Test
    void trailingCommentsAndSemicolonsGoBeforeTheClause() {
        assertThat(append("INSERT INTO t VALUES (1) -- note", "id")).isEqualTo("INSERT INTO t VALUES (1) RETURNING \"id\"");
        assertThat(append("INSERT INTO t VALUES ('x') /* a /* b */ */ ;; \n", "id")).isEqualTo("INSERT INTO t VALUES ('x') RETURNING \"id\"");
        assertThat(append("  -- c\n /* c */ WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", "id"))
                .endsWith("FROM x RETURNING \"id\"");
    }

    @Test
    void returningOnlyCountsOutsideLiteralsCommentsAndParentheses() {
        assertThat(append("INSERT INTO t VALUES ('returning') /* returning */", "id")).endsWith("('returning') RETURNING \"id\"");
        assertThat(append("WITH d AS (DELETE FROM s RETURNING *) INSERT INTO t SELECT 1 FROM d", "id")).endsWith("FROM d RETURNING \"id\"");
        assertThat(append("INSERT INTO t VALUES (1) Returning a", "id")).isEqualTo("INSERT INTO t VALUES (1) Returning a");
        assertThat(append("INSERT INTO t VALUES (1) RETURNING\n*", "id")).isEqualTo("INSERT INTO t VALUES (1) RETURNING\n*");
    }

    @Test
    void otherStatementsAndOpenTextAreLeftAlone() {
        for (String sql : new String[] {"SELECT 1", "INSERT INTO t VALUES (1); DELETE FROM t", "INSERT INTO t VALUES ('x",
            "INSERT INTO t VALUES (1) /* open", "insertion", "/* INSERT */ SELECT 1"}) {
            assertThat(append(sql, "id")).as(sql).isEqualTo(sql);
        }
    }

    @Test
    void nulAndEmptyNamesAreRefused() {
        assertThatThrownBy(() -> append("INSERT INTO t VALUES (1)", "a\0b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> append("INSERT INTO t VALUES (1)", "")).isInstanceOf(IllegalArgumentException.class);
    }
}
