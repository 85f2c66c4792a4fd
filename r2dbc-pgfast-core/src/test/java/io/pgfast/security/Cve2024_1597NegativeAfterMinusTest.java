package io.pgfast.security;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * CVE-2024-1597 (pgjdbc with {@code preferQueryMode=simple}, and pgx's CVE-2024-27289 of the same class): a
 * driver that inlines a negative number after a minus writes {@code --1}, which starts a line comment, and a
 * string parameter holding a newline then supplies the rest of the statement. This driver never inlines a
 * value: bound values travel in Bind messages on every path that takes them (one binding, several bindings
 * with {@code add()}, the {@code rewriteBatchedInserts} rewrite, {@code returnGeneratedValues}, a fetch size),
 * and a statement run as a simple query (no bindings; {@code Batch}) takes no values at all: one with a marker
 * and no value is refused before anything is sent. Each result must be what the server computes with the
 * value as data: {@code -(-1)} is 1 and the string comes back byte for byte.
 */
@RequiresPostgres
class Cve2024_1597NegativeAfterMinusTest {

    /** The payload of the published exploit: after {@code --1} it would end the comment and add a clause. */
    private static final String PAYLOAD = "\nWHERE false OR true --";
    private static final String NEWLINE_COMMENT = "x\n-- y; DROP TABLE sec_minus; --";

    private static Connection c;
    private static Connection rewriting;

    @BeforeAll
    static void connect() {
        c = Pg.connect(Pg.config().rewriteBatchedInserts(false).build());
        rewriting = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        TestDb.run(c, "DROP TABLE IF EXISTS sec_minus");
        TestDb.run(c, "CREATE TABLE sec_minus (id serial PRIMARY KEY, a bigint, s text)");
    }

    @AfterAll
    static void close() {
        try {
            TestDb.run(c, "DROP TABLE IF EXISTS sec_minus");
        } finally {
            TestDb.close(rewriting);
            TestDb.close(c);
        }
    }

    @BeforeEach
    void empty() {
        TestDb.run(c, "TRUNCATE sec_minus");
    }

    @Test
    void cve2024_1597_extendedQuery_negativeValueAfterMinusIsNegated() {
        assertThat(TestDb.rows(c.createStatement("SELECT -$1, $2").bind(0, -1).bind(1, PAYLOAD)))
                .containsExactly(List.of(1, PAYLOAD));
        assertThat(TestDb.rows(c.createStatement("SELECT -$1, $2").bind(0, -1L).bind(1, NEWLINE_COMMENT)))
                .containsExactly(List.of(1L, NEWLINE_COMMENT));
        assertThat(TestDb.rows(c.createStatement("SELECT -$1, $2::text").bind(0, new BigDecimal("-1.5")).bind(1, PAYLOAD)))
                .containsExactly(List.of(new BigDecimal("1.5"), PAYLOAD));
        assertThat(TestDb.rows(c.createStatement("SELECT 1-$1, $2").bind(0, -1.0d).bind(1, PAYLOAD)))
                .containsExactly(List.of(2.0d, PAYLOAD));
        // the exploit's shape: the clause after the newline would have made the WHERE true
        assertThat(TestDb.rows(c.createStatement("SELECT -$1 WHERE $2 = 'nothing'").bind(0, -1).bind(1, PAYLOAD))).isEmpty();
        // as bytes too
        assertThat(TestDb.rows(c.createStatement("SELECT -$1, convert_from($2, 'UTF8')").bind(0, -1)
                .bind(1, ByteBuffer.wrap(PAYLOAD.getBytes(StandardCharsets.UTF_8))))).containsExactly(List.of(1, PAYLOAD));
    }

    @Test
    void cve2024_1597_extendedQueryWithFetchSize_negativeValueAfterMinusIsNegated() {
        assertThat(TestDb.rows(c.createStatement("SELECT -$1, $2 FROM generate_series(1, 3)").bind(0, -1).bind(1, PAYLOAD).fetchSize(1)))
                .containsExactly(List.of(1, PAYLOAD), List.of(1, PAYLOAD), List.of(1, PAYLOAD));
    }

    @Test
    void cve2024_1597_statementAdd_everyBindingIsData() {
        Statement s = c.createStatement("SELECT -$1, $2");
        s.bind(0, -1).bind(1, PAYLOAD).add();
        s.bind(0, -2).bind(1, NEWLINE_COMMENT).add();
        s.bind(0, Integer.MIN_VALUE + 1).bind(1, "--");
        assertThat(TestDb.results(s.execute())).containsExactly(
                List.of(List.of(1, PAYLOAD)), List.of(List.of(2, NEWLINE_COMMENT)), List.of(List.of(Integer.MAX_VALUE, "--")));
    }

    @Test
    void cve2024_1597_rewriteBatchedInserts_negativeValueAfterMinusIsNegated() {
        Statement s = rewriting.createStatement("INSERT INTO sec_minus (a, s) VALUES (-$1, $2)");
        for (int i = 1; i <= 5; i++) {
            if (i > 1) {
                s.add();
            }
            s.bind(0, (long) -i).bind(1, i % 2 == 0 ? PAYLOAD : NEWLINE_COMMENT);
        }
        assertThat(Flux.from(s.execute()).concatMap(Result::getRowsUpdated).reduce(0L, Long::sum).block(TestDb.TIMEOUT)).isEqualTo(5L);
        assertThat(TestDb.rows(c, "SELECT a, s FROM sec_minus ORDER BY a")).containsExactly(
                List.of(1L, NEWLINE_COMMENT), List.of(2L, PAYLOAD), List.of(3L, NEWLINE_COMMENT), List.of(4L, PAYLOAD),
                List.of(5L, NEWLINE_COMMENT));
    }

    @Test
    void cve2024_1597_returnGeneratedValues_negativeValueAfterMinusIsNegated() {
        Statement s = rewriting.createStatement("INSERT INTO sec_minus (a, s) VALUES (-$1, $2)").returnGeneratedValues("a", "s");
        s.bind(0, -1L).bind(1, PAYLOAD).add();
        s.bind(0, -2L).bind(1, NEWLINE_COMMENT);
        assertThat(TestDb.results(s.execute())).containsExactly(List.of(List.of(1L, PAYLOAD)), List.of(List.of(2L, NEWLINE_COMMENT)));
        assertThat(TestDb.one(c, "SELECT count(*) FROM sec_minus", Long.class)).isEqualTo(2L);
    }

    @Test
    void cve2024_1597_simpleQuery_takesNoValuesSoNoneIsInlined() {
        // without bindings a statement runs as a simple query; one with a marker and no value is refused at once
        assertThatThrownBy(() -> c.createStatement("SELECT -$1, $2").execute()).isInstanceOf(IllegalStateException.class);
        // the server's own reading of the literal text is the reference the bound path matches
        assertThat(TestDb.rows(c, "SELECT -(-1), E'\\nWHERE false OR true --'")).containsExactly(List.of(1, PAYLOAD));
        assertThat(TestDb.results(c.createBatch().add("SELECT - -1").add("SELECT -(-1)").execute()))
                .containsExactly(List.of(List.of(1)), List.of(List.of(1)));
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void cve2024_1597_copyIn_valuesAreCopyDataNotSql() {
        String row = "-1\tx\\n-- y; DROP TABLE sec_minus; --\n";
        Long copied = Mono.from(((io.pgfast.r2dbc.PgfastConnection) c).copyIn("COPY sec_minus (a, s) FROM STDIN",
                Flux.just(ByteBuffer.wrap(row.getBytes(StandardCharsets.UTF_8))))).block(TestDb.TIMEOUT);
        assertThat(copied).isEqualTo(1L);
        assertThat(TestDb.rows(c, "SELECT a, s FROM sec_minus")).containsExactly(List.of(-1L, NEWLINE_COMMENT));
    }
}
