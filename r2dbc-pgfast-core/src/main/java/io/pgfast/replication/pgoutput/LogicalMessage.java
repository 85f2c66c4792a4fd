package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.nio.charset.StandardCharsets;

/**
 * Message ('M'): what {@code pg_logical_emit_message} wrote, when the stream asked for
 * {@code messages}. A transactional message arrives inside its transaction, at its commit; a
 * non-transactional one at once, outside any transaction.
 *
 * @param xid           the streamed transaction's ID, 0 outside a stream block
 * @param transactional whether it was emitted as part of its transaction
 * @param messageLsn    the LSN of the message
 * @param prefix        the prefix it was emitted with
 * @param content       its bytes; the array is this message's own
 */
public record LogicalMessage(Lsn lsn, long xid, boolean transactional, Lsn messageLsn, String prefix, byte[] content)
        implements PgOutputMessage {

    /** The content as UTF-8 text ({@code pg_logical_emit_message(…, text)} stores the text in the database encoding). */
    public String text() {
        return new String(content, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "LogicalMessage[lsn=" + lsn + ", xid=" + xid + ", transactional=" + transactional + ", messageLsn=" + messageLsn
                + ", prefix=" + prefix + ", " + content.length + " bytes]";
    }
}
