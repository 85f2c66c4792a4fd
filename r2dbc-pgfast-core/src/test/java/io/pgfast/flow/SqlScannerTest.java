package io.pgfast.flow;

import io.pgfast.flow.SqlScanner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqlScannerTest {

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
            "SELECT 1#0",
            "SELECT $1#1",
            "SELECT $1, $2, $1#2",
            "SELECT $10#10",
            "SELECT '$1'#0",
            "SELECT 'it''s $1'#0",
            "SELECT E'\\' $1'#0",
            // an identifier may end in "$e": what follows is a standard string, not an E-string
            "SELECT a$e'\\' $1, ''#1",
            "SELECT \"$1\"#0",
            "SELECT $$ $1 $$, $2#2",
            "SELECT $tag$ $1 $tag$ || $3#3",
            "SELECT 1 -- $1\\n, $2#2",
            "SELECT /* $1 /* $2 */ $3 */ $4#4",
            "SELECT a$1 FROM t#0",
            "SELECT x::text, $1::int#1",
    })
    void countsMarkersOutsideLiteralsAndComments(String sql, int expected) {
        assertThat(SqlScanner.parameterCount(sql.replace("\\n", "\n"))).isEqualTo(expected);
    }

    @Test
    void unterminatedLiteralDoesNotLoop() {
        assertThat(SqlScanner.parameterCount("SELECT '$1")).isZero();
        assertThat(SqlScanner.parameterCount("SELECT $q$ $1")).isZero();
        assertThat(SqlScanner.parameterCount("SELECT /* $1")).isZero();
    }

    @Test
    void refusesMoreThanTheProtocolAllows() {
        assertThatThrownBy(() -> SqlScanner.parameterCount("SELECT $70000"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("65535");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
            // sql # codeEnd # endsInLineComment # open # returning
            "SELECT 1#8#false#false#false",
            "SELECT 1 ;; -- c#8#true#false#false",
            "SELECT 1 -- c\\n /* d */ ;\\n#8#false#false#false",
            "SELECT 'a -- b'#15#false#false#false",
            "SELECT 'a#6#false#true#false",
            "SELECT E'\\'#8#false#true#false",
            "SELECT \"x#6#false#true#false",
            "SELECT $q$ x#6#false#true#false",
            "SELECT 1 /* /* */#8#false#true#false",
            "INSERT INTO t VALUES (1) RETURNING id -- x#37#true#false#true",
            "INSERT INTO t VALUES ('returning') /* returning */#34#false#false#false",
            "WITH d AS (DELETE FROM t RETURNING *) SELECT 1#46#false#false#false",
    })
    void tailTellsWhatEndsTheText(String sql, int codeEnd, boolean lineComment, boolean open, boolean returning) {
        SqlScanner.Tail tail = SqlScanner.tail(sql.replace("\\n", "\n"));
        assertThat(tail).isEqualTo(new SqlScanner.Tail(codeEnd, lineComment, open, returning));
    }
}
