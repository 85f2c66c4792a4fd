package io.pgfast.flow;

import io.pgfast.error.SqlState;
import io.pgfast.error.PgfastClientException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.observation.QueryObservation;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;

/**
 * What the simple and the extended query flows share: the Result being filled, the notices that come before
 * it, cancellation, the observation hook and connection failure. Handing the Results to their subscriber is
 * {@link ResultDelivery}'s job.
 *
 * <p>Cancellation: when the consumer of a Result gives up while its rows still arrive, the rest of the
 * rows are stepped over unread as they arrive. If nothing was written after this conversation, a statement
 * still running past {@code cancelDrainBytes} or {@code cancelDrainTime} is stopped by a CancelRequest
 * ({@link Transport#cancelEarly}; its 57014 error is then expected and swallowed). When something was written
 * after it, a cancel could hit that statement instead, so the rows are only drained. The drain ends with that
 * statement: in a text of several statements or a batch, the later statements run on, and a 57014 that reaches one
 * of them (a CancelRequest sent just as the cancelled statement ended) is their error, never swallowed.
 */
public abstract class QueryFlow extends ResultDelivery implements ResultFeed.Owner {

    final CodecRegistry codecs;
    final String sql;
    ResultFeed current;
    /** A CancelRequest went out for this conversation ({@link #cancelRequestSent}). */
    private boolean cancelSent;
    private boolean anyResult;
    private boolean written;
    private java.util.List<NoticeResponse> earlyNotices;
    /** Null unless an ObservationRegistry is configured: one null check per result, nothing per row. */
    private QueryObservation observation;

    QueryFlow(Transport transport, CodecRegistry codecs, String sql, ResultFactory resultFactory, Subscriber<? super Result> results) {
        super(transport, resultFactory, results);
        this.codecs = codecs;
        this.sql = sql;
    }

    /** Observes this statement (before {@link #start()}); the observation is stopped when the conversation is over. */
    public final void observe(QueryObservation o) {
        this.observation = o;
    }

    /** Subscribes the Result subscriber and queues this conversation. */
    public final void start() {
        subscribe();
        transport.submit(this);
    }

    /**
     * How many Results this conversation gives when that is known in advance (one per binding, one for
     * a single SQL statement), else -1: see {@link ResultDelivery#expect}.
     */
    public void expectResults(int count) {
        expect(count);
    }

    /**
     * The Results subscriber gave up before any Result reached it (e.g. a timeout on a long statement):
     * stop the server's work too, when that is safe. Once a Result was handed out, the cancel only means
     * "no further Results" and the work goes on.
     */
    @Override
    final void onResultsCancelled() {
        if (anyResult) {
            return;
        }
        if (observation != null) {
            observation.cancelled();
            if (!written) {
                // cancelBeforeWrite: the queue drops this conversation unwritten, nothing else will end it
                endObservation();
            }
        }
        cancelServerWork();
    }

    /** The subclasses' {@code writeTo} calls this first: from now on the conversation ends with a ReadyForQuery or a failure. */
    final void markWritten() {
        written = true;
    }

    private void endObservation() {
        QueryObservation o = observation;
        if (o != null) {
            observation = null;
            o.stop();
        }
    }

    // --- for the subclasses (event loop) ---

    final ResultFeed openResult(ResultColumns columns) {
        ResultFeed feed = resultFactory.feed(columns, this);
        current = feed;
        anyResult = true;
        if (earlyNotices != null) {
            // notices sent before the statement's first result message belong to that result
            for (NoticeResponse n : earlyNotices) {
                feed.notice(n);
            }
            earlyNotices = null;
        }
        deliver(feed);
        return feed;
    }

    /**
     * Backpressure for both query protocols: a DataRow while its consumer asks for rows; a message that opens a Result
     * ({@link #opensResult}) while a Result may be opened; a message that ends one while one is open, or may be opened
     * (the statement had no Result before it); the rest always.
     */
    @Override
    protected final boolean canAccept(BackendMessageType type) {
        if (type == BackendMessageType.DATA_ROW) {
            // without an open result the row is a protocol violation: take it, so onMessage can say so
            return current == null || current.acceptsRow();
        }
        if (opensResult(type)) {
            return canOpenResult();
        }
        switch (type) {
            case COMMAND_COMPLETE:
            case ERROR_RESPONSE:
            case EMPTY_QUERY_RESPONSE:
                return current != null || canOpenResult();
            default:
                return true;
        }
    }

    /** Whether a message of this type opens a Result now, in this protocol. */
    abstract boolean opensResult(BackendMessageType type);

    /** The rows of the current result are read ahead for a statement waiting behind this one (see ResultFeed). */
    @Override
    protected boolean readAheadForWaiters(BackendMessageType type) {
        if (type == BackendMessageType.DATA_ROW) {
            return current != null && current.startReadingRowsAhead();
        }
        // a message that would open a Result nobody has asked for: hold the Results (see ResultDelivery#deliver)
        return readResultsAhead() && canAccept(type);
    }

    /**
     * Waiting behind a result that nobody reads, past readAheadLimit: the Results subscriber gets
     * {@code failure}; the results that still come are discarded unread.
     */
    @Override
    protected boolean abandon(Throwable failure) {
        R2dbcException e = failure instanceof R2dbcException ? (R2dbcException) failure
                : new PgfastClientException(failure.getMessage(), failure);
        if (observation != null) {
            observation.error(e);
        }
        abandonResults(e);
        return true;
    }

    @Override
    protected boolean skipsDataRows() {
        return current != null && current.discardsRows();
    }

    /** A DataRow must belong to an open result with rows, and carry exactly its columns. */
    final void checkRow(io.pgfast.protocol.backend.DataRow row) {
        if (current == null || current.columns == null) {
            throw new io.pgfast.protocol.ProtocolException(current == null ? "DataRow without RowDescription"
                    : "DataRow for a statement that returns no rows (NoData)");
        }
        if (row.columnCount() != current.columns.size()) {
            throw new io.pgfast.protocol.ProtocolException("DataRow with " + row.columnCount() + " columns for a RowDescription of "
                    + current.columns.size());
        }
    }

    final boolean anyResultOpened() {
        return anyResult;
    }

    final void closeResult(Long rowsUpdated) {
        if (current == null) {
            openResult(null);
        }
        if (observation != null && rowsUpdated != null) {
            observation.result(current.columns != null, rowsUpdated);
        }
        end(current, rowsUpdated, null);
        statementEnded();
    }

    final void failResult(R2dbcException error) {
        if (current == null) {
            openResult(null);
        }
        if (observation != null) {
            observation.error(error);
        }
        end(current, null, error);
        statementEnded();
    }

    /**
     * The current Result's statement ended: when its consumer gave up, an early cancel draining it is over and sends
     * nothing for a later statement.
     */
    private void statementEnded() {
        if (current.isCancelledByConsumer()) {
            transport.earlyCancelOver(this);
        }
        current = null;
    }

    /** ReadyForQuery ends the conversation: the last Result, the late notices, then the Results publisher. */
    final void readyForQuery() {
        transport.ending(this);
        // stopped before the last Result and the Results end, so a subscriber that saw them sees it stopped
        endObservation();
        endAtReadyForQuery();
        logLateNotices();
        complete();
    }

    final R2dbcException toException(ErrorResponse error) {
        return PgExceptionFactory.create(ErrorDetails.of(error.fields()), sql);
    }

    /**
     * An ErrorResponse: swallowed when it is the 57014 our own CancelRequest caused, for the statement whose consumer
     * gave up or for a conversation whose Results subscriber did.
     */
    final void onError(ErrorResponse error) {
        R2dbcException e = toException(error);
        boolean stoppedByUs = resultsCancelled() || current != null && current.isCancelledByConsumer();
        if (cancelSent && stoppedByUs && SqlState.QUERY_CANCELED.equals(error.code())) {
            // the statement we cancelled ourselves: its Result (if any) just ends
            if (observation != null) {
                observation.cancelled();
            }
            if (current != null) {
                closeResult(null);
            }
            return;
        }
        failResult(e);
    }

    final void onNotice(NoticeResponse notice) {
        if (current != null) {
            current.notice(notice);
        } else {
            if (earlyNotices == null) {
                earlyNotices = new java.util.ArrayList<>(2);
            }
            earlyNotices.add(notice);
        }
    }

    /** Notices after the last result, before ReadyForQuery, have no Result to go to: they are logged. */
    final void logLateNotices() {
        if (earlyNotices != null) {
            for (NoticeResponse n : earlyNotices) {
                transport.notices().log(n);
            }
            earlyNotices = null;
        }
    }

    @Override
    public void onResultCancelled(ResultFeed feed) {
        if (observation != null) {
            observation.cancelled();
        }
        if (feed == current) {
            cancelServerWork();
        }
    }

    @Override
    protected void cancelRequestSent() {
        cancelSent = true;
    }

    /**
     * Stops the server's work on this conversation's running statement unless it ends within the early cancel's bounds
     * (subclasses may do it otherwise); only drains the answer when a cancel could reach another statement.
     */
    void cancelServerWork() {
        transport.cancelEarly(this);
    }

    /** A COMMIT, or a statement in auto-commit, cut off by a lost connection may have committed: see {@link TransactionEffects}. */
    @Override
    protected io.pgfast.transport.TransactionOutcome transactionOutcome(io.pgfast.protocol.backend.TransactionStatus before) {
        return TransactionEffects.of(sql, before);
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        R2dbcException e = failure instanceof R2dbcException ? (R2dbcException) failure
                : new PgfastClientException("cannot send the statement: " + failure.getMessage(), failure);
        if (observation != null) {
            observation.error(e);
            endObservation();
        }
        if (current != null) {
            current.error(e);
            current = null;
        }
        // e.g. FATAL 57P01 then the close: the server's own error is the better answer
        endAfterFailure(e);
        fail(e);
    }
}
