package io.pgfast.observation.micrometer;

import io.micrometer.observation.Observation;

/** What the query and the connection observations share: the server they talk to, and whether they were cancelled. */
public abstract class EndpointContext extends Observation.Context {

    private final String database;
    private final String serverAddress;
    private final int serverPort;
    private volatile boolean cancelled;

    EndpointContext(String database, String serverAddress, int serverPort) {
        this.database = database;
        this.serverAddress = serverAddress;
        this.serverPort = serverPort;
    }

    /** The database connected to. */
    public String getDatabase() {
        return database;
    }

    /** The server's host name or address, or the Unix-domain socket. */
    public String getServerAddress() {
        return serverAddress;
    }

    /** The server's port; for a Unix-domain socket the port its file is named after. */
    public int getServerPort() {
        return serverPort;
    }

    /** Whether the subscriber gave up before the work ended. */
    public boolean isCancelled() {
        return cancelled;
    }

    void markCancelled() {
        cancelled = true;
    }
}
