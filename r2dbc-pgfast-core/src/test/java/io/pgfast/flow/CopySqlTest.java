package io.pgfast.flow;

import io.pgfast.flow.CopySql;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CopySqlTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "COPY t FROM STDIN",
            "copy t from stdin",
            "  \n\tCoPy t TO STDOUT",
            "-- a comment\nCOPY t FROM STDIN",
            "/* a /* nested */ comment */COPY t FROM STDIN",
            "COPY(SELECT 1) TO STDOUT",
            "COPY t FROM STDIN;",
            "COPY t FROM STDIN; -- done",
            "COPY t FROM STDIN (FORMAT csv, DELIMITER ';')",
    })
    void aSingleCopyIsAccepted(String sql) {
        assertThatCode(() -> CopySql.check(sql, "copyIn")).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SELECT 1", "", "   ", "COPYT FROM STDIN", "copy_t", "COPY$ x", "-- COPY t FROM STDIN", "/* COPY */ INSERT INTO t VALUES (1)", "/* COPY"})
    void anythingButCopyIsRefused(String sql) {
        assertThatThrownBy(() -> CopySql.check(sql, "copyIn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("copyIn runs a COPY statement only");
    }

    @Test
    void severalStatementsAreRefused() {
        assertThatThrownBy(() -> CopySql.check("COPY t FROM STDIN; DELETE FROM t", "copyIn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not several");
    }

    @Test
    void nullIsRefused() {
        assertThatThrownBy(() -> CopySql.check(null, "copyOut"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("copyOut: sql must not be null");
    }

    @Test
    void longSqlIsAbbreviatedInTheMessage() {
        String sql = "SELECT " + "x, ".repeat(100) + "1";
        assertThatThrownBy(() -> CopySql.check(sql, "copyOut"))
                .isInstanceOf(IllegalArgumentException.class)
                .satisfies(e -> assertThat(e.getMessage()).endsWith("...").hasSizeLessThan(140));
    }
}
