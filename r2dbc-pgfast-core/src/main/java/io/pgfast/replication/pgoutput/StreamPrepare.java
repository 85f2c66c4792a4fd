package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Stream Prepare ('p'): a streamed transaction was prepared for two-phase commit; its changes came in
 * earlier blocks (with {@code streaming} and {@code twoPhase}).
 *
 * @param flags       currently unused, 0
 * @param prepareLsn  the LSN of the prepare
 * @param endLsn      the end of the prepared transaction
 * @param prepareTime the prepare timestamp
 * @param xid         the transaction
 * @param gid         the global identifier
 */
public record StreamPrepare(Lsn lsn, int flags, Lsn prepareLsn, Lsn endLsn, Instant prepareTime, long xid, String gid)
        implements PgOutputMessage {
}
