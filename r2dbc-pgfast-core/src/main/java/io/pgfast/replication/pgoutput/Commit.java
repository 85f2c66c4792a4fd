package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Commit ('C'): the end of a transaction. Once it is processed, acknowledge {@link #endLsn()}: a stream
 * restarted from it delivers the transactions that committed after this one.
 *
 * @param flags      currently unused, 0
 * @param commitLsn  the LSN of the commit record
 * @param endLsn     the end of the transaction in the WAL
 * @param commitTime the commit timestamp
 */
public record Commit(Lsn lsn, int flags, Lsn commitLsn, Lsn endLsn, Instant commitTime) implements PgOutputMessage {
}
