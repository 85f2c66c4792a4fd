package io.pgfast.flow;

import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;

import java.util.ArrayList;
import java.util.List;

/**
 * The source of one Result: filled by the query flow on the event loop, drained by the one consumer that
 * subscribes to the Result (R2DBC: a Result is consumed once).
 *
 * <p>Rows are never buffered: until a consumer asks for them the flow leaves them on the socket. What is
 * small — notices, the final row count, an error — is kept until the consumer arrives, so a Result
 * whose statement has long finished can still be consumed later.
 */
public final class ResultFeed {

    public final Transport transport;
    /** Null for a statement that returns no rows. */
    public final ResultColumns columns;
    private final CancelHandler cancelHandler;
    private ResultConsumer consumer;
    private boolean attached;
    private List<NoticeResponse> notices;
    private boolean done;
    private boolean consumerCancelled;
    private Long rowsUpdated;
    private R2dbcException error;

    /** Told when a consumer gives up on a result whose rows are still arriving. */
    interface CancelHandler {
        void onResultCancelled(ResultFeed feed);
    }

    ResultFeed(Transport transport, ResultColumns columns, CancelHandler cancelHandler) {
        this.transport = transport;
        this.columns = columns;
        this.cancelHandler = cancelHandler;
    }

    /** Attaches the consumer (event loop), replaying what arrived before it. False when already consumed. */
    public boolean attach(ResultConsumer c) {
        if (attached) {
            return false;
        }
        attached = true;
        consumer = c;
        if (notices != null) {
            for (NoticeResponse n : notices) {
                c.notice(n);
            }
            notices = null;
        }
        if (done) {
            if (error != null) {
                c.error(error);
            } else {
                c.complete(rowsUpdated);
            }
        } else {
            transport.resumeReading();
        }
        return true;
    }

    boolean acceptsRow() {
        return consumer != null && consumer.acceptsRow();
    }

    void row(DataRow row) {
        consumer.row(row);
    }

    void notice(NoticeResponse n) {
        if (consumer != null) {
            consumer.notice(n);
        } else {
            if (notices == null) {
                notices = new ArrayList<>(2);
            }
            notices.add(n);
        }
    }

    void complete(Long count) {
        if (done) {
            return;
        }
        done = true;
        rowsUpdated = count;
        if (consumer != null) {
            consumer.complete(count);
        }
    }

    void error(R2dbcException e) {
        if (done) {
            return;
        }
        done = true;
        error = e;
        if (consumer != null) {
            consumer.error(e);
        }
    }

    /** Rows of this result go nowhere: its consumer cancelled, or nobody will ever consume it. */
    boolean discardsRows() {
        return consumerCancelled || consumer == DiscardConsumer.INSTANCE;
    }

    boolean isCancelledByConsumer() {
        return consumerCancelled;
    }

    boolean isDone() {
        return done;
    }

    /** The consumer cancelled (event loop). */
    public void cancelled() {
        consumerCancelled = true;
        if (!done) {
            cancelHandler.onResultCancelled(this);
        }
    }
}
