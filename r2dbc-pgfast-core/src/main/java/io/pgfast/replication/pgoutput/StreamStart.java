package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * Stream Start ('S'): a block of changes of an in-progress transaction follows, up to {@link StreamStop}
 * (with {@code streaming}, PostgreSQL 14+). Its changes carry its {@code xid}.
 *
 * @param xid          the transaction
 * @param firstSegment whether this is the transaction's first block
 */
public record StreamStart(Lsn lsn, long xid, boolean firstSegment) implements PgOutputMessage {
}
