package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * Origin ('O'): the transaction was replicated from another server (replication origins), sent after
 * {@link Begin} when the stream's {@code origin} option lets such transactions through.
 *
 * @param originCommitLsn the LSN of the commit on the origin server
 * @param name            the origin's name
 */
public record Origin(Lsn lsn, Lsn originCommitLsn, String name) implements PgOutputMessage {
}
