package io.pgfast.security;

import io.pgfast.it.Pg;
import io.pgfast.r2dbc.PgfastConnection;
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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * pgx GHSA-j88v-2chj-qfwx and its class: a driver that finds placeholders by a text search takes a {@code $n}
 * inside a string literal, an E-string (where {@code \'} does not end the literal), a dollar quote, a quoted
 * identifier or a comment for a parameter, then counts parameters wrong or rewrites the text inside the
 * literal. Here {@code $n} is the only placeholder syntax (there is no {@code ?} and no named form), found by
 * {@code SqlScanner} with PostgreSQL's lexical rules: on every path the statement below has exactly one
 * parameter, every literal comes back as the server reads it (the simple query, which carries no parameter,
 * is the reference), and the rewrites ({@code rewriteBatchedInserts}, {@code returnGeneratedValues}) and the
 * checks of COPY and Batch leave literals and comments intact.
 *
 * <p>Limit: the scan assumes {@code standard_conforming_strings = on} (the server default since 9.1, which
 * the driver does not change); a session that turns it off should not rely on {@code '\'} inside plain literals.
 */
@RequiresPostgres
class GhsaJ88v2chjQfwxPlaceholdersInLiteralsTest {

    /** Everything but the first column: literals, an E-string, dollar quotes, a quoted identifier and comments, all holding markers. */
    private static final String BODY = "'$2 '' $3' AS lit, E'\\' $4 \\\\' AS estr, e'$5\\'' AS estr2,"
            + " $tag$ $6 $$ ' $7 $tag$ AS dq, $$ $8 $$ AS dq2, 1 AS \"$9 \"\" col\" -- $10 ' \" /*\n"
            + " /* $11 /* nested $12 ' */ still $13 \" */ , 'end' AS e";
    private static final List<Object> LITERALS = List.of("$2 ' $3", "' $4 \\", "$5'", " $6 $$ ' $7 ", " $8 ", 1, "end");
    private static final String EXTENDED = "SELECT $1::text AS p, " + BODY;
    private static final String SIMPLE = "SELECT 'v'::text AS p, " + BODY;

    private static Connection c;
    private static Connection rewriting;

    @BeforeAll
    static void connect() {
        c = Pg.connect(Pg.config().rewriteBatchedInserts(false).build());
        rewriting = Pg.connect(Pg.config().rewriteBatchedInserts(true).build());
        TestDb.run(c, "DROP TABLE IF EXISTS sec_lit");
        TestDb.run(c, "CREATE TABLE sec_lit (id serial PRIMARY KEY, a text, b text, c text)");
    }

    @AfterAll
    static void close() {
        try {
            TestDb.run(c, "DROP TABLE IF EXISTS sec_lit");
        } finally {
            TestDb.close(rewriting);
            TestDb.close(c);
        }
    }

    @BeforeEach
    void empty() {
        TestDb.run(c, "TRUNCATE sec_lit");
    }

    private static List<Object> row(String first) {
        List<Object> row = new ArrayList<>();
        row.add(first);
        row.addAll(LITERALS);
        return row;
    }

    @Test
    void ghsaJ88v2chjQfwx_extendedQuery_markersInLiteralsAreNotParameters() {
        assertThat(TestDb.rows(c.createStatement(EXTENDED).bind(0, "v"))).containsExactly(row("v"));
        assertThat(TestDb.rows(c.createStatement(EXTENDED).bind("$1", "w").fetchSize(1))).containsExactly(row("w"));
        assertThatThrownBy(() -> c.createStatement(EXTENDED).bind(1, "x")).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.createStatement(EXTENDED).bind("$2", "x")).isInstanceOf(java.util.NoSuchElementException.class);
        List<String> names = Flux.from(c.createStatement(EXTENDED).bind(0, "v").execute())
                .concatMap(r -> r.map((row, md) -> md.getColumnMetadata(6).getName())).collectList().block(TestDb.TIMEOUT);
        assertThat(names).containsExactly("$9 \" col");
    }

    @Test
    void ghsaJ88v2chjQfwx_simpleQuery_isTheServersReadingOfTheSameLiterals() {
        // no marker outside literals: the statement has no parameter and runs as a simple query
        assertThat(TestDb.rows(c, SIMPLE)).containsExactly(row("v"));
        assertThat(TestDb.rows(c, "SELECT '$1', $$ $1 $$ -- $1\n")).containsExactly(List.of("$1", " $1 "));
    }

    @Test
    void ghsaJ88v2chjQfwx_statementAdd_markersInLiteralsAreNotParameters() {
        Statement s = c.createStatement(EXTENDED).bind(0, "a").add().bind(0, "b");
        assertThat(TestDb.results(s.execute())).containsExactly(List.of(row("a")), List.of(row("b")));
    }

    @Test
    void ghsaJ88v2chjQfwx_batch_keepsEveryStatementWhateverItEndsWith() {
        // a statement ending in a line comment once swallowed the statements joined after it with "; "
        assertThat(TestDb.results(c.createBatch().add(SIMPLE).add("SELECT 2 -- $1 ; ' \"").add("SELECT '$1' /* ; */").add(SIMPLE).execute()))
                .containsExactly(List.of(row("v")), List.of(List.of(2)), List.of(List.of("$1")), List.of(row("v")));
        // one ending inside an open literal or comment would swallow the rest whatever the separator
        for (String open : new String[] {"SELECT '$1", "SELECT E'\\'", "SELECT $q$ ;", "SELECT \"x", "SELECT 1 /* /* */"}) {
            assertThatThrownBy(() -> c.createBatch().add(open)).as(open).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void ghsaJ88v2chjQfwx_rewriteBatchedInserts_leavesLiteralsAndCommentsIntact() {
        String insert = "INSERT INTO sec_lit (a, b, c) VALUES ($1, '$2 ''), ($3', E'\\' ), ($4 \\\\') /* ), ($5 */ -- VALUES ($6)\n";
        Statement s = rewriting.createStatement(insert);
        for (int i = 0; i < 5; i++) {
            if (i > 0) {
                s.add();
            }
            s.bind(0, "r" + i);
        }
        // 5 bindings become chunks of 4 and 1: the rewrite ran
        assertThat(Flux.from(s.execute()).concatMap(Result::getRowsUpdated).collectList().block(TestDb.TIMEOUT)).containsExactly(4L, 1L);
        assertThat(TestDb.rows(c, "SELECT a, b, c FROM sec_lit ORDER BY id")).containsExactly(
                List.of("r0", "$2 '), ($3", "' ), ($4 \\"), List.of("r1", "$2 '), ($3", "' ), ($4 \\"),
                List.of("r2", "$2 '), ($3", "' ), ($4 \\"), List.of("r3", "$2 '), ($3", "' ), ($4 \\"),
                List.of("r4", "$2 '), ($3", "' ), ($4 \\"));
        // a dollar quote and a marker-like quoted identifier in the row
        Statement d = rewriting.createStatement("INSERT INTO sec_lit (a, \"b\") VALUES ($1, $q$ $2 ), ( $q$)");
        d.bind(0, "x").add().bind(0, "y");
        assertThat(Flux.from(d.execute()).concatMap(Result::getRowsUpdated).collectList().block(TestDb.TIMEOUT)).containsExactly(2L);
        assertThat(TestDb.rows(c, "SELECT a, b FROM sec_lit WHERE c IS NULL ORDER BY id"))
                .containsExactly(List.of("x", " $2 ), ( "), List.of("y", " $2 ), ( "));
    }

    @Test
    void ghsaJ88v2chjQfwx_returnGeneratedValues_ignoresReturningInLiteralsAndComments() {
        // "returning" in a literal or comment once stopped RETURNING from being added; a final line comment
        // once swallowed it
        Statement s = c.createStatement("INSERT INTO sec_lit (a, b) VALUES ($1, 'returning $2') -- returning $3\n")
                .returnGeneratedValues("a", "b");
        assertThat(TestDb.rows(s.bind(0, "p"))).containsExactly(List.of("p", "returning $2"));
        assertThat(TestDb.rows(c.createStatement("INSERT INTO sec_lit (a) VALUES ($1) -- note").returnGeneratedValues("a").bind(0, "q")))
                .containsExactly(List.of("q"));
        assertThat(TestDb.rows(c.createStatement("/* $1 */ INSERT INTO sec_lit (a) VALUES ('$1 returning') /* returning */;")
                .returnGeneratedValues("a"))).containsExactly(List.of("$1 returning"));
        // a RETURNING the statement has is kept as it is
        assertThat(TestDb.rows(c.createStatement("INSERT INTO sec_lit (a) VALUES ($1) RETURNING upper(a)").returnGeneratedValues("a")
                .bind(0, "r"))).containsExactly(List.of("R"));
        assertThat(TestDb.one(c, "SELECT count(*) FROM sec_lit", Long.class)).isEqualTo(4L);
    }

    @Test
    void ghsaJ88v2chjQfwx_copySql_oneStatementWhateverTheLiteralsHold() {
        PgfastConnection pc = (PgfastConnection) c;
        String out = String.join("", Flux.from(pc.copyOutBytes("COPY (SELECT '$1; DROP TABLE sec_lit', $q$;$q$ /* ; */ -- ;\n) TO STDOUT"))
                .map(b -> new String(b, StandardCharsets.UTF_8)).collectList().block(TestDb.TIMEOUT));
        assertThat(out).isEqualTo("$1; DROP TABLE sec_lit\t;\n");
        assertThatThrownBy(() -> pc.copyOutBytes("COPY (SELECT 1) TO STDOUT; DROP TABLE sec_lit"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not several");
        assertThatThrownBy(() -> pc.copyIn("/* COPY */ SELECT 1; COPY sec_lit FROM STDIN", Flux.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(TestDb.one(c, "SELECT count(*) FROM pg_tables WHERE tablename = 'sec_lit'", Long.class)).isEqualTo(1L);
    }
}
