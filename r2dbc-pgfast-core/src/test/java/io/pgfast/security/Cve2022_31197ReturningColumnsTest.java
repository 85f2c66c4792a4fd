package io.pgfast.security;

import io.pgfast.it.Pg;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.R2dbcBadGrammarException;
import io.r2dbc.spi.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The CVE-2022-31197 class (pgjdbc spliced column names into SQL it generated; r2dbc-postgresql splices the names
 * given to {@code returnGeneratedValues}): here every name is written as a quoted identifier, so a name is only
 * ever a column name. A malicious name names a column that does not exist (42703, the victim table survives),
 * or the column that really has that name; mixed case and quotes are kept as given (pgjdbc's
 * {@code escapeReturningColumns} behaviour: the name is the exact catalog name, an unquoted column is named in
 * lower case; a name that is already a well-formed quoted identifier, as Spring Data R2DBC passes it, is one
 * token and written as given). Tested on the extended
 * query path, with several bindings, with {@code rewriteBatchedInserts} on (RETURNING disables the rewrite) and
 * on the simple-query path. The text built is unit-tested in {@code io.pgfast.r2dbc.ReturningClauseTest}.
 */
@RequiresPostgres
class Cve2022_31197ReturningColumnsTest {

    private static final String MALICIOUS = "id; DROP TABLE sec_victim --";

    private static Connection c;
    private static Connection rewriting;

    @BeforeAll
    static void connect() {
        c = Pg.connect(Pg.config().rewriteBatchedInserts(false).build());
        rewriting = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        TestDb.run(c, "DROP TABLE IF EXISTS sec_ret, sec_victim");
        TestDb.run(c, "CREATE TABLE sec_victim (v int)");
        TestDb.run(c, "CREATE TABLE sec_ret (id serial PRIMARY KEY, \"MixedCase\" int DEFAULT 7, \"we\"\"ird\" int DEFAULT 8,"
                + " \"id; DROP TABLE sec_victim --\" int DEFAULT 9, \"\"\"Quoted\"\"\" int DEFAULT 10, v text)");
    }

    @AfterAll
    static void close() {
        try {
            TestDb.run(c, "DROP TABLE IF EXISTS sec_ret, sec_victim");
        } finally {
            TestDb.close(rewriting);
            TestDb.close(c);
        }
    }

    @BeforeEach
    void empty() {
        TestDb.run(c, "TRUNCATE sec_ret RESTART IDENTITY");
    }

    private static void victimSurvives() {
        assertThat(TestDb.one(c, "SELECT count(*) FROM pg_tables WHERE tablename = 'sec_victim'", Long.class)).isEqualTo(1L);
    }

    @Test
    void cve2022_31197_extendedQuery_aMaliciousNameIsOneColumnName() {
        // the table has a column of exactly that name: it is what comes back
        assertThat(TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues(MALICIOUS).bind(0, "a")))
                .containsExactly(List.of(9));
        for (String name : new String[] {"v; DROP TABLE sec_victim --", "v\", (SELECT 1) AS \"x", "v) --", "v\"; DROP TABLE sec_victim; --"}) {
            assertThatThrownBy(() -> TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues(name).bind(0, "b")))
                    .as(name).isInstanceOf(R2dbcBadGrammarException.class).hasMessageContaining("does not exist");
        }
        victimSurvives();
        assertThat(TestDb.one(c, "SELECT 1", Integer.class)).isEqualTo(1);
    }

    @Test
    void cve2022_31197_extendedQuery_quotesAndCaseAreKept() {
        assertThat(TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)")
                .returnGeneratedValues("id", "MixedCase", "we\"ird", "\"\"\"Quoted\"\"\"").bind(0, "a"))).containsExactly(List.of(1, 7, 8, 10));
        // unquoted names fold to lower case in SQL; the exact catalog name is expected here
        assertThatThrownBy(() -> TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues("ID").bind(0, "b")))
                .isInstanceOf(R2dbcBadGrammarException.class);
        assertThatThrownBy(() -> TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues("mixedcase").bind(0, "b")))
                .isInstanceOf(R2dbcBadGrammarException.class);
        // already quoted, as Spring Data R2DBC's dialect renders names: the same columns
        assertThat(TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues("\"id\"", "\"MixedCase\"", "\"we\"\"ird\"")
                .bind(0, "b"))).singleElement().satisfies(row -> assertThat(row.subList(1, 3)).containsExactly(7, 8));
        assertThat(TestDb.rows(c.createStatement("UPDATE sec_ret SET v = $1").returnGeneratedValues("*").bind(0, "z")))
                .containsExactlyInAnyOrder(java.util.Arrays.asList(1, 7, 8, 9, 10, "z"), java.util.Arrays.asList(2, 7, 8, 9, 10, "z"));
    }

    @Test
    void cve2022_31197_statementAddAndRewrite_everyBindingReturnsTheQuotedColumns() {
        for (Connection conn : new Connection[] {c, rewriting}) {
            TestDb.run(c, "TRUNCATE sec_ret RESTART IDENTITY");
            Statement s = conn.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues(MALICIOUS, "we\"ird");
            s.bind(0, "a").add().bind(0, "b").add().bind(0, "c");
            assertThat(TestDb.results(s.execute())).containsExactly(List.of(List.of(9, 8)), List.of(List.of(9, 8)), List.of(List.of(9, 8)));
            Statement bad = conn.createStatement("INSERT INTO sec_ret (v) VALUES ($1)").returnGeneratedValues("v; DROP TABLE sec_victim --");
            bad.bind(0, "a").add().bind(0, "b");
            assertThatThrownBy(() -> TestDb.results(bad.execute())).isInstanceOf(R2dbcBadGrammarException.class);
        }
        victimSurvives();
    }

    @Test
    void cve2022_31197_simpleQuery_aMaliciousNameIsOneColumnName() {
        assertThat(TestDb.rows(c.createStatement("INSERT INTO sec_ret (v) VALUES ('s')").returnGeneratedValues(MALICIOUS, "MixedCase")))
                .containsExactly(List.of(9, 7));
        assertThatThrownBy(() -> TestDb.rows(c.createStatement("DELETE FROM sec_ret").returnGeneratedValues("id\"; DROP TABLE sec_victim; --")))
                .isInstanceOf(R2dbcBadGrammarException.class);
        victimSurvives();
        assertThat(TestDb.one(c, "SELECT count(*) FROM sec_ret", Long.class)).isEqualTo(1L);
    }

    @Test
    void cve2022_31197_namesTheServerCannotHoldAreRefusedAtOnce() {
        Statement s = c.createStatement("INSERT INTO sec_ret (v) VALUES ($1)");
        assertThatThrownBy(() -> s.returnGeneratedValues("id\0; DROP TABLE sec_victim")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.returnGeneratedValues("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.returnGeneratedValues((String) null)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The other identifiers the driver writes into SQL from a caller's string: savepoint names, quoted the same way. */
    @Test
    void cve2022_31197_savepointNames_areQuotedIdentifiersToo() {
        String name = "s\"; DROP TABLE sec_victim; --";
        reactor.core.publisher.Mono.from(c.beginTransaction()).block(TestDb.TIMEOUT);
        try {
            reactor.core.publisher.Mono.from(c.createSavepoint(name)).block(TestDb.TIMEOUT);
            TestDb.run(c, "INSERT INTO sec_ret (v) VALUES ('after the savepoint')");
            reactor.core.publisher.Mono.from(c.rollbackTransactionToSavepoint(name)).block(TestDb.TIMEOUT);
            reactor.core.publisher.Mono.from(c.releaseSavepoint(name)).block(TestDb.TIMEOUT);
        } finally {
            reactor.core.publisher.Mono.from(c.commitTransaction()).block(TestDb.TIMEOUT);
        }
        assertThat(TestDb.one(c, "SELECT count(*) FROM sec_ret", Long.class)).isZero();
        victimSurvives();
    }
}
