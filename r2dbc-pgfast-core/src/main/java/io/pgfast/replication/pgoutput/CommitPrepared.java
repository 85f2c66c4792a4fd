package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Commit Prepared ('K'): COMMIT PREPARED of a transaction sent earlier between {@link BeginPrepare} and
 * {@link Prepare}.
 *
 * @param flags      currently unused, 0
 * @param commitLsn  the LSN of the commit
 * @param endLsn     the end of the commit-prepared transaction
 * @param commitTime the commit timestamp
 * @param xid        the transaction
 * @param gid        the global identifier
 */
public record CommitPrepared(Lsn lsn, int flags, Lsn commitLsn, Lsn endLsn, Instant commitTime, long xid, String gid)
        implements PgOutputMessage {
}
