package io.pgfast.tck;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;

/** The two ways our driver runs a query, which read results in different formats. */
enum Protocol {
    /** No bindings: a simple Query message; every column arrives in text format. */
    SIMPLE("simple query, text") {
        @Override
        Statement statement(Connection connection, ConformanceCase c) {
            return connection.createStatement(c.select());
        }
    },
    /** A bound parameter: Parse/Bind/Execute, binary results for every type with a binary codec. */
    EXTENDED("extended query") {
        @Override
        Statement statement(Connection connection, ConformanceCase c) {
            return connection.createStatement(c.selectWithParameter()).bind(0, 1);
        }
    };

    private final String label;

    Protocol(String label) {
        this.label = label;
    }

    abstract Statement statement(Connection connection, ConformanceCase c);

    String label() {
        return label;
    }
}
