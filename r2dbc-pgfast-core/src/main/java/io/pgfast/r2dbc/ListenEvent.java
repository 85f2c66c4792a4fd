package io.pgfast.r2dbc;

/**
 * What a {@link ReconnectingListener} emits: that LISTEN is in effect on a connection, and the notifications
 * received on it.
 */
public sealed interface ListenEvent {

    /**
     * LISTEN is in effect on a new connection to {@code server} (host:port, or a socket path). Every connection
     * starts with this event, before its notifications.
     *
     * @param lost null for the first connection; otherwise the error that ended the previous one. NOTIFY is not
     *             queued for a session that is gone: whatever was sent on the channels between that loss and this
     *             event was not received, so re-read the state the notifications describe.
     */
    record Listening(String server, Throwable lost) implements ListenEvent {
        /** Whether notifications may have been missed before this event (this is not the first connection). */
        public boolean resumed() {
            return lost != null;
        }
    }

    /** A notification received on the current connection. */
    record Received(Notification notification) implements ListenEvent {
    }
}
