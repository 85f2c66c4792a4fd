package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Rollback Prepared ('r'): ROLLBACK PREPARED of a transaction sent earlier.
 *
 * @param flags          currently unused, 0
 * @param prepareEndLsn  the end of the prepared transaction
 * @param rollbackEndLsn the end of the rollback-prepared transaction
 * @param prepareTime    the prepare timestamp
 * @param rollbackTime   the rollback timestamp
 * @param xid            the transaction
 * @param gid            the global identifier
 */
public record RollbackPrepared(Lsn lsn, int flags, Lsn prepareEndLsn, Lsn rollbackEndLsn, Instant prepareTime,
                               Instant rollbackTime, long xid, String gid) implements PgOutputMessage {
}
