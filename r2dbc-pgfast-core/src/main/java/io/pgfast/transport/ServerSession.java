package io.pgfast.transport;

import io.pgfast.protocol.ProtocolVersion;
import io.pgfast.protocol.backend.BackendKeyData;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.NotificationResponse;
import io.pgfast.protocol.backend.ParameterStatus;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.TransactionStatus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * What the backend reports about its session, whichever conversation is running: the run-time parameters
 * (ParameterStatus), the key that cancels its work (BackendKeyData), the transaction status of the last
 * ReadyForQuery, the protocol version and encryption the startup settled on, the notifications of the channels
 * it listens to, and why it is about to close the connection when it says so.
 *
 * <p>Written on the channel's event loop as the messages arrive; read from any thread.
 */
public final class ServerSession {

    private final Map<String, String> parameters = new ConcurrentHashMap<>();
    private volatile BackendKeyData backendKeyData;
    /** The protocol version the startup settled on (3.0 until it says otherwise). */
    private volatile ProtocolVersion protocolVersion = ProtocolVersion.V3_0;
    private volatile boolean gssEncrypted;
    private volatile TransactionStatus transactionStatus = TransactionStatus.IDLE;
    /** Set by the first ReadyForQuery: the startup is over. */
    private volatile boolean started;
    private volatile Consumer<NotificationResponse> notificationListener;
    /** A WARNING of class 57 (operator intervention): why the server is about to close the connection. */
    private volatile String lastWords;

    ServerSession() {
    }

    /** A ParameterStatus: the current value of a run-time parameter. */
    void parameterStatus(ParameterStatus status) {
        parameters.put(status.name(), status.value());
    }

    /** A NotificationResponse: to the listener, if there is one. */
    void notification(NotificationResponse notification) {
        Consumer<NotificationResponse> listener = notificationListener;
        if (listener != null) {
            listener.accept(notification);
        }
    }

    void backendKeyData(BackendKeyData key) {
        backendKeyData = key;
    }

    /** A ReadyForQuery: the transaction status, and the startup is over. */
    void readyForQuery(ReadyForQuery ready) {
        transactionStatus = ready.status();
        started = true;
    }

    /** A NoticeResponse: kept when it says why the server is about to close the connection. */
    void notice(NoticeResponse notice) {
        if (isOperatorIntervention(notice)) {
            lastWords = notice.message() + " (" + notice.code() + ")";
        }
    }

    /**
     * An immediate shutdown tells each client why with a WARNING 57P01 ("terminating connection due to
     * immediate shutdown command") and closes the connection: that reason belongs in the error that follows.
     */
    private static boolean isOperatorIntervention(NoticeResponse n) {
        return n.code() != null && n.code().startsWith("57");
    }

    /** The run-time parameters the server reported, by name (server_version, TimeZone...). */
    public Map<String, String> parameters() {
        return parameters;
    }

    /** The key of a CancelRequest for this backend, or null until the startup has sent it. */
    public BackendKeyData backendKeyData() {
        return backendKeyData;
    }

    /** The transaction status of the last ReadyForQuery. */
    public TransactionStatus transactionStatus() {
        return transactionStatus;
    }

    /** Whether the startup is over (the first ReadyForQuery has arrived). */
    boolean isStarted() {
        return started;
    }

    /** The protocol version in use, recorded by the startup once the server is ready. */
    public ProtocolVersion protocolVersion() {
        return protocolVersion;
    }

    public void protocolVersion(ProtocolVersion version) {
        this.protocolVersion = version;
    }

    /** Whether the connection is GSS-encrypted (set before the first conversation). */
    public boolean isGssEncrypted() {
        return gssEncrypted;
    }

    void markGssEncrypted() {
        gssEncrypted = true;
    }

    /** Receives every NotificationResponse, on the event loop. */
    public void notificationListener(Consumer<NotificationResponse> listener) {
        this.notificationListener = listener;
    }

    /** Why the server said it is about to close the connection (a WARNING of class 57), or null. */
    String lastWords() {
        return lastWords;
    }
}
