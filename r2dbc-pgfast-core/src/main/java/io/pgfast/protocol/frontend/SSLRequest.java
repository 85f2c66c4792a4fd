package io.pgfast.protocol.frontend;

/**
 * SSLRequest (F): Int32(8), Int32(80877103), with no type byte (the shape {@link EncryptionRequest} writes). Sent
 * first on a fresh connection to ask for TLS; the server answers with the single byte 'S' (go ahead with the TLS
 * handshake) or 'N' (no TLS), not with a message.
 */
public final class SSLRequest extends EncryptionRequest {

    /** 1234 in the high 16 bits, 5679 in the low, chosen by PostgreSQL not to collide with any protocol version. */
    public static final int CODE = 80877103;

    public static final SSLRequest INSTANCE = new SSLRequest();

    private SSLRequest() {
        super(CODE);
    }
}
