package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.WireFormat;

/**
 * XLogData (B), the content of a CopyData in a replication stream (protocol 55.4, "Streaming Replication
 * Protocol"): Byte1('w'), Int64 start of the WAL data, Int64 current end of WAL on the server, Int64 the
 * server's clock at transmission (microseconds since 2000-01-01), Byte<i>n</i> a section of the WAL data
 * stream. In logical replication the data is one message of the output plugin, and the start is the LSN
 * of the change it describes (for a commit, the end of the transaction).
 *
 * <p>Buffer contract: {@code data} is a slice of the CopyData content it was decoded from, neither copied
 * nor retained: it is valid only as long as that CopyData is, and its reader is not to change the
 * slice's indices into what it shares. A decoder reads it and copies what must outlive the message.
 *
 * <p>Not a framed backend message: there is no type byte of its own on the wire but the CopyData's
 * ({@link ReplicationMessage} tells it from a keepalive).
 */
public record XLogData(long walStart, long walEnd, long sendTime, ByteBuf data) implements ReplicationMessage {

    public static final byte TYPE = 'w';

    public XLogData {
        if (data == null) {
            throw new IllegalArgumentException("data must not be null");
        }
    }

    /**
     * Decodes the part after the type byte, consuming all of {@code body}.
     *
     * @throws io.pgfast.protocol.ProtocolException when the header is truncated
     */
    static XLogData decodeBody(ByteBuf body) {
        long walStart = WireFormat.readInt64(body, "XLogData", "WAL start");
        long walEnd = WireFormat.readInt64(body, "XLogData", "WAL end");
        long sendTime = WireFormat.readInt64(body, "XLogData", "send time");
        return new XLogData(walStart, walEnd, sendTime, body.readSlice(body.readableBytes()));
    }

    /** Writes the CopyData content (type byte, header, data) without moving {@code data}'s reader index. */

    @Override
    public String toString() {
        return "XLogData[walStart=" + walStart + ", walEnd=" + walEnd + ", sendTime=" + sendTime + ", "
                + data.readableBytes() + " bytes]";
    }
}
