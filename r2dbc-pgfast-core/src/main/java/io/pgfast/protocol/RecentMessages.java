package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/**
 * Immutable messages of one type kept with the body bytes they were decoded from: the same bytes again give the
 * same message again, with no decoding and no allocation. A few slots, taken round robin; a body longer than
 * the limit is not kept. Sharing a message is safe because it is immutable. Not thread-safe (one connection's
 * event loop).
 *
 * @param <M> the message type
 */
final class RecentMessages<M extends BackendMessage> {

    private final Object[] messages;
    private final byte[][] bodies;
    private final int maxBodyBytes;
    private int next;

    RecentMessages(int slots, int maxBodyBytes) {
        this.messages = new Object[slots];
        this.bodies = new byte[slots][];
        this.maxBodyBytes = maxBodyBytes;
    }

    /** The kept message whose body is {@code in[offset, offset + length)}, or null. */
    @SuppressWarnings("unchecked")
    M find(ByteBuf in, int offset, int length) {
        for (int i = 0; i < bodies.length; i++) {
            byte[] body = bodies[i];
            if (body != null && body.length == length && sameBytes(in, offset, body)) {
                return (M) messages[i];
            }
        }
        return null;
    }

    /** Keeps {@code message}, decoded from {@code in[offset, offset + length)}, unless the body is too long. */
    M keep(M message, ByteBuf in, int offset, int length) {
        if (length <= maxBodyBytes) {
            messages[next] = message;
            bodies[next] = ByteBufUtil.getBytes(in, offset, length);
            next = (next + 1) % bodies.length;
        }
        return message;
    }

    private static boolean sameBytes(ByteBuf in, int offset, byte[] body) {
        for (int i = 0; i < body.length; i++) {
            if (in.getByte(offset + i) != body[i]) {
                return false;
            }
        }
        return true;
    }
}
