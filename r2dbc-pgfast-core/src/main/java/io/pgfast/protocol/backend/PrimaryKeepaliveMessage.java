package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

/**
 * Primary keepalive message (B), the content of a CopyData in a replication stream (protocol 55.4):
 * Byte1('k'), Int64 current end of WAL on the server, Int64 the server's clock at transmission
 * (microseconds since 2000-01-01), Byte1 1 when the client should reply as soon as possible (to avoid a
 * timeout disconnect), else 0.
 */
public record PrimaryKeepaliveMessage(long walEnd, long sendTime, boolean replyRequested) implements ReplicationMessage {

    public static final byte TYPE = 'k';

    /** Decodes the part after the type byte, which must be exactly the three fields. */
    static PrimaryKeepaliveMessage decodeBody(ByteBuf body) {
        long walEnd = WireFormat.readInt64(body, "Primary keepalive message", "WAL end");
        long sendTime = WireFormat.readInt64(body, "Primary keepalive message", "send time");
        byte reply = WireFormat.readByte(body, "Primary keepalive message", "reply requested");
        WireFormat.expectEnd(body, "Primary keepalive message");
        if (reply != 0 && reply != 1) {
            throw new ProtocolException("Primary keepalive message: reply requested is " + reply + ", neither 0 nor 1");
        }
        return new PrimaryKeepaliveMessage(walEnd, sendTime, reply == 1);
    }

    /** Writes the CopyData content: type byte and fields. */
}
