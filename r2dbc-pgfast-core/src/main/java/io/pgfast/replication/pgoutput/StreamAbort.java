package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

import java.time.Instant;

/**
 * Stream Abort ('A'): a streamed transaction, or one of its subtransactions, rolled back; drop its changes
 * (those of {@code subXid} only, when it differs from {@code xid}).
 *
 * @param xid       the transaction
 * @param subXid    the subtransaction (equal to {@code xid} for the whole transaction)
 * @param abortLsn  the LSN of the abort, with {@code streaming = parallel} only (PostgreSQL 16+), else {@link Lsn#INVALID}
 * @param abortTime the abort timestamp, with {@code streaming = parallel} only, else null
 */
public record StreamAbort(Lsn lsn, long xid, long subXid, Lsn abortLsn, Instant abortTime) implements PgOutputMessage {
}
