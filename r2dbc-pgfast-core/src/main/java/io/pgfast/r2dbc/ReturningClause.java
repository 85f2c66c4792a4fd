package io.pgfast.r2dbc;

import io.pgfast.flow.SqlLexer;
import io.pgfast.flow.SqlScanner;

/**
 * The {@code RETURNING} clause {@code Statement.returnGeneratedValues} adds to an INSERT, UPDATE, DELETE or
 * MERGE (or a WITH query ending in one) that has none.
 *
 * <p>Column names are data, never SQL (the CVE-2022-31197 class): each is written as a quoted identifier,
 * {@code "name"}, with an embedded {@code "} doubled, as pgjdbc does with its default
 * {@code quoteReturningIdentifiers}. A name is therefore the column's exact name as the catalog holds it and as
 * {@code RowMetadata} reports it: {@code id} for a column created as {@code id} or {@code ID} (unquoted
 * names fold to lower case), {@code MixedCase} only for one created as {@code "MixedCase"}. A name that is
 * already a well-formed quoted identifier ({@code "\"Id\""}: in double quotes, every inner double quote
 * doubled) is written as given: it is one identifier token and cannot end early, and it is what Spring Data
 * R2DBC passes (its dialect quotes identifiers; quoting it again would name a column {@code "id"} with the
 * quotes, where pgjdbc needs {@code quoteReturningIdentifiers=false}). A column whose name itself starts and
 * ends with a double quote is named in its quoted form ({@code "\"\"\"Q\"\"\""}). The single name
 * {@code *} means every column, as no name does. A NUL is refused (PostgreSQL identifiers cannot hold one).
 *
 * <p>Nothing is added to a statement of another kind, one that already has a top-level RETURNING (outside
 * literals, comments and parentheses), several statements, or text that ends inside an unterminated
 * literal or comment (appending would change it, not extend it). Trailing white space, comments and ';' are
 * dropped before the clause, so a final {@code -- comment} cannot swallow it.
 */
final class ReturningClause {

    private static final String[] DML = {"INSERT", "UPDATE", "DELETE", "MERGE", "WITH"};

    private ReturningClause() {
    }

    /** {@code sql} with {@code RETURNING columns} (every column when there are none), or {@code sql} itself. */
    static String append(String sql, String[] columns) {
        for (String c : columns) {
            if (c.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("column names must not contain NUL (U+0000)");
            }
            if (c.isEmpty()) {
                throw new IllegalArgumentException("column names must not be empty");
            }
        }
        if (!startsWithDml(sql) || SqlScanner.hasSeveralStatements(sql)) {
            return sql;
        }
        SqlScanner.Tail tail = SqlScanner.tail(sql);
        if (tail.returning() || tail.open()) {
            return sql;
        }
        StringBuilder b = new StringBuilder(tail.codeEnd() + 16 + columns.length * 12)
                .append(sql, 0, tail.codeEnd()).append(" RETURNING ");
        if (columns.length == 0 || columns.length == 1 && columns[0].equals("*")) {
            return b.append('*').toString();
        }
        for (int i = 0; i < columns.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            appendIdentifier(b, columns[i]);
        }
        return b.toString();
    }

    /** {@code name} as a quoted identifier: in double quotes, an embedded double quote doubled. */
    static void appendIdentifier(StringBuilder b, String name) {
        if (isQuotedIdentifier(name)) {
            b.append(name);
            return;
        }
        b.append('"');
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"') {
                b.append('"');
            }
            b.append(c);
        }
        b.append('"');
    }

    /** Whether {@code name} is one quoted identifier token: {@code "…"} with every inner double quote doubled. */
    static boolean isQuotedIdentifier(String name) {
        SqlLexer lx = new SqlLexer(name);
        return name.length() > 2 && lx.next() && lx.token() == SqlLexer.Token.QUOTED_IDENTIFIER && !lx.open()
                && lx.end() == name.length();
    }

    private static boolean startsWithDml(String sql) {
        SqlLexer lx = new SqlLexer(sql);
        if (!lx.nextCode()) {
            return false;
        }
        for (String keyword : DML) {
            if (lx.isWord(keyword)) {
                return true;
            }
        }
        return false;
    }
}
