package io.pgfast.flow;

import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.OwnedDataRow;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The source of one Result: filled by the query flow on the event loop, drained by the one consumer that
 * subscribes to the Result (R2DBC: a Result is consumed once).
 *
 * <p>Rows are not buffered: until a consumer asks for them the flow leaves them on the socket. What is
 * small — notices, the final row count, an error — is kept until the consumer arrives, so a Result
 * whose statement has long finished can still be consumed later.
 *
 * <p>Read-ahead, the one exception: when a statement waits behind this result on the same connection and
 * nobody asks for this result's rows (its consumer may be waiting for that very statement, e.g. a query issued
 * from inside the rows of another), the rows are taken into memory so that the connection moves on
 * ({@link #startReadingRowsAhead}), up to the connection's {@code readAheadLimit} bytes; they reach the consumer, in
 * order, as it asks for them, and the result's end follows the last of them. They are copies in heap memory,
 * so a Result that is never consumed costs no leaked buffer.
 */
public class ResultFeed {

    /** Null for a statement that returns no rows. */
    final ResultColumns columns;
    private final Owner owner;
    private ResultConsumer consumer;
    private boolean attached;
    private List<NoticeResponse> notices;
    private boolean done;
    private boolean endSignalled;
    private boolean consumerCancelled;
    private Long rowsUpdated;
    private R2dbcException error;
    private boolean readingRowsAhead;
    /**
     * Copies of the rows read ahead and not yet handed to the consumer, released once handed out or dropped; null
     * until the first.
     */
    private ArrayDeque<OwnedDataRow> rowsReadAhead;
    private boolean handingOut;

    /** The flow that fills the feed: told when a consumer gives up, and keeper of the read-ahead budget. */
    public interface Owner {

        /** A consumer gave up on a result whose rows are still arriving. */
        void onResultCancelled(ResultFeed feed);

        /**
         * Whether the statement may read more ahead: what it holds read ahead (rows and Results) is below the
         * connection's {@code readAheadLimit}.
         */
        boolean statementReadAheadRoom();

        /** Counts bytes the statement holds read ahead; negative when they leave memory. */
        void countStatementReadAhead(long bytes);

        /** The connection the results come from. */
        Transport transport();
    }

    /** For {@link ResultFactory#feed}: the R2DBC Result extends the feed. */
    protected ResultFeed(ResultColumns columns, Owner owner) {
        this.columns = columns;
        this.owner = owner;
    }

    /** The connection's transport: its event loop runs everything of this feed. */
    public Transport transport() {
        return owner.transport();
    }

    /** The columns of the rows, or null for a statement that returns no rows. */
    public ResultColumns columns() {
        return columns;
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
        if (hasRowsReadAhead()) {
            handOutRowsReadAhead();
        } else if (done) {
            signalEnd();
        } else {
            owner.transport().resumeReading();
        }
        return true;
    }

    /** Whether a DataRow may be taken now: the consumer asks for it, or it is read ahead. */
    boolean acceptsRow() {
        if (!hasRowsReadAhead() && consumer != null && consumer.acceptsRow()) {
            return true;
        }
        return readingRowsAhead && !consumerCancelled && owner.statementReadAheadRoom();
    }

    /**
     * From now on rows nobody asks for are read ahead into memory, within {@code readAheadLimit}. Returns false
     * when that limit leaves no room (or nothing would read the rows).
     */
    boolean startReadingRowsAhead() {
        if (consumerCancelled || !owner.statementReadAheadRoom()) {
            return false;
        }
        readingRowsAhead = true;
        return true;
    }

    void row(DataRow row) {
        if (!hasRowsReadAhead() && consumer != null && consumer.acceptsRow()) {
            consumer.row(row);
            return;
        }
        // read ahead: the row must outlive the receive buffer it points into
        OwnedDataRow copy = row.copy();
        if (rowsReadAhead == null) {
            rowsReadAhead = new ArrayDeque<>();
        }
        rowsReadAhead.add(copy);
        owner.countStatementReadAhead(copy.valueBytes());
    }

    /** Hands read-ahead rows to the consumer as far as it asks for them, then the end if it has come (event loop). */
    public void handOutRowsReadAhead() {
        if (!hasRowsReadAhead() || handingOut || consumer == null) {
            return;
        }
        handingOut = true;
        try {
            OwnedDataRow next;
            while (consumer.acceptsRow() && (next = rowsReadAhead.poll()) != null) {
                owner.countStatementReadAhead(-next.valueBytes());
                try {
                    consumer.row(next);
                } finally {
                    next.release();
                }
            }
        } finally {
            handingOut = false;
        }
        if (!hasRowsReadAhead()) {
            // rows come straight from the socket again; read ahead again only when asked again
            readingRowsAhead = false;
            if (done) {
                signalEnd();
            } else {
                owner.transport().resumeReading();
            }
        }
    }

    private boolean hasRowsReadAhead() {
        return rowsReadAhead != null && !rowsReadAhead.isEmpty();
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
        if (consumer != null && !hasRowsReadAhead()) {
            signalEnd();
        }
    }

    void error(R2dbcException e) {
        if (done) {
            return;
        }
        done = true;
        error = e;
        if (consumer != null && !hasRowsReadAhead()) {
            signalEnd();
        }
    }

    /**
     * Keeps how this result will end, its row count or its error, without ending it yet: the last Result of a
     * conversation ends at ReadyForQuery ({@link #endAsKept}).
     */
    void keepEnd(Long count, R2dbcException e) {
        rowsUpdated = count;
        error = e;
    }

    /** Ends this result as {@link #keepEnd} said. */
    void endAsKept() {
        if (error != null) {
            error(error);
        } else {
            complete(rowsUpdated);
        }
    }

    /** The connection failed before the kept end: a kept error stays (the server's own answer), else {@code failure}. */
    void endAsKeptOr(R2dbcException failure) {
        error(error != null ? error : failure);
    }

    private void signalEnd() {
        if (endSignalled) {
            return;
        }
        endSignalled = true;
        if (error != null) {
            consumer.error(error);
        } else {
            consumer.complete(rowsUpdated);
        }
    }

    /** Rows of this result go nowhere: its consumer cancelled, or nobody will ever consume it. */
    boolean discardsRows() {
        return consumerCancelled || consumer instanceof DiscardConsumer;
    }

    boolean isCancelledByConsumer() {
        return consumerCancelled;
    }

    boolean isDone() {
        return done;
    }

    /** The consumer cancelled (event loop): the rows read ahead are dropped. */
    public void cancelled() {
        consumerCancelled = true;
        if (rowsReadAhead != null) {
            OwnedDataRow r;
            while ((r = rowsReadAhead.poll()) != null) {
                owner.countStatementReadAhead(-r.valueBytes());
                r.release();
            }
        }
        if (!done) {
            owner.onResultCancelled(this);
        }
    }
}
