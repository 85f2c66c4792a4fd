package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;
import io.pgfast.protocol.BackendMessage;

/**
 * CopyData (B): Byte1('d'), Int32 length, Byte<i>n</i> data. Part of a COPY OUT (or COPY BOTH)
 * data stream; messages need not line up with rows.
 *
 * <p>Buffer contract: {@link #content()} is a retained slice of the received bytes. Whoever receives
 * this message owns one reference and must {@link #release()} it (releasing the message releases the
 * content); the content is valid until then.
 */
public final class CopyData implements BackendMessage, ReferenceCounted {

    private final ByteBuf content;

    /** Takes ownership of {@code content}: releasing this message releases it. */
    public CopyData(ByteBuf content) {
        if (content == null) {
            throw new IllegalArgumentException("content must not be null");
        }
        this.content = content;
    }

    /** Consumes the whole body and returns it as a retained slice. */
    public static CopyData decode(ByteBuf body) {
        return new CopyData(body.readRetainedSlice(body.readableBytes()));
    }

    /** The data; its readable bytes are the message's. Valid until this message is released. */
    public ByteBuf content() {
        return content;
    }

    /** Writes the content's readable bytes without moving its reader index. */

    @Override
    public int refCnt() {
        return content.refCnt();
    }

    @Override
    public CopyData retain() {
        content.retain();
        return this;
    }

    @Override
    public CopyData retain(int increment) {
        content.retain(increment);
        return this;
    }

    @Override
    public CopyData touch() {
        content.touch();
        return this;
    }

    @Override
    public CopyData touch(Object hint) {
        content.touch(hint);
        return this;
    }

    @Override
    public boolean release() {
        return content.release();
    }

    @Override
    public boolean release(int decrement) {
        return content.release(decrement);
    }

    @Override
    public String toString() {
        return "CopyData[" + content.readableBytes() + " bytes]";
    }
}
