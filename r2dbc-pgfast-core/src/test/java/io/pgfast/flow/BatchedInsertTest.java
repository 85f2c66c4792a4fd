package io.pgfast.flow;

import io.pgfast.flow.BatchedInsert;
import io.pgfast.flow.Binding;
import io.pgfast.flow.SqlScanner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which inserts the batch rewrite accepts, and the SQL and chunks it makes of them (no server). */
class BatchedInsertTest {

    @Test
    void renumbersTheMarkersOfEveryFurtherRow() {
        BatchedInsert insert = BatchedInsert.of("INSERT INTO t (a, b, c) VALUES ($1, $2, $3)", 3);
        assertThat(insert).isNotNull();
        assertThat(insert.sql(1)).isEqualTo("INSERT INTO t (a, b, c) VALUES ($1, $2, $3)");
        assertThat(insert.sql(3)).isEqualTo("INSERT INTO t (a, b, c) VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, $9)");
    }

    @Test
    void keepsExpressionsCastsOrderAndRepeatsOfMarkers() {
        BatchedInsert insert = BatchedInsert.of("insert into t values ($2::int + 1, upper($1), $2, 'x($1)', (($1)))", 2);
        assertThat(insert).isNotNull();
        assertThat(insert.sql(2)).isEqualTo(
                "insert into t values ($2::int + 1, upper($1), $2, 'x($1)', (($1))), ($4::int + 1, upper($3), $4, 'x($1)', (($3)))");
    }

    @Test
    void skipsCommentsAndLiteralsAroundTheShape() {
        BatchedInsert insert = BatchedInsert.of("/* VALUES ($9) */ -- x\n INSERT INTO \"values\" (\"a$1\") VALUES ($1) ; -- end", 1);
        assertThat(insert).isNotNull();
        assertThat(insert.sql(2)).isEqualTo("/* VALUES ($9) */ -- x\n INSERT INTO \"values\" (\"a$1\") VALUES ($1), ($2)");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "INSERT INTO t VALUES ($1) RETURNING id",
            "INSERT INTO t VALUES ($1) ON CONFLICT DO NOTHING",
            "INSERT INTO t VALUES ($1), ($2)",
            "INSERT INTO t SELECT $1",
            "INSERT INTO t (a) SELECT * FROM (VALUES ($1)) v",
            "INSERT INTO t DEFAULT VALUES",
            "WITH x AS (SELECT 1) INSERT INTO t VALUES ($1)",
            "UPDATE t SET a = $1",
            "INSERT INTO t VALUES ($1); SELECT 1",
            "INSERT INTO t (a) VALUES ($1",
            "INSERT INTO t VALUES ($1, $$ unterminated",
            "INSERTX INTO t VALUES ($1)",
            "INSERT INTO t VALUESX ($1)",
    })
    void leavesEveryOtherStatementAlone(String sql) {
        assertThat(BatchedInsert.of(sql, SqlScanner.parameterCount(sql))).isNull();
    }

    @Test
    void aStatementWithoutParametersIsNotRewritten() {
        assertThat(BatchedInsert.of("INSERT INTO t VALUES (1)", 0)).isNull();
    }

    @Test
    void chunksArePowersOfTwoOfAtMost128Rows() {
        BatchedInsert insert = BatchedInsert.of("INSERT INTO t VALUES ($1, $2, $3)", 3);
        assertThat(insert.chunks(1000)).containsExactly(128, 128, 128, 128, 128, 128, 128, 64, 32, 8);
        assertThat(insert.chunks(1)).containsExactly(1);
        assertThat(insert.chunks(7)).containsExactly(4, 2, 1);
        assertThat(Arrays.stream(insert.chunks(12345)).sum()).isEqualTo(12345);
    }

    @Test
    void wideRowsStayWithinTheProtocolsParameterLimit() {
        StringBuilder sql = new StringBuilder("INSERT INTO t VALUES (");
        for (int i = 1; i <= 1000; i++) {
            sql.append(i > 1 ? ", " : "").append('$').append(i);
        }
        BatchedInsert insert = BatchedInsert.of(sql.append(')').toString(), 1000);
        // 32767 / 1000 = 32 rows: 32 000 parameters, the largest power of two that fits
        assertThat(insert.maxRows()).isEqualTo(32);
        assertThat(insert.chunks(100)).containsExactly(32, 32, 32, 4);
    }

    @Test
    void mergesConsecutiveBindingsIntoOneOfTheirValues() {
        BatchedInsert insert = BatchedInsert.of("INSERT INTO t VALUES ($1, $2)", 2);
        List<Binding> bindings = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Binding b = new Binding(2);
            b.setNull(0, 23);
            b.setNull(1, 25);
            bindings.add(b);
        }
        List<Binding> merged = insert.rewrite(bindings);
        assertThat(merged).hasSize(3);
        assertThat(merged.get(0).count()).isEqualTo(8);
        assertThat(merged.get(0).oids()).containsExactly(23, 25, 23, 25, 23, 25, 23, 25);
        assertThat(merged.get(0).sqlOr("x")).isEqualTo("INSERT INTO t VALUES ($1, $2), ($3, $4), ($5, $6), ($7, $8)");
        assertThat(merged.get(1).count()).isEqualTo(4);
        // a chunk of one is the binding itself, with the statement's own SQL
        assertThat(merged.get(2)).isSameAs(bindings.get(6));
        assertThat(merged.get(2).sqlOr("x")).isEqualTo("x");
    }
}
