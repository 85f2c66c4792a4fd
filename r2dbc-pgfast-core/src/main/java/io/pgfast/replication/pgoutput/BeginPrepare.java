package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Begin Prepare ('b'): a transaction being prepared for two-phase commit (PREPARE TRANSACTION) starts;
 * its changes follow, then {@link Prepare} (with {@code twoPhase}, PostgreSQL 15+).
 *
 * @param prepareLsn  the LSN of the prepare
 * @param endLsn      the end of the prepared transaction
 * @param prepareTime the prepare timestamp
 * @param xid         the transaction
 * @param gid         the global identifier given to PREPARE TRANSACTION
 */
public record BeginPrepare(Lsn lsn, Lsn prepareLsn, Lsn endLsn, Instant prepareTime, long xid, String gid)
        implements PgOutputMessage {
}
