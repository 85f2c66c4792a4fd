package io.pgfast.transport;

import io.pgfast.error.SqlState;
import io.pgfast.protocol.backend.TransactionStatus;
import io.r2dbc.spi.R2dbcNonTransientResourceException;

/**
 * The error each conversation in flight gets when the connection ends, in request order: the loss itself, or, for a
 * conversation whose statements may have committed before the connection went (a COMMIT, a statement in
 * auto-commit: {@link Conversation#transactionOutcome}), an error saying that the outcome is unknown. The server
 * may have run and committed them, and only the answer was lost; or they never arrived. PostgreSQL's own code for
 * this is SQLSTATE 08007, transaction_resolution_unknown. It is an {@link R2dbcNonTransientResourceException},
 * never a rollback exception: retrying it blindly could apply a change twice.
 *
 * <p>The transaction status before the first conversation in flight is the last ReadyForQuery's; the status before
 * each one after it is what the one before it leaves, as its SQL says. Event loop only; one per loss.
 */
final class LostOutcome {

    private final String server;
    private TransactionStatus status;

    LostOutcome(String server, TransactionStatus status) {
        this.server = server;
        this.status = status;
    }

    /** The error for {@code c}, the next conversation in flight, when the connection was lost with {@code loss}. */
    Throwable failureOf(Conversation c, Throwable loss) {
        TransactionOutcome outcome = c.transactionOutcome(status);
        status = outcome.after();
        switch (outcome.commit()) {
            case EXPLICIT:
                return unknown("while COMMIT was in flight: the transaction may or may not have committed", loss);
            case AUTO:
                return unknown("after a statement was sent in auto-commit: it may or may not have committed", loss);
            default:
                return loss;
        }
    }

    private Throwable unknown(String what, Throwable loss) {
        return new R2dbcNonTransientResourceException("the connection to " + server + " was lost " + what
                + "; check what it changed before running it again (" + loss.getMessage() + ")",
                SqlState.TRANSACTION_RESOLUTION_UNKNOWN, loss);
    }
}
