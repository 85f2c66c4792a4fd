package io.pgfast.flow;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every quoting and comment form of PostgreSQL's lexer (scan.l) that the driver reads, one row each: the SQL
 * and its tokens other than white space, written {@code KIND text}, with {@code …} after an open token (one
 * that runs to the end of the text without its closing delimiter). {@code \n} and {@code \r} in a row stand for
 * the line ends.
 */
class SqlLexerTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '#', quoteCharacter = '`', value = {
            // standard_conforming_strings = on: a backslash is an ordinary character, '' is a quote
            "SELECT 'a\\' $1#WORD SELECT|STRING 'a\\'|PARAMETER $1",
            "'it''s $1'#STRING 'it''s $1'",
            "''''#STRING ''''",
            // E'' (either case) has backslash escapes, \' included; the E is a word of its own
            "E'\\' $1' $2#WORD E|ESCAPE_STRING '\\' $1'|PARAMETER $2",
            "e'\\\\' $1#WORD e|ESCAPE_STRING '\\\\'|PARAMETER $1",
            "E'a''b'#WORD E|ESCAPE_STRING 'a''b'",
            // a word ending in e before a quote is not the E prefix
            "a$e'\\' $1, ''#WORD a$e|STRING '\\'|PARAMETER $1|OTHER ,|STRING ''",
            "E '\\'#WORD E|STRING '\\'",
            // U&'' and U&"" (standard strings and identifiers with a prefix), B'', X''
            "U&'d\\0061t\\+000061 $1' UESCAPE '!'#WORD U|OTHER &|STRING 'd\\0061t\\+000061 $1'|WORD UESCAPE|STRING '!'",
            "U&\"$1\"#WORD U|OTHER &|QUOTED_IDENTIFIER \"$1\"",
            "B'101' X'1F'#WORD B|STRING '101'|WORD X|STRING '1F'",
            // quoted identifiers, "" for a double quote
            "\"a \"\" $1\"$2#QUOTED_IDENTIFIER \"a \"\" $1\"|PARAMETER $2",
            // dollar quotes: empty tag, a tag, a tag holding digits, one quote inside another
            "$$ $1 ' \" $$#DOLLAR_STRING $$ $1 ' \" $$",
            "$tag$ $1 $$ $tag$ + $3#DOLLAR_STRING $tag$ $1 $$ $tag$|OTHER +|PARAMETER $3",
            "$a1$ $1 $a1$#DOLLAR_STRING $a1$ $1 $a1$",
            "$_$x$_$#DOLLAR_STRING $_$x$_$",
            "$a$ $b$ $1 $b$ $a$#DOLLAR_STRING $a$ $b$ $1 $b$ $a$",
            // tags that look like parameters are parameters: a tag cannot start with a digit
            "$1$ $2#PARAMETER $1|OTHER $|PARAMETER $2",
            "$1abc$#PARAMETER $1|WORD abc$",
            // a lone $, and $ inside a word (scan.l: ident_cont), which takes markers and tags in
            "$ $x#OTHER $|OTHER $|WORD x",
            "a$1 a$$b a$tag$x#WORD a$1|WORD a$$b|WORD a$tag$x",
            "1$1#WORD 1$1",
            // line comments end at \n or \r; block comments nest
            "SELECT 1 -- $1 ' \\n, $2#WORD SELECT|WORD 1|LINE_COMMENT -- $1 ' |OTHER ,|PARAMETER $2",
            "-- a\\r$1#LINE_COMMENT -- a|PARAMETER $1",
            "/* $1 /* $2 */ $3 */ $4#BLOCK_COMMENT /* $1 /* $2 */ $3 */|PARAMETER $4",
            "/**/$1/*/ */#BLOCK_COMMENT /**/|PARAMETER $1|BLOCK_COMMENT /*/ */",
            "1+--x#WORD 1|OTHER +|LINE_COMMENT --x…",
            "1-/**/-2#WORD 1|OTHER -|BLOCK_COMMENT /**/|OTHER -|WORD 2",
            // parameters and casts
            "SELECT x::text, $1::int, $10#WORD SELECT|WORD x|OTHER :|OTHER :|WORD text|OTHER ,|PARAMETER $1|OTHER :|OTHER :|WORD int|OTHER ,|PARAMETER $10",
            "($1)#OPEN_PAREN (|PARAMETER $1|CLOSE_PAREN )",
            // semicolons split statements, also inside parentheses
            "SELECT 1; SELECT ';'#WORD SELECT|WORD 1|SEMICOLON ;|WORD SELECT|STRING ';'",
            // unclosed: the token runs to the end and is open; nothing after its start is code
            "SELECT '$1; x#WORD SELECT|STRING '$1; x…",
            "E'\\'#WORD E|ESCAPE_STRING '\\'…",
            "E'\\#WORD E|ESCAPE_STRING '\\…",
            "\"x#QUOTED_IDENTIFIER \"x…",
            "$q$ $1 $q#DOLLAR_STRING $q$ $1 $q…",
            "$$#DOLLAR_STRING $$…",
            "/* /* */ $1#BLOCK_COMMENT /* /* */ $1…",
            "/*#BLOCK_COMMENT /*…",
            "-- $1#LINE_COMMENT -- $1…",
            // non-ASCII characters are identifier characters (scan.l's \200-\377), ASCII white space only
            "é$1 €$1#WORD é$1|WORD €$1",
            "x\u00A0$1#WORD x\u00A0$1",
    })
    void tokens(String sql, String expected) {
        assertThat(render(unescape(sql))).isEqualTo(unescape(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
            "SELECT $65535#65535",
            "SELECT $65536#-1",
            "SELECT $99999999999999999999#-1",
            "SELECT $007#7",
    })
    void parameterNumbersAboveTheProtocolsLimitAreMinusOne(String sql, int expected) {
        SqlLexer lx = new SqlLexer(sql);
        while (lx.next() && lx.token() != SqlLexer.Token.PARAMETER) {
            // up to the marker
        }
        assertThat(lx.parameter()).isEqualTo(expected);
    }

    /**
     * On any text the tokens cover it without gap or overlap, each at least one character long, and the lexer
     * stops: it never reads past the end or loops. Only an open token may end the text early.
     */
    @Property(tries = 3000)
    void tokensCoverAnyText(@ForAll @StringLength(max = 40) @Chars({'\'', '"', '$', '-', '/', '*', '\\', ';', '(', ')', 'E', 'e', 'a', '1', ' ', '\n', '\r'}) @CharRange(from = 'é', to = 'é') String sql) {
        SqlLexer lx = new SqlLexer(sql);
        int at = 0;
        int tokens = 0;
        while (lx.next()) {
            assertThat(lx.start()).isEqualTo(at);
            assertThat(lx.end()).isGreaterThan(lx.start()).isLessThanOrEqualTo(sql.length());
            if (lx.open()) {
                assertThat(lx.end()).isEqualTo(sql.length());
            }
            at = lx.end();
            assertThat(++tokens).isLessThanOrEqualTo(sql.length());
        }
        assertThat(at).isEqualTo(sql.length());
        assertThat(lx.next()).isFalse();
    }

    private static String render(String sql) {
        List<String> tokens = new ArrayList<>();
        for (SqlLexer lx = new SqlLexer(sql); lx.next(); ) {
            if (lx.token() != SqlLexer.Token.SPACE) {
                tokens.add(lx.token() + " " + sql.substring(lx.start(), lx.end()) + (lx.open() ? "…" : ""));
            }
        }
        return String.join("|", tokens);
    }

    private static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\r", "\r");
    }
}
