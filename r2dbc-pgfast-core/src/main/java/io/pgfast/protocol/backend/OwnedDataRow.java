package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCounted;

/**
 * A {@link DataRow} that holds a reference to its buffer: one decoded on its own
 * ({@link DataRow#decode(ByteBuf)}), made from values ({@link DataRow#of}) or copied ({@link DataRow#copy()}),
 * e.g. a row read ahead of its consumer.
 *
 * <p>Buffer-lifetime contract: the holder owns one reference and must {@link #release()} the row; the row and
 * its {@link #buffer()} are valid until the last reference is released. Its reference count is its buffer's.
 */
public final class OwnedDataRow extends DataRow implements ReferenceCounted {

    OwnedDataRow(ByteBuf buffer, int[] columns) {
        super(buffer, columns);
    }

    @Override
    public int refCnt() {
        return buffer.refCnt();
    }

    @Override
    public OwnedDataRow retain() {
        buffer.retain();
        return this;
    }

    @Override
    public OwnedDataRow retain(int increment) {
        buffer.retain(increment);
        return this;
    }

    @Override
    public OwnedDataRow touch() {
        buffer.touch();
        return this;
    }

    @Override
    public OwnedDataRow touch(Object hint) {
        buffer.touch(hint);
        return this;
    }

    @Override
    public boolean release() {
        return buffer.release();
    }

    @Override
    public boolean release(int decrement) {
        return buffer.release(decrement);
    }
}
