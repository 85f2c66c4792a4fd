package io.pgfast.tck;

/**
 * One row of the conformance table: a SQL expression of one type, how both drivers' values are compared,
 * and the first PostgreSQL major that has the type or value.
 */
record ConformanceCase(String family, String expression, Mapping mapping, int sinceMajor) {

    /** The query our simple-query path runs (and pgjdbc, for scalar mappings). */
    String select() {
        return "SELECT " + expression;
    }

    /**
     * The same query with a bound parameter, so our driver takes the extended protocol (binary results for
     * every type with a binary codec); {@code $1 = 1} makes the parameter an int4 and leaves the row alone.
     */
    String selectWithParameter() {
        return "SELECT " + expression + " WHERE $1 = 1";
    }
}
