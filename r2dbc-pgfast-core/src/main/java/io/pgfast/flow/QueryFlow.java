package io.pgfast.flow;

import io.pgfast.error.SqlState;
import io.pgfast.error.PgfastClientException;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.observation.QueryObservation;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.transport.CancelRequestSender;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * What the simple and the extended query flows share: the publisher of Results (one per statement
 * result, under the subscriber's demand), the Result being filled, cancellation and connection failure.
 *
 * <p>Cancellation: when the consumer of a Result gives up while its rows still arrive, the rest of the
 * rows are released unread, and if nothing was written after this conversation a CancelRequest stops
 * the server's work (its 57014 error is then expected and swallowed). When something was written after
 * it, the cancel could hit that statement instead, so the rows are only drained.
 */
public abstract class QueryFlow extends Conversation implements ResultFeed.Owner, Subscription {

    final Transport transport;
    final CodecRegistry codecs;
    final String sql;
    final ResultFactory resultFactory;
    private final Subscriber<? super Result> results;
    private static final AtomicLongFieldUpdater<QueryFlow> RESULT_DEMAND =
            AtomicLongFieldUpdater.newUpdater(QueryFlow.class, "resultDemand");
    private volatile long resultDemand;
    private volatile boolean resultsCancelled;
    /** Queued on the transport ({@link #start()}): from then on new demand may have to resume reading. */
    private volatile boolean submitted;
    private boolean resultsDone;
    ResultFeed current;
    private boolean cancelSent;
    private boolean anyResult;
    private java.util.List<NoticeResponse> earlyNotices;
    private int expectedResults = -1;
    private int emitted;
    private ResultFeed deferredEnd;
    /** How {@link #deferredEnd} ends: its row count (a Long, or null for none) or its error (an R2dbcException). */
    private Object deferredOutcome;
    /** Null unless an ObservationRegistry is configured: one null check per result, nothing per row. */
    private QueryObservation observation;
    private boolean written;
    /**
     * The read-ahead state, null until this conversation first reads ahead (event loop only): kept apart
     * because nearly every statement never reads ahead, and every statement allocates this flow.
     */
    private ReadAhead ahead;
    /** There are held results: new demand must hop to the event loop to hand them out. */
    private volatile boolean holding;

    /** What reading ahead for a statement waiting behind this one needs (see {@link Conversation#readAhead}). */
    private static final class ReadAhead {
        /** Bytes read ahead by this conversation's results and not yet handed out. */
        long bytes;
        /**
         * Results opened while nobody asked for them, in order; handed out as the Results subscriber asks.
         * Null until the first.
         */
        ArrayDeque<ResultFeed> held;
        /** Results are being opened ahead of demand. */
        boolean results;
        /** The Results publisher ended (completed or failed with {@link #endAfterHeld}) but results are still held. */
        boolean endWhenHeldOut;
        Throwable endAfterHeld;
    }

    private ReadAhead ahead() {
        if (ahead == null) {
            ahead = new ReadAhead();
        }
        return ahead;
    }
    /** What a held result counts against the read-ahead budget besides its rows: a few objects. */
    private static final int HELD_RESULT_BYTES = 128;

    QueryFlow(Transport transport, CodecRegistry codecs, String sql, ResultFactory resultFactory, Subscriber<? super Result> results) {
        this.transport = transport;
        this.codecs = codecs;
        this.sql = sql;
        this.resultFactory = resultFactory;
        this.results = results;
    }

    /** Observes this statement (before {@link #start()}); the observation is stopped when the conversation is over. */
    public final void observe(QueryObservation o) {
        this.observation = o;
    }

    /** Subscribes the Result subscriber and queues this conversation. */
    public final void start() {
        results.onSubscribe(this);
        submitted = true;
        transport.submit(this);
    }

    // --- the Subscription of the Results publisher ---

    @Override
    public final void request(long n) {
        if (n <= 0) {
            transport.eventLoop().execute(() -> {
                failResults(new IllegalArgumentException("§3.9: request must be positive, was " + n));
                cancel();
            });
            return;
        }
        Demand.add(RESULT_DEMAND, this, n);
        if (holding) {
            onLoop(this::handOutHeld);
        }
        if (submitted) {
            // before it is queued (a request from inside onSubscribe, the usual case) nothing can wait for this
            // demand: no task, no event-loop wake-up for it
            transport.resumeReading();
        }
    }

    @Override
    public final void cancel() {
        if (!resultsCancelled) {
            resultsCancelled = true;
            cancelBeforeWrite();
            transport.eventLoop().execute(this::onResultsCancelled);
            transport.resumeReading();
        }
    }

    /**
     * The Results subscriber gave up before any Result reached it (e.g. a timeout on a long statement):
     * stop the server's work too, when that is safe. Once a Result was handed out, the cancel only means
     * "no further Results" (Mono.from(execute()) cancels right after the first) and the work goes on.
     */
    private void onResultsCancelled() {
        if (ahead != null && ahead.held != null) {
            discardHeld();
        }
        if (anyResult || resultsDone) {
            return;
        }
        if (observation != null) {
            observation.cancelled();
            if (!written) {
                // cancelBeforeWrite: the queue drops this conversation unwritten, nothing else will end it
                endObservation();
            }
        }
        if (!cancelSent && transport.isLastWritten(this) && cancelServerWork()) {
            cancelSent = true;
        }
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

    /** Whether a new Result can be opened now: handed out, held (read-ahead), or discarded anyway. */
    final boolean canOpenResult() {
        return resultsCancelled || resultsDone || resultDemand > 0 || ahead != null && ahead.results && readAheadRoom();
    }

    private void onLoop(Runnable task) {
        if (transport.eventLoop().inEventLoop()) {
            task.run();
        } else {
            transport.eventLoop().execute(task);
        }
    }

    private void emit(ResultFeed feed) {
        RESULT_DEMAND.decrementAndGet(this);
        results.onNext(resultFactory.result(feed));
        if (++emitted == expectedResults) {
            // nothing more can come: let collectList()-style subscribers go on to the rows
            completeResults();
        }
    }

    /** New demand (event loop): the held results first, in order; then the end, if it came meanwhile. */
    private void handOutHeld() {
        ReadAhead a = ahead;
        if (a == null || a.held == null) {
            return;
        }
        ResultFeed next;
        while (!resultsCancelled && resultDemand > 0 && (next = a.held.poll()) != null) {
            a.bytes -= HELD_RESULT_BYTES;
            emit(next);
        }
        if (resultsCancelled) {
            discardHeld();
        }
        if (a.held.isEmpty()) {
            holding = false;
            a.results = false;
            if (a.endWhenHeldOut) {
                a.endWhenHeldOut = false;
                if (a.endAfterHeld != null) {
                    failResults(a.endAfterHeld);
                } else {
                    completeResults();
                }
            }
            transport.resumeReading();
        }
    }

    private void discardHeld() {
        ResultFeed feed;
        while ((feed = ahead.held.poll()) != null) {
            ahead.bytes -= HELD_RESULT_BYTES;
            feed.attach(new DiscardConsumer(transport.notices()));
        }
        holding = false;
    }

    private boolean hasHeld() {
        return ahead != null && ahead.held != null && !ahead.held.isEmpty();
    }

    @Override
    public Transport transport() {
        return transport;
    }

    @Override
    public boolean readAheadRoom() {
        return (ahead == null ? 0 : ahead.bytes) < transport.readAheadLimit();
    }

    @Override
    public void readAhead(long bytes) {
        ahead().bytes += bytes;
    }

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
        if (resultsCancelled || resultsDone) {
            feed.attach(new DiscardConsumer(transport.notices()));
        } else if (!hasHeld() && resultDemand > 0) {
            emit(feed);
        } else {
            // read ahead: nobody has asked for this Result yet; its rows are read ahead too
            ReadAhead a = ahead();
            if (a.held == null) {
                a.held = new ArrayDeque<>();
            }
            a.held.add(feed);
            holding = true;
            a.bytes += HELD_RESULT_BYTES;
            feed.startReadAhead();
        }
        return feed;
    }

    /**
     * How many Results this conversation gives when that is known in advance (one per binding, one for
     * a single SQL statement), else -1. The Results publisher then completes as soon as the last one is
     * handed out, instead of at ReadyForQuery, which would wait for the rows to be read: collecting the
     * Results before reading them must not hang.
     */
    public void expectResults(int count) {
        this.expectedResults = count;
    }

    /** The rows of the current result are read ahead for a statement waiting behind this one (see ResultFeed). */
    @Override
    protected boolean readAhead(byte type) {
        if (type == 'D') {
            return current != null && current.startReadAhead();
        }
        // a message that would open a Result nobody has asked for: hold the Results (see openResult)
        if (!readAheadRoom()) {
            return false;
        }
        ahead().results = true;
        return canAccept(type);
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
        failResults(e);
        resultsCancelled = true;
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
        if (isLastExpected()) {
            deferredEnd = current;
            deferredOutcome = rowsUpdated;
        } else {
            current.complete(rowsUpdated);
        }
        current = null;
    }

    final void failResult(R2dbcException error) {
        if (current == null) {
            openResult(null);
        }
        if (observation != null) {
            observation.error(error);
        }
        if (isLastExpected()) {
            deferredEnd = current;
            deferredOutcome = error;
        } else {
            current.error(error);
        }
        current = null;
    }

    /**
     * The last Result of a conversation whose Results publisher completed early ends only at ReadyForQuery,
     * so that whoever continues after it sees the session state (transaction status) that ReadyForQuery
     * reports; CommandComplete and ReadyForQuery arrive together, so this costs nothing.
     */
    private boolean isLastExpected() {
        return expectedResults > 0 && emitted == expectedResults;
    }

    /** ReadyForQuery ends the conversation: the deferred last Result, then the Results publisher. */
    final void readyForQuery() {
        // stopped before the last Result and the Results end, so a subscriber that saw them sees it stopped
        endObservation();
        ResultFeed feed = deferredEnd;
        if (feed != null) {
            deferredEnd = null;
            if (deferredOutcome instanceof R2dbcException) {
                feed.error((R2dbcException) deferredOutcome);
            } else {
                feed.complete((Long) deferredOutcome);
            }
        }
        completeResults();
    }

    final R2dbcException toException(ErrorResponse error) {
        return PgExceptionFactory.create(ErrorDetails.of(error.fields()), sql);
    }

    /** An ErrorResponse: swallowed when it is the 57014 our own CancelRequest caused. */
    final void onError(ErrorResponse error) {
        R2dbcException e = toException(error);
        if (cancelSent && SqlState.QUERY_CANCELED.equals(error.code())) {
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

    final void completeResults() {
        logLateNotices();
        if (hasHeld()) {
            // the Results read ahead come first; the end follows the last of them (handOutHeld)
            ahead.endWhenHeldOut = true;
            return;
        }
        if (!resultsDone) {
            resultsDone = true;
            if (!resultsCancelled) {
                results.onComplete();
            }
        }
    }

    private void failResults(Throwable e) {
        if (hasHeld()) {
            if (!ahead.endWhenHeldOut) {
                ahead.endWhenHeldOut = true;
                ahead.endAfterHeld = e;
            }
            return;
        }
        if (!resultsDone) {
            resultsDone = true;
            if (!resultsCancelled) {
                results.onError(e);
            }
        }
    }

    @Override
    public void onResultCancelled(ResultFeed feed) {
        if (observation != null) {
            observation.cancelled();
        }
        if (feed == current && !cancelSent && transport.isLastWritten(this) && cancelServerWork()) {
            cancelSent = true;
        }
    }

    /** Stops the server's work on this conversation; false when this flow cannot (subclasses may override). */
    boolean cancelServerWork() {
        CancelRequestSender.send(transport);
        return true;
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
        if (deferredEnd != null) {
            // e.g. FATAL 57P01 then the close: the server's own error is the better answer
            deferredEnd.error(deferredOutcome instanceof R2dbcException ? (R2dbcException) deferredOutcome : e);
            deferredEnd = null;
        }
        failResults(e);
    }
}
