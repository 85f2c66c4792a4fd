package io.pgfast.r2dbc;

/**
 * A NOTIFY received on a connection that LISTENs on {@code channel} (PostgreSQL docs, NOTIFY).
 *
 * @param channel   the channel name
 * @param payload   the payload string, empty when NOTIFY gave none
 * @param processId the process ID of the notifying backend
 */
public record Notification(String channel, String payload, int processId) {
}
