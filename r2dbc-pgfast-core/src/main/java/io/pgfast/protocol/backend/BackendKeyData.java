package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

import java.util.Arrays;

/**
 * BackendKeyData (B): Byte1('K'), Int32 length, Int32 process ID, Byte<i>n</i> secret key. The key
 * the client must send in a CancelRequest to cancel this backend's running query. The secret key is
 * 4 bytes in protocol 3.0; protocol 3.2 (PostgreSQL 18) allows up to 256, so 4..256 are accepted.
 *
 * @param processId the backend's process ID
 * @param secretKey the secret key; the array is this message's own, do not modify it
 */
public record BackendKeyData(int processId, byte[] secretKey) implements BackendMessage {

    public static final int MIN_KEY_LENGTH = 4;
    /** Protocol 3.2's limit on the secret key's length ("Message Formats", BackendKeyData). */
    public static final int MAX_KEY_LENGTH = 256;

    public BackendKeyData {
        if (secretKey == null || secretKey.length < MIN_KEY_LENGTH || secretKey.length > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException("the secret key has 4 to 256 bytes");
        }
    }

    public static BackendKeyData decode(ByteBuf body) {
        int processId = WireFormat.readInt32(body, "BackendKeyData", "process ID");
        int keyLength = body.readableBytes();
        if (keyLength < MIN_KEY_LENGTH || keyLength > MAX_KEY_LENGTH) {
            throw new ProtocolException("BackendKeyData: secret key of " + keyLength + " bytes, expected 4 to 256");
        }
        return new BackendKeyData(processId, WireFormat.readRemaining(body));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BackendKeyData other && processId == other.processId
            && Arrays.equals(secretKey, other.secretKey);
    }

    @Override
    public int hashCode() {
        return 31 * processId + Arrays.hashCode(secretKey);
    }

    /** Leaves the secret key out: it authorizes cancelling this backend's queries. */
    @Override
    public String toString() {
        return "BackendKeyData[processId=" + processId + ", secretKey=" + secretKey.length + " bytes]";
    }
}
