package io.pgfast.transport;

import io.netty.buffer.ByteBuf;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;

/**
 * One request/response exchange with the backend: the frontend messages of a request and the handling
 * of every backend message that answers it, up to and including its final ReadyForQuery. The messages the server
 * sends about its session alone (ParameterStatus, NotificationResponse) never reach a conversation; a NoticeResponse
 * goes to the one at the head of the queue.
 *
 * <p>Threading contract: every method except {@link #cancelBeforeWrite()} is called on the channel's event loop only,
 * so implementations keep their state in plain fields: the queue writes it ({@link #writeTo}, {@link #writeComplete})
 * and ends it when the connection does ({@link #onConnectionFailure}, {@link #transactionOutcome}), the handler asks
 * what it takes next ({@link #canAccept}, {@link #readAheadForWaiters}, {@link #skipsDataRows}), the dispatcher
 * hands it its messages ({@link #onMessage}), and socketTimeout asks whether it waits for the backend
 * ({@link #awaitsBackend}). Demand that arrives from other threads resumes reading through
 * {@link Transport#resumeReading()}.
 *
 * <p>Ownership contract: {@link #onMessage} receives ownership of a {@code CopyData} (reference-counted) and
 * must release it. A {@code DataRow} is the reader's borrowed view, valid only during the call: copy what must
 * outlive it, never release it.
 */
public abstract class Conversation {

    private volatile boolean cancelledBeforeWrite;
    /**
     * The conversation pushed before this one onto {@link Submissions}' stack, while it waits there for the event
     * loop: the stack links the conversations themselves, so a submission from another thread allocates nothing.
     */
    Conversation nextSubmitted;
    /** It gave up waiting for its answers ({@link #abandon}); event loop only. */
    private boolean abandoned;

    /** Writes this conversation's first (often only) batch of frontend messages. */
    protected abstract void writeTo(ByteBuf out);

    /**
     * Whether every frontend message of this conversation has been written. A conversation that must see
     * a response before it can write the rest (a cache-miss Parse/Describe before its Bind) returns false
     * until then; the queue writes nothing after it meanwhile, so responses stay in request order.
     */
    protected boolean writeComplete() {
        return true;
    }

    /**
     * Whether a message of this type may be handed over now; never asked for a message the server may send at any
     * time ({@link BackendMessageType#isAsynchronous()}). Returning false for a DataRow when nobody has asked for
     * rows is how backpressure reaches the socket: the handler stops decoding and stops reading until
     * {@link Transport#resumeReading()} is called.
     */
    protected boolean canAccept(BackendMessageType type) {
        return true;
    }

    /**
     * Whether DataRows may be skipped unread (their consumer is gone): the handler then only steps over
     * them by their length, without decoding their columns.
     */
    protected boolean skipsDataRows() {
        return false;
    }

    /**
     * Whether the conversation waits for the backend to send something, which is when {@code socketTimeout}
     * runs. False while the client is what is awaited, e.g. the data of a COPY FROM STDIN, during which the
     * backend sends nothing unless it fails. (Waiting for a subscriber's demand is seen by the handler.)
     */
    protected boolean awaitsBackend() {
        return true;
    }

    /**
     * Asked when this conversation, at the head of the queue, refuses the next message ({@link #canAccept}
     * returned false) while later conversations wait behind it: their answers come only after this one's, so
     * if this conversation's consumer waits for one of them (a statement issued from inside the rows of
     * another), nothing would ever move. Returning true means the conversation now takes the rest of what it
     * refused into memory, holding at most the connection's {@code readAheadLimit} bytes read ahead, so the queue
     * moves; {@code canAccept} must then accept {@code type}. The default reads nothing ahead.
     */
    protected boolean readAheadForWaiters(BackendMessageType type) {
        return false;
    }

    /**
     * The conversation waits behind one that cannot read ahead any further, so it would wait for ever: it must
     * end its publishers with {@code failure} now, and from then on handle the backend's answers to what it
     * wrote without signalling anything (it stays in the queue until its ReadyForQuery). Returns false when it
     * cannot, for then it keeps waiting. Called on the event loop, only after something of it was written.
     */
    protected boolean abandon(Throwable failure) {
        return false;
    }

    /**
     * Handles one backend message; returns true when the conversation is over (its last ReadyForQuery
     * has arrived) and the next one may receive messages.
     */
    protected abstract boolean onMessage(BackendMessage message);

    /**
     * What this conversation's statements may have done to the transaction when the connection is lost after they were
     * written, the session's transaction status before them being {@code before}: a COMMIT, or a statement outside a
     * transaction block, may have committed, and its failure then says that the outcome is unknown (see
     * {@link LostOutcome}). The default, for what runs no SQL, is that nothing was committed.
     */
    protected TransactionOutcome transactionOutcome(io.pgfast.protocol.backend.TransactionStatus before) {
        return TransactionOutcome.none(before);
    }

    /**
     * An early cancel sent a CancelRequest for this conversation's running statement (event loop; see
     * {@link Transport#cancelEarly}): the server may answer it with 57014 (query_canceled) for the statement running
     * when it takes the request.
     */
    protected void cancelRequestSent() {
    }

    /** The connection failed or closed: end every publisher with {@code failure}. Called at most once. */
    protected abstract void onConnectionFailure(Throwable failure);

    /**
     * Marks this conversation as abandoned by its subscriber before anything was written; the queue then
     * drops it without touching the wire. Safe from any thread.
     */
    public final void cancelBeforeWrite() {
        cancelledBeforeWrite = true;
    }

    final boolean isCancelledBeforeWrite() {
        return cancelledBeforeWrite;
    }

    final boolean isAbandoned() {
        return abandoned;
    }

    /** Abandons it once (see {@link #abandon}); true when it was abandoned now. */
    final boolean abandonOnce(Throwable failure) {
        if (abandoned || !abandon(failure)) {
            return false;
        }
        abandoned = true;
        return true;
    }
}
