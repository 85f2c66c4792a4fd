package io.pgfast.r2dbc;

import io.r2dbc.spi.ConnectionMetadata;

/** The server as the connection sees it: product name and the server_version it reported at startup. */
record PgfastConnectionMetadata(String version) implements ConnectionMetadata {

    @Override
    public String getDatabaseProductName() {
        return "PostgreSQL";
    }

    @Override
    public String getDatabaseVersion() {
        return version;
    }
}
