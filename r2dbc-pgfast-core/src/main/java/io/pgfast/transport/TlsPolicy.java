package io.pgfast.transport;

/** What the transport does about TLS when it opens a channel (sslMode mapped down to three cases). */
public enum TlsPolicy {
    /** Never send SSLRequest. */
    DISABLED,
    /** Send SSLRequest; continue in plaintext when the server answers 'N'. */
    PREFERRED,
    /** Send SSLRequest (or start TLS directly); the server answering 'N' fails the connection. */
    REQUIRED
}
