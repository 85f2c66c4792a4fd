package io.pgfast.protocol.frontend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.WireFormat;

/**
 * Standby status update (F), sent in a CopyData during streaming replication (protocol 55.4): Byte1('r'),
 * Int64 the last WAL byte + 1 received and written, Int64 the last WAL byte + 1 flushed, Int64 the last
 * WAL byte + 1 applied, Int64 the client's clock (microseconds since 2000-01-01), Byte1 1 to ask the
 * server for an immediate reply, else 0. A position of 0 (InvalidXLogRecPtr) tells the server nothing:
 * a logical slot's confirmed position moves only with a valid flush position.
 *
 * <p>{@link #encode} writes the whole CopyData message: Byte1('d'), Int32 length, then the content.
 */
public record StandbyStatusUpdate(long written, long flushed, long applied, long clock, boolean replyRequested)
        implements FrontendMessage {

    public static final byte TYPE = 'r';

    @Override
    public void encode(ByteBuf out) {
        int length = WireFormat.beginMessage(out, CopyData.TYPE);
        out.writeByte(TYPE);
        out.writeLong(written);
        out.writeLong(flushed);
        out.writeLong(applied);
        out.writeLong(clock);
        out.writeByte(replyRequested ? 1 : 0);
        WireFormat.endMessage(out, length);
    }
}
