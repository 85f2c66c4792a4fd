package io.pgfast.replication;

import io.netty.buffer.ByteBuf;
import io.pgfast.codec.type.Lsn;

/**
 * Turns the data of each XLogData of one replication stream into what the stream emits. One instance per
 * stream, called on the connection's event loop, one message at a time: it may keep state across
 * messages (pgoutput keeps the relations it was told about).
 */
@FunctionalInterface
public interface WalDecoder<T> {

    /**
     * Decodes one output plugin message.
     *
     * <p>Buffer contract: {@code data} is valid only during the call (it is a view into the receive
     * buffer, released afterwards); copy whatever the result needs. Do not change its indices.
     *
     * @param walStart the XLogData's WAL start: the LSN of the change the message describes
     * @return the element to emit, never null
     * @throws io.pgfast.protocol.ProtocolException when the data is malformed: the stream then fails and
     *                                              the connection is closed
     */
    T decode(Lsn walStart, ByteBuf data);
}
