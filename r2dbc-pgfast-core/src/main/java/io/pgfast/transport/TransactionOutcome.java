package io.pgfast.transport;

import io.pgfast.protocol.backend.TransactionStatus;

/**
 * What a conversation's statements may have done to the session's transaction by the time the connection was lost
 * after they were sent ({@link Conversation#transactionOutcome}): whether they may have committed something, and the
 * transaction status they leave for the conversation after them (pipelined behind them).
 *
 * @param commit how they may have committed, {@link Commit#NONE} when they cannot have
 * @param after  the status after them, had they run
 */
public record TransactionOutcome(Commit commit, TransactionStatus after) {

    /** How statements cut off by a lost connection may have committed. */
    public enum Commit {
        /** They cannot have: no SQL, a transaction block that now ends in a rollback, a failed transaction. */
        NONE,
        /** They end a transaction block with COMMIT (or COMMIT PREPARED, PREPARE TRANSACTION). */
        EXPLICIT,
        /** They ran outside a transaction block: each commits on its own (auto-commit). */
        AUTO
    }

    /** Nothing committed, the status unchanged: what runs no SQL (the default). */
    public static TransactionOutcome none(TransactionStatus before) {
        return new TransactionOutcome(Commit.NONE, before);
    }
}
