package io.pgfast.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCounted;

import java.util.List;

/**
 * A receive buffer managed the way Netty's ByteToMessageDecoder merges reads: bytes are appended in
 * place unless a decoded message still holds a slice of the buffer (refCnt > 1), in which case the
 * unread bytes move to a new buffer and the old one lives on until those messages are released.
 */
public final class Cumulation {

    private ByteBuf buffer = Unpooled.buffer(16);

    public void append(byte[] bytes, int from, int to) {
        if (buffer.refCnt() > 1) {
            ByteBuf moved = Unpooled.buffer(buffer.readableBytes() + (to - from));
            moved.writeBytes(buffer);
            buffer.release();
            buffer = moved;
        } else {
            buffer.discardReadBytes();
        }
        buffer.writeBytes(bytes, from, to - from);
    }

    public ByteBuf buffer() {
        return buffer;
    }

    /**
     * Decodes every complete message now in the buffer into {@code messages}; messages decoded
     * before a failure stay in the list, so the caller can release them.
     */
    public void drain(BackendMessageReader framer, List<BackendMessage> messages) {
        BackendMessage message;
        while ((message = framer.next(buffer)) != null) {
            // a borrowed row is valid only until the next message: keep a copy
            if (message instanceof io.pgfast.protocol.backend.BorrowedDataRow row) {
                message = row.copy();
            }
            messages.add(message);
        }
    }

    public void release() {
        buffer.release();
    }

    public static void releaseAll(List<BackendMessage> messages) {
        for (BackendMessage message : messages) {
            if (message instanceof ReferenceCounted) {
                ((ReferenceCounted) message).release();
            }
        }
    }
}
