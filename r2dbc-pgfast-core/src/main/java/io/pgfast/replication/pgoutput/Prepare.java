package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Prepare ('P'): the end of a prepared transaction's changes; {@link CommitPrepared} or
 * {@link RollbackPrepared} resolves it later.
 *
 * @param flags       currently unused, 0
 * @param prepareLsn  the LSN of the prepare
 * @param endLsn      the end of the prepared transaction
 * @param prepareTime the prepare timestamp
 * @param xid         the transaction
 * @param gid         the global identifier
 */
public record Prepare(Lsn lsn, int flags, Lsn prepareLsn, Lsn endLsn, Instant prepareTime, long xid, String gid)
        implements PgOutputMessage {
}
