package io.pgfast.r2dbc;

import io.r2dbc.spi.ConnectionMetadata;

/**
 * The server as the connection sees it: product name, the server_version it reported at startup, and the
 * frontend/backend protocol version the connection speaks ({@code 3.0}, or {@code 3.2} with PostgreSQL 18
 * and {@code maxProtocolVersion=3.2}).
 *
 * @param version         the server's server_version
 * @param protocolVersion the protocol version in use, as {@code major.minor}
 */
public record PgfastConnectionMetadata(String version, String protocolVersion) implements ConnectionMetadata {

    @Override
    public String getDatabaseProductName() {
        return "PostgreSQL";
    }

    @Override
    public String getDatabaseVersion() {
        return version;
    }
}
