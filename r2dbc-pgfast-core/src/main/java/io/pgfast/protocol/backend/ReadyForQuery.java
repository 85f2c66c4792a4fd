package io.pgfast.protocol.backend;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.WireFormat;

/**
 * ReadyForQuery (B): Byte1('Z'), Int32(5), Byte1 status ('I' idle, 'T' in a transaction block, 'E'
 * in a failed transaction block). The backend is ready for a new query cycle. Decoding returns one
 * shared instance per status.
 */
public record ReadyForQuery(TransactionStatus status) implements BackendMessage {

    public static final ReadyForQuery IDLE = new ReadyForQuery(TransactionStatus.IDLE);
    public static final ReadyForQuery IN_TRANSACTION = new ReadyForQuery(TransactionStatus.IN_TRANSACTION);
    public static final ReadyForQuery FAILED = new ReadyForQuery(TransactionStatus.FAILED);

    public ReadyForQuery {
        if (status == null) {
            throw new IllegalArgumentException("status must not be null");
        }
    }

    public static ReadyForQuery decode(ByteBuf body) {
        byte status = WireFormat.readByte(body, "ReadyForQuery", "transaction status");
        WireFormat.expectEnd(body, "ReadyForQuery");
        return of(status);
    }

    /** The shared instance for a status byte: what a one-byte body decodes to, without a slice of it. */
    public static ReadyForQuery of(byte status) {
        TransactionStatus known = TransactionStatus.of(status);
        if (known == null) {
            throw new ProtocolException("ReadyForQuery: unknown transaction status 0x" + Integer.toHexString(status & 0xFF));
        }
        switch (known) {
            case IDLE:
                return IDLE;
            case IN_TRANSACTION:
                return IN_TRANSACTION;
            default:
                return FAILED;
        }
    }
}
