package io.pgfast.protocol.frontend;

/**
 * GSSENCRequest (F): Int32(8), Int32(80877104), with no type byte (the shape {@link EncryptionRequest} writes).
 * Sent first on a fresh connection to ask for GSSAPI encryption; the server answers with the single byte 'G' or 'N'.
 */
public final class GSSENCRequest extends EncryptionRequest {

    /** 1234 in the high 16 bits, 5680 in the low, chosen by PostgreSQL not to collide with any protocol version. */
    public static final int CODE = 80877104;

    public static final GSSENCRequest INSTANCE = new GSSENCRequest();

    private GSSENCRequest() {
        super(CODE);
    }
}
