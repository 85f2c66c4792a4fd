package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.ProtocolException;

/**
 * A {@link DataRow} that owns nothing: a reusable view for the receive hot path
 * ({@code BackendMessageReader}), re-pointed by {@link #decodeInto} at each DataRow of the receive buffer, so no
 * object, no array and no reference-count update is spent per row. Not reference-counted.
 *
 * <p>Buffer-lifetime contract: the row and its {@link #buffer()} are valid only until its reader decodes the
 * next message, and only while the receive buffer's bytes stay where they are (the transport hands each row to
 * exactly one consumer, synchronously, before that). Nothing needs releasing; {@link #copy()} what must outlive
 * it.
 */
public final class BorrowedDataRow extends DataRow {

    public BorrowedDataRow() {
        super(null, new int[32]);
    }

    /**
     * Points this row at the DataRow body at {@code [bodyStart, bodyStart + bodyLength)} of {@code buffer}, in
     * place: offsets become absolute indices into {@code buffer}, nothing is copied or retained.
     *
     * @return this row
     * @throws ProtocolException when the body is malformed (the row is then unusable)
     */
    public BorrowedDataRow decodeInto(ByteBuf buffer, int bodyStart, int bodyLength) {
        pointAt(buffer, bodyStart, bodyLength);
        return this;
    }
}
