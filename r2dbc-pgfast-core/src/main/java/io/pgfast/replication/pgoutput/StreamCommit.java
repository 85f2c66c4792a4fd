package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Stream Commit ('c'): a streamed transaction committed; its changes came in earlier blocks.
 * Acknowledge {@link #endLsn()} once it is processed.
 *
 * @param xid        the transaction
 * @param flags      currently unused, 0
 * @param commitLsn  the LSN of the commit record
 * @param endLsn     the end of the transaction in the WAL
 * @param commitTime the commit timestamp
 */
public record StreamCommit(Lsn lsn, long xid, int flags, Lsn commitLsn, Lsn endLsn, Instant commitTime) implements PgOutputMessage {
}
