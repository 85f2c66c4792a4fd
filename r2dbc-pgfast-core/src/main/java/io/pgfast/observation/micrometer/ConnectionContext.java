package io.pgfast.observation.micrometer;

/** The context of an {@code r2dbc.connection} observation. */
public final class ConnectionContext extends EndpointContext {

    ConnectionContext(String database, String serverAddress, int serverPort) {
        super(database, serverAddress, serverPort);
    }
}
