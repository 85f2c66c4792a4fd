package io.pgfast.flow;

/**
 * The checks made on the SQL of {@code copyIn} and {@code copyOut} before anything is sent: one statement,
 * starting with the COPY keyword (after white space and comments). Another statement would run on the
 * server before the driver could tell from the answer that it was no COPY; whether the COPY goes the
 * right way (FROM STDIN, TO STDOUT) is left to the server's answer.
 */
public final class CopySql {

    private CopySql() {
    }

    /**
     * @param method the API method, for the message
     * @throws IllegalArgumentException when {@code sql} is null, holds several statements or is not a COPY
     */
    public static void check(String sql, String method) {
        if (sql == null) {
            throw new IllegalArgumentException(method + ": sql must not be null");
        }
        if (!startsWithCopy(sql)) {
            throw new IllegalArgumentException(method + " runs a COPY statement only, not: " + abbreviate(sql));
        }
        if (SqlScanner.hasSeveralStatements(sql)) {
            throw new IllegalArgumentException(method + " runs one COPY statement, not several: " + abbreviate(sql));
        }
    }

    static boolean startsWithCopy(String sql) {
        SqlLexer lx = new SqlLexer(sql);
        return lx.nextCode() && lx.isWord("COPY");
    }

    private static String abbreviate(String sql) {
        String s = sql.strip();
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }
}
