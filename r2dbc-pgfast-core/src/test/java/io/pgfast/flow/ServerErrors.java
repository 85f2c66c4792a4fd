package io.pgfast.flow;

import io.pgfast.protocol.backend.ErrorResponse;

import java.util.Map;

/** ErrorResponses as a server sends them (fields: "Error and Notice Message Fields" in the protocol docs). */
final class ServerErrors {

    static final String UNDEFINED_TABLE = "42P01";

    private ServerErrors() {
    }

    /** ERROR 42P01, as for a SELECT from a table that does not exist. */
    static ErrorResponse undefinedTable() {
        return new ErrorResponse(Map.of('S', "ERROR", 'V', "ERROR", 'C', UNDEFINED_TABLE, 'M', "relation \"t\" does not exist"));
    }
}
