package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * CancelRequest (F): Int32 length (16 in protocol 3.0, 12 + the key length in 3.2), Int32(80877102), Int32 process ID,
 * Byte<i>n</i> secret key; no type byte. Sent on a new connection, instead of a StartupMessage, to
 * cancel the query running in the backend identified by BackendKeyData; the server closes the
 * connection without answering.
 */
public final class CancelRequest implements FrontendMessage {

    /** 1234 in the high 16 bits, 5678 in the low, chosen by PostgreSQL not to collide with any protocol version. */
    public static final int CODE = 80877102;

    private final int processId;
    private final byte[] secretKey;

    /**
     * @param secretKey the key from BackendKeyData: 4 bytes in protocol 3.0, up to 256 in 3.2
     */
    public CancelRequest(int processId, byte[] secretKey) {
        if (secretKey == null || secretKey.length < 4 || secretKey.length > 256) {
            throw new IllegalArgumentException("the secret key has 4 to 256 bytes");
        }
        this.processId = processId;
        this.secretKey = secretKey.clone();
    }

    public int processId() {
        return processId;
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginUntypedMessage(out);
        out.writeInt(CODE);
        out.writeInt(processId);
        out.writeBytes(secretKey);
        WireFormat.endMessage(out, length);
    }

    /** Leaves the secret key out. */
    @Override
    public String toString() {
        return "CancelRequest[processId=" + processId + "]";
    }
}
