package io.pgfast.r2dbc;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.transport.CancelRequestSender;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the simple and the extended query flows share: the publisher of Results (one per statement
 * result, under the subscriber's demand), the Result being filled, cancellation and connection failure.
 *
 * <p>Cancellation: when the consumer of a Result gives up while its rows still arrive, the rest of the
 * rows are released unread, and if nothing was written after this conversation a CancelRequest stops
 * the server's work (its 57014 error is then expected and swallowed). When something was written after
 * it, the cancel could hit that statement instead, so the rows are only drained.
 */
abstract class QueryFlow extends Conversation implements ResultFeed.CancelHandler, Subscription {

    final Transport transport;
    final CodecRegistry codecs;
    final String sql;
    private final Subscriber<? super Result> results;
    private final AtomicLong resultDemand = new AtomicLong();
    private volatile boolean resultsCancelled;
    private boolean resultsDone;
    ResultFeed current;
    private boolean cancelSent;
    private boolean anyResult;

    QueryFlow(Transport transport, CodecRegistry codecs, String sql, Subscriber<? super Result> results) {
        this.transport = transport;
        this.codecs = codecs;
        this.sql = sql;
        this.results = results;
    }

    /** Subscribes the Result subscriber and queues this conversation. */
    final void start() {
        results.onSubscribe(this);
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
        for (;;) {
            long r = resultDemand.get();
            long next = r + n < 0 ? Long.MAX_VALUE : r + n;
            if (resultDemand.compareAndSet(r, next)) {
                break;
            }
        }
        transport.resumeReading();
    }

    @Override
    public final void cancel() {
        if (!resultsCancelled) {
            resultsCancelled = true;
            cancelBeforeWrite();
            transport.resumeReading();
        }
    }

    // --- for the subclasses (event loop) ---

    /** Whether a new Result can be handed out now (or would be discarded anyway). */
    final boolean canOpenResult() {
        return resultsCancelled || resultsDone || resultDemand.get() > 0;
    }

    final ResultFeed openResult(PgfastRowMetadata metadata) {
        ResultFeed feed = new ResultFeed(transport, metadata, this);
        current = feed;
        anyResult = true;
        if (resultsCancelled || resultsDone) {
            feed.attach(DiscardConsumer.INSTANCE);
        } else {
            resultDemand.decrementAndGet();
            results.onNext(new PgfastResult(feed));
        }
        return feed;
    }

    final boolean anyResultOpened() {
        return anyResult;
    }

    final void closeResult(Long rowsUpdated) {
        if (current == null) {
            openResult(null);
        }
        current.complete(rowsUpdated);
        current = null;
    }

    final void failResult(R2dbcException error) {
        if (current == null) {
            openResult(null);
        }
        current.error(error);
        current = null;
    }

    final R2dbcException toException(ErrorResponse error) {
        return PgExceptionFactory.create(ErrorDetails.of(error.fields()), sql);
    }

    /** An ErrorResponse: swallowed when it is the 57014 our own CancelRequest caused. */
    final void onError(ErrorResponse error) {
        R2dbcException e = toException(error);
        if (cancelSent && "57014".equals(error.code()) && current != null) {
            current.complete(null);
            current = null;
            return;
        }
        failResult(e);
    }

    final void onNotice(NoticeResponse notice) {
        if (current != null) {
            current.notice(notice);
        } else {
            ResultSubscription.NOTICES.info("{}: {} ({})", notice.severity(), notice.message(), notice.code());
        }
    }

    final void completeResults() {
        if (!resultsDone) {
            resultsDone = true;
            if (!resultsCancelled) {
                results.onComplete();
            }
        }
    }

    private void failResults(Throwable e) {
        if (!resultsDone) {
            resultsDone = true;
            if (!resultsCancelled) {
                results.onError(e);
            }
        }
    }

    @Override
    public void onResultCancelled(ResultFeed feed) {
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
        if (current != null) {
            current.error(e);
            current = null;
        }
        failResults(e);
    }
}
