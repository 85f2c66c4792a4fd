package io.pgfast.flow;

import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * The Results publisher of a query conversation, its one job: it hands each Result the flow opens to the Results
 * subscriber under that subscriber's demand, holds the Results opened while nobody asked for them (read ahead for a
 * statement waiting behind, in a {@link StatementReadAhead}), lets the last expected Result end only at ReadyForQuery, and
 * completes or fails the publisher, after the held Results.
 *
 * <p>The query flows extend it rather than keep it in a field: an object of its own would add its header and two
 * references to every statement (16 to 24 bytes; FlowLayoutTest and StatementFootprintTest measure what a statement
 * costs). The protocol state stays in {@link QueryFlow} and its subclasses, which reach this class through its
 * package-private methods only.
 *
 * <p>Threading: {@link #request} and {@link #cancel} come from any thread; everything else runs on the event loop.
 */
abstract class ResultDelivery extends Conversation implements Subscription {

    private static final AtomicLongFieldUpdater<ResultDelivery> RESULT_DEMAND =
            AtomicLongFieldUpdater.newUpdater(ResultDelivery.class, "resultDemand");

    final Transport transport;
    final ResultFactory resultFactory;
    private final Subscriber<? super Result> results;
    private volatile long resultDemand;
    private volatile boolean resultsCancelled;
    /** Queued on the transport: from then on new demand may have to resume reading. */
    private volatile boolean submitted;
    /** There are held results: new demand must hop to the event loop to hand them out. */
    private volatile boolean holding;
    private boolean resultsDone;
    private int expectedResults = -1;
    private int emitted;
    /** Null until this conversation first reads ahead. */
    private StatementReadAhead ahead;
    /** The last expected Result, ended with ReadyForQuery ({@link #end}); its end is kept in the feed meanwhile. */
    private ResultFeed endsAtReadyForQuery;

    ResultDelivery(Transport transport, ResultFactory resultFactory, Subscriber<? super Result> results) {
        this.transport = transport;
        this.resultFactory = resultFactory;
        this.results = results;
    }

    /** Gives the Results subscriber its subscription; the caller queues the conversation right after. */
    final void subscribe() {
        results.onSubscribe(this);
        submitted = true;
    }

    /**
     * The Results subscriber gave up before any Result reached it, and nothing ended the publisher yet: the flow
     * stops the server's work when that is safe (event loop).
     */
    abstract void onResultsCancelled();

    // --- the Subscription of the Results publisher ---

    @Override
    public final void request(long n) {
        if (n <= 0) {
            transport.eventLoop().execute(() -> {
                fail(new IllegalArgumentException("§3.9: request must be positive, was " + n));
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
            transport.eventLoop().execute(this::onCancel);
            transport.resumeReading();
        }
    }

    /** Whether the Results subscriber gave up, or was failed: nobody sees a Result that still comes. */
    final boolean resultsCancelled() {
        return resultsCancelled;
    }

    /**
     * Once a Result was handed out, a cancel only means "no further Results" (Mono.from(execute()) cancels right
     * after the first) and the work goes on; the flow decides ({@link #onResultsCancelled}).
     */
    private void onCancel() {
        if (ahead != null && ahead.everHeld()) {
            discardHeld();
        }
        if (!resultsDone) {
            onResultsCancelled();
        }
    }

    private void onLoop(Runnable task) {
        if (transport.eventLoop().inEventLoop()) {
            task.run();
        } else {
            transport.eventLoop().execute(task);
        }
    }

    // --- for the flows (event loop) ---

    /**
     * How many Results this conversation gives when that is known in advance (one per binding, one for a single
     * SQL statement), else -1. The Results publisher then completes as soon as the last one is handed out, instead
     * of at ReadyForQuery, which would wait for the rows to be read: collecting the Results before reading them
     * must not hang.
     */
    final void expect(int count) {
        this.expectedResults = count;
    }

    /** Whether a new Result can be opened now: handed out, held (read-ahead), or discarded anyway. */
    final boolean canOpenResult() {
        return resultsCancelled || resultsDone || resultDemand > 0 || ahead != null && ahead.results && statementReadAheadRoom();
    }

    /** A Result just opened: to the subscriber if it asked, else held (its rows are read ahead too), or discarded. */
    final void deliver(ResultFeed feed) {
        if (resultsCancelled || resultsDone) {
            feed.attach(new DiscardConsumer(transport.notices()));
        } else if (!hasHeld() && resultDemand > 0) {
            emit(feed);
        } else {
            // read ahead: nobody has asked for this Result yet
            ahead().hold(feed);
            holding = true;
            feed.startReadingRowsAhead();
        }
    }

    /**
     * Asked to read ahead a message that would open a Result nobody has asked for: true, and from now on Results
     * are held, when the read-ahead budget has room.
     */
    final boolean readResultsAhead() {
        if (!statementReadAheadRoom()) {
            return false;
        }
        ahead().results = true;
        return true;
    }

    public final boolean statementReadAheadRoom() {
        return (ahead == null ? 0 : ahead.bytes) < transport.readAheadLimit();
    }

    public final void countStatementReadAhead(long bytes) {
        ahead().bytes += bytes;
    }

    public final Transport transport() {
        return transport;
    }

    /**
     * Ends {@code feed} with its row count or its {@code error}. The last expected Result (its publisher completed
     * when it was handed out) ends only at ReadyForQuery ({@link #endAtReadyForQuery}), so that whoever continues
     * after it sees the session state (transaction status) that ReadyForQuery reports; CommandComplete and
     * ReadyForQuery arrive together, so this costs nothing.
     */
    final void end(ResultFeed feed, Long rowsUpdated, R2dbcException error) {
        if (expectedResults > 0 && emitted == expectedResults) {
            feed.keepEnd(rowsUpdated, error);
            endsAtReadyForQuery = feed;
        } else if (error != null) {
            feed.error(error);
        } else {
            feed.complete(rowsUpdated);
        }
    }

    /** ReadyForQuery: the last Result ends as kept ({@link #end}). */
    final void endAtReadyForQuery() {
        ResultFeed feed = endsAtReadyForQuery;
        if (feed != null) {
            endsAtReadyForQuery = null;
            feed.endAsKept();
        }
    }

    /** The connection failed: the last Result ends with its own error if it has one (the better answer), else {@code e}. */
    final void endAfterFailure(R2dbcException e) {
        ResultFeed feed = endsAtReadyForQuery;
        if (feed != null) {
            endsAtReadyForQuery = null;
            feed.endAsKeptOr(e);
        }
    }

    /**
     * Waiting behind a result nobody reads, past readAheadLimit: the subscriber gets {@code failure}; the Results
     * that still come are discarded unread.
     */
    final void abandonResults(R2dbcException failure) {
        fail(failure);
        resultsCancelled = true;
    }

    /** Completes the Results publisher, after the held Results. */
    final void complete() {
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

    /** Fails the Results publisher, after the held Results. */
    final void fail(Throwable e) {
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

    // --- handing out ---

    private StatementReadAhead ahead() {
        if (ahead == null) {
            ahead = new StatementReadAhead();
        }
        return ahead;
    }

    private void emit(ResultFeed feed) {
        RESULT_DEMAND.decrementAndGet(this);
        results.onNext(resultFactory.result(feed));
        if (++emitted == expectedResults) {
            // nothing more can come: let collectList()-style subscribers go on to the rows
            complete();
        }
    }

    /** New demand (event loop): the held results first, in order; then the end, if it came meanwhile. */
    private void handOutHeld() {
        StatementReadAhead a = ahead;
        if (a == null || !a.everHeld()) {
            return;
        }
        ResultFeed next;
        while (!resultsCancelled && resultDemand > 0 && (next = a.next()) != null) {
            emit(next);
        }
        if (resultsCancelled) {
            discardHeld();
        }
        if (!a.holdsResults()) {
            holding = false;
            a.results = false;
            if (a.endWhenHeldOut) {
                a.endWhenHeldOut = false;
                if (a.endAfterHeld != null) {
                    fail(a.endAfterHeld);
                } else {
                    complete();
                }
            }
            transport.resumeReading();
        }
    }

    private void discardHeld() {
        ResultFeed feed;
        while ((feed = ahead.next()) != null) {
            feed.attach(new DiscardConsumer(transport.notices()));
        }
        holding = false;
    }

    private boolean hasHeld() {
        return ahead != null && ahead.holdsResults();
    }
}
