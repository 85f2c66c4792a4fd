package io.pgfast.it.query;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code rewriteBatchedInserts=true}: a batch of a plain insert runs as multi-row inserts, inserts exactly
 * what the same batch inserts without it, stays one implicit transaction, and leaves other statements alone.
 */
@RequiresPostgres
class BatchedInsertRewriteTest {

    private Connection c;

    @AfterEach
    void close() {
        TestDb.close(c);
    }

    private String table() {
        String t = TestDb.unique("rewrite");
        TestDb.run(c, "CREATE TABLE " + t + " (id int PRIMARY KEY, name text, flag bool, amount numeric, note text)");
        return t;
    }

    private static Statement batch(Connection c, String sql, int rows) {
        Statement s = c.createStatement(sql);
        for (int i = 0; i < rows; i++) {
            if (i > 0) {
                s.add();
            }
            s.bind(0, i).bind(1, "row " + i).bind(2, (i & 1) == 0);
            if (i % 7 == 0) {
                s.bindNull(3, BigDecimal.class);
            } else {
                s.bind(3, BigDecimal.valueOf(i, 2));
            }
        }
        return s;
    }

    private String content(String table) {
        return TestDb.column(c, "SELECT concat_ws('|', id, name, flag, amount, note) FROM " + table + " ORDER BY id", String.class)
                .stream().collect(Collectors.joining("\n"));
    }

    @Test
    void insertsTheSameRowsAsTheBatchWithoutTheRewrite() {
        c = Pg.connect();
        String plain = table();
        Connection rewriting = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        try {
            String rewritten = table();
            String sql = " INSERT INTO %s (id, name, flag, amount, note) VALUES ($1, $2 || '', $3, $4, 'n:' || $1::text)";
            List<Long> plainCounts = TestDb.rowsUpdated(batch(c, String.format(sql, plain), 1000));
            List<Long> rewrittenCounts = TestDb.rowsUpdated(batch(rewriting, String.format(sql, rewritten), 1000));
            assertThat(plainCounts).hasSize(1000).containsOnly(1L);
            // 7 × 128 + 64 + 32 + 8: one Result per rewritten statement, covering its rows
            assertThat(rewrittenCounts).containsExactly(128L, 128L, 128L, 128L, 128L, 128L, 128L, 64L, 32L, 8L);
            assertThat(content(rewritten)).isEqualTo(content(plain));
            assertThat(TestDb.one(c, "SELECT count(*) FROM " + rewritten, Long.class)).isEqualTo(1000L);
            // a later batch of another size reuses the prepared chunk statements and still inserts all
            List<Long> again = TestDb.rowsUpdated(batch(rewriting, String.format(sql.replace("$1,", "$1 + 1000,")
                    .replace("$1::text", "($1 + 1000)::text"), rewritten), 300));
            assertThat(again.stream().mapToLong(Long::longValue).sum()).isEqualTo(300L);
            assertThat(TestDb.one(c, "SELECT count(*) FROM " + rewritten, Long.class)).isEqualTo(1300L);
        } finally {
            TestDb.close(rewriting);
        }
    }

    @Test
    void aFailingRowRollsBackTheWholeBatchAsWithoutTheRewrite() {
        c = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        String t = table();
        Statement s = c.createStatement("INSERT INTO " + t + " (id, name) VALUES ($1, $2)");
        for (int i = 0; i < 300; i++) {
            if (i > 0) {
                s.add();
            }
            // row 250 repeats id 3: the primary key fails in the third chunk
            s.bind(0, i == 250 ? 3 : i).bind(1, "x");
        }
        assertThatThrownBy(() -> TestDb.rowsUpdated(s))
                .isInstanceOf(R2dbcException.class)
                .hasMessageContaining("duplicate key");
        assertThat(TestDb.one(c, "SELECT count(*) FROM " + t, Long.class)).isZero();
        // the connection is usable afterwards
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void statementsOfAnotherShapeKeepOneResultPerBinding() {
        c = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        String t = table();
        Statement returning = c.createStatement("INSERT INTO " + t + " (id) VALUES ($1) RETURNING id * 10");
        for (int i = 0; i < 5; i++) {
            if (i > 0) {
                returning.add();
            }
            returning.bind(0, i);
        }
        assertThat(TestDb.column(returning, Integer.class)).containsExactly(0, 10, 20, 30, 40);
        Statement update = c.createStatement("UPDATE " + t + " SET name = $2 WHERE id = $1");
        for (int i = 0; i < 5; i++) {
            if (i > 0) {
                update.add();
            }
            update.bind(0, i).bind(1, "u");
        }
        assertThat(TestDb.rowsUpdated(update)).containsExactly(1L, 1L, 1L, 1L, 1L);
        Statement generated = c.createStatement("INSERT INTO " + t + " (id) VALUES ($1)").returnGeneratedValues("id");
        IntStream.range(10, 13).forEach(i -> {
            if (i > 10) {
                generated.add();
            }
            generated.bind(0, i);
        });
        assertThat(TestDb.column(generated, Integer.class)).containsExactly(10, 11, 12);
    }

    @Test
    void withUnnamedStatementsTheRewriteWorksToo() {
        c = Pg.connect(Pg.config().rewriteBatchedInserts(true).preparedStatementCacheQueries(0).build());
        String t = table();
        List<Long> counts = TestDb.rowsUpdated(batch(c, "INSERT INTO " + t + " (id, name, flag, amount) VALUES ($1, $2, $3, $4)", 21));
        assertThat(counts).containsExactly(16L, 4L, 1L);
        assertThat(TestDb.one(c, "SELECT sum(id) FROM " + t, Long.class)).isEqualTo(210L);
    }
}
