package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;

import static org.assertj.core.api.Assertions.assertThat;

/** Decodes a complete message (type, length, body) from hand-made bytes through BackendMessageType. */
public final class Decoding {

    private Decoding() {
    }

    /**
     * Checks the golden bytes' own length field, decodes the body from a buffer of the given kind,
     * checks the body was read to its end, and releases the body. A returned DataRow or CopyData
     * still holds its own reference, which the caller releases.
     */
    public static BackendMessage decode(BufferKind kind, byte[] message) {
        int length = ((message[1] & 0xFF) << 24) | ((message[2] & 0xFF) << 16) | ((message[3] & 0xFF) << 8) | (message[4] & 0xFF);
        assertThat(length).as("the golden message's length field").isEqualTo(message.length - 1);
        byte[] bodyBytes = new byte[message.length - 5];
        System.arraycopy(message, 5, bodyBytes, 0, bodyBytes.length);
        ByteBuf body = kind.wrap(bodyBytes);
        try {
            BackendMessage decoded = BackendMessageType.of(message[0]).decode(body);
            assertThat(body.isReadable()).as("body read to the end").isFalse();
            return decoded;
        } finally {
            body.release();
        }
    }

    /** Decodes, then checks that encoding the message gives back exactly the golden bytes. */
    public static BackendMessage roundTrip(BufferKind kind, byte[] message) {
        BackendMessage decoded = decode(kind, message);
        assertThat(Encoded.backend(decoded)).as("encode(decode(bytes))").isEqualTo(message);
        return decoded;
    }
}
