package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * CopyData (F): Byte1('d'), Int32 length, Byte<i>n</i> data. Part of the client's COPY FROM STDIN
 * data stream; messages need not line up with rows.
 *
 * <p>Buffer contract: the message refers to {@code data} without retaining it. {@link #encode}
 * copies data's readable bytes without moving its reader index and does not release it: the caller
 * keeps ownership and must keep {@code data} alive until the message is encoded, then release it.
 */
public final class CopyData implements FrontendMessage {

    public static final byte TYPE = 'd';

    private final ByteBuf data;

    public CopyData(ByteBuf data) {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
        this.data = data;
    }

    public ByteBuf data() {
        return data;
    }

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, TYPE);
        out.writeBytes(data, data.readerIndex(), data.readableBytes());
        WireFormat.endMessage(out, length);
    }

    @Override
    public String toString() {
        return "CopyData[" + data.readableBytes() + " bytes]";
    }
}
