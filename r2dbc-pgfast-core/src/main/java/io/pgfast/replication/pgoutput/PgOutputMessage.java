package io.pgfast.replication.pgoutput;

import io.pgfast.codec.type.Lsn;

/**
 * One message of the pgoutput plugin, decoded (PostgreSQL docs, "Logical Replication Message Formats").
 * A transaction arrives as {@link Begin}, its changes ({@link Insert}, {@link Update}, {@link Delete},
 * {@link Truncate}, transactional {@link LogicalMessage}s), and {@link Commit}; {@link Relation} and
 * {@link Type} describe tables and types before the first change that needs them; with
 * {@code streaming} an in-progress transaction arrives in blocks between {@link StreamStart} and
 * {@link StreamStop}, ended by {@link StreamCommit} or {@link StreamAbort}; with {@code twoPhase} a
 * prepared transaction arrives between {@link BeginPrepare} and {@link Prepare}, resolved later by
 * {@link CommitPrepared} or {@link RollbackPrepared}.
 *
 * <p>Transaction IDs are unsigned 32-bit values held in a {@code long}; 0 means none. OIDs are held in an
 * {@code int}, as everywhere in the driver ({@code Integer.toUnsignedLong} gives the number).
 */
public sealed interface PgOutputMessage permits Begin, Commit, Origin, Relation, Type, Insert, Update, Delete,
        Truncate, LogicalMessage, StreamStart, StreamStop, StreamCommit, StreamAbort, BeginPrepare, Prepare,
        CommitPrepared, RollbackPrepared, StreamPrepare {

    /**
     * The WAL start of the XLogData that carried this message: the LSN of the change it describes. For a
     * {@link Commit} it is the end of the transaction, the position to acknowledge once the transaction
     * is processed.
     */
    Lsn lsn();
}
