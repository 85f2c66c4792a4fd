package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.io.UnsignedInts;

/**
 * Frames the byte stream from the server into messages: Byte1 type, Int32 length (counting itself and the body,
 * not the type byte), body. Framing only: it says where the next message ends, and decodes nothing
 * ({@link BackendMessageReader} does). Pure, no I/O; it never moves the buffer's indices.
 *
 * <p>The type byte is checked against {@link BackendMessageType} as soon as it is readable, the length as soon as the 5-byte header is, before
 * waiting for or allocating anything: an unknown type, or a length below 4 or above {@code maxMessageSize}, is a
 * {@link ProtocolException}. So a corrupt or hostile length (2 GB) never makes the caller buffer it.
 */
public final class MessageFramer {

    /** Type byte plus Int32 length. */
    public static final int HEADER_LENGTH = 5;

    private final int maxMessageSize;

    /**
     * @param maxMessageSize the largest length field accepted (the body plus the 4 bytes of the length itself);
     *                       at least 4
     */
    public MessageFramer(int maxMessageSize) {
        if (maxMessageSize < 4) {
            throw new IllegalArgumentException("maxMessageSize must be at least 4, was " + maxMessageSize);
        }
        this.maxMessageSize = maxMessageSize;
    }

    public int maxMessageSize() {
        return maxMessageSize;
    }

    /**
     * The length field of the message at {@code in}'s reader index when all of it is readable: the message is
     * then {@code 1 + length} bytes, its body the {@code length - 4} after the header. -1 while it is not complete.
     *
     * @throws ProtocolException for an unknown type byte or a length out of bounds
     */
    public int frame(ByteBuf in) {
        int start = in.readerIndex();
        if (!in.isReadable()) {
            return -1;
        }
        byte type = in.getByte(start);
        // a byte that is no message type throws here, before a length is looked at
        BackendMessageType.of(type);
        if (in.readableBytes() < HEADER_LENGTH) {
            return -1;
        }
        int length = UnsignedInts.int32(in, start + 1);
        if (length < 4) {
            throw new ProtocolException("message " + BackendMessageType.describe(type) + " has length " + length
                + ", less than the 4 bytes of the length itself");
        }
        if (length > maxMessageSize) {
            throw new ProtocolException("message " + BackendMessageType.describe(type) + " has length " + length
                + ", more than the limit of " + maxMessageSize + " bytes");
        }
        // length <= maxMessageSize <= Integer.MAX_VALUE, so 1 + length may overflow only as a long.
        return in.readableBytes() - 1L < length ? -1 : length;
    }
}
