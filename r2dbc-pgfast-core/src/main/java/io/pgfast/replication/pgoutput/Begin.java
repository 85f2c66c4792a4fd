package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Begin ('B'): a transaction starts; its changes follow, then its {@link Commit}.
 *
 * @param finalLsn   the LSN of the transaction's commit record
 * @param commitTime the commit timestamp
 * @param xid        the transaction ID
 */
public record Begin(Lsn lsn, Lsn finalLsn, Instant commitTime, long xid) implements PgOutputMessage {
}
