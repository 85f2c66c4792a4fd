package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

/**
 * What a server in streaming replication sends inside each CopyData (protocol 55.4, after
 * START_REPLICATION): an {@link XLogData} or a {@link PrimaryKeepaliveMessage}, told apart by the first
 * byte of the content. Pure parsing, no I/O.
 */
public sealed interface ReplicationMessage permits XLogData, PrimaryKeepaliveMessage {

    /**
     * Decodes one CopyData content, reading {@code content} to its end.
     *
     * <p>Buffer contract: an XLogData's data is a slice of {@code content}, valid as long as
     * {@code content} is; nothing is retained. {@code content} stays the caller's.
     *
     * @throws ProtocolException for an empty content, an unknown type byte or a malformed message
     */
    static ReplicationMessage decode(ByteBuf content) {
        byte type = WireFormat.readByte(content, "replication CopyData", "message type");
        switch (type) {
            case XLogData.TYPE:
                return XLogData.decodeBody(content);
            case PrimaryKeepaliveMessage.TYPE:
                return PrimaryKeepaliveMessage.decodeBody(content);
            default:
                throw new ProtocolException("replication CopyData: unknown message type 0x"
                        + Integer.toHexString(type & 0xFF) + " (expected 'w' XLogData or 'k' primary keepalive)");
        }
    }
}
