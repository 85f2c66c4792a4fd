package io.pgfast.flow;

import io.pgfast.error.PgfastClientException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.error.SqlState;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.CopyDone;
import io.pgfast.protocol.backend.CopyInResponse;
import io.pgfast.protocol.backend.CopyOutResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.EmptyQueryResponse;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.protocol.frontend.CopyFail;
import io.pgfast.protocol.frontend.Query;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import org.reactivestreams.Subscriber;
import reactor.core.publisher.Flux;

import java.util.ArrayDeque;

/**
 * {@code COPY … TO STDOUT} (protocol 55.2.6, copy-out mode): Query; the server's CopyOutResponse, its
 * CopyData messages and CopyDone; CommandComplete {@code COPY n}; ReadyForQuery. Each CopyData's content
 * is emitted as it came (a row per message for text and CSV, as the server sends them); the Flux
 * completes, or fails with the server's error, at ReadyForQuery.
 *
 * <p>Buffer contract: every emitted ByteBuf is a retained slice of the received bytes, owned by the
 * subscriber, who must release it.
 *
 * <p>Backpressure: a CopyData is accepted only while the subscriber has demand
 * ({@link #canAccept}), so without demand the socket is not read and the server waits.
 *
 * <p>Cancellation: "there is no way for the frontend to abort copy-out except by a cancel request"
 * (55.2.6). Once the server has started the copy (CopyOutResponse) a CancelRequest stops it, and what
 * still arrives is released unread; the 57014 error it causes is expected and dropped. A cancel before
 * then waits for the CopyOutResponse: until it, an earlier pipelined statement may be what the backend
 * runs.
 *
 * <p>Write barrier: {@link #writeComplete()} stays false until ReadyForQuery, so nothing is written
 * after the Query: a CancelRequest can only hit this COPY, and a COPY FROM STDIN answer (the wrong
 * direction) can be refused with CopyFail before the server reads any other message.
 */
public final class CopyOutFlow extends CopyDataSubscription {

    private enum Phase {
        /** Query written (or about to be): waiting for the server's answer. */
        AWAITING,
        /** CopyOutResponse received: the data flows. */
        COPYING,
        /** CopyDone received, or the answer was no copy-out: waiting for ReadyForQuery. */
        OVER,
        /** ReadyForQuery or a connection failure. */
        DONE
    }

    private final String sql;
    private final Subscriber<? super ByteBuf> actual;
    private Phase phase = Phase.AWAITING;
    private boolean cancelSent;
    private R2dbcException wrongStatement;
    private R2dbcException serverError;
    /**
     * Data read ahead while a statement waits behind this COPY and nobody asks for the data (see
     * {@link #readAheadForWaiters}): heap copies, handed out in order as the subscriber asks. Event loop only.
     */
    private ArrayDeque<ByteBuf> held;
    private long heldBytes;
    private boolean readingAhead;
    /** There is held data: new demand must hop to the event loop to hand it out. */
    private volatile boolean holding;
    /** ReadyForQuery came while data was held: the end follows the last held chunk. */
    private boolean endWhenHeldOut;

    private CopyOutFlow(Transport transport, String sql, Subscriber<? super ByteBuf> actual) {
        super(transport);
        this.sql = sql;
        this.actual = actual;
    }

    /** Runs {@code sql}, a COPY TO STDOUT; emits the data as it arrives. */
    public static Flux<ByteBuf> run(Transport transport, String sql) {
        return Flux.from(s -> {
            CopyOutFlow flow = new CopyOutFlow(transport, sql, s);
            s.onSubscribe(flow);
            transport.submit(flow);
        });
    }

    /** Copies a chunk's bytes and releases it, for {@code copyOutBytes}. */
    public static byte[] toBytes(ByteBuf chunk) {
        try {
            return ByteBufUtil.getBytes(chunk);
        } finally {
            chunk.release();
        }
    }

    // --- the Subscription (any thread) ---

    @Override
    protected void onDemand() {
        if (holding) {
            transport.eventLoop().execute(this::handOutHeld);
        }
    }

    /** New demand (event loop): the data read ahead first, in order; then the end, if it came meanwhile. */
    private void handOutHeld() {
        if (held == null) {
            return;
        }
        ByteBuf next;
        while (!isStopped() && hasDemand() && (next = held.poll()) != null) {
            heldBytes -= next.readableBytes();
            emit(next);
        }
        if (isStopped()) {
            releaseHeld();
        }
        if (held.isEmpty()) {
            holding = false;
            readingAhead = false;
            if (endWhenHeldOut) {
                endWhenHeldOut = false;
                signalEnd();
            }
            transport.resumeReading();
        }
    }

    private void releaseHeld() {
        if (held != null) {
            ByteBuf b;
            while ((b = held.poll()) != null) {
                b.release();
            }
            heldBytes = 0;
            holding = false;
        }
    }

    private boolean hasHeld() {
        return held != null && !held.isEmpty();
    }

    private void emit(ByteBuf data) {
        produced();
        actual.onNext(data);
    }

    /** The data is read ahead for a statement waiting behind this COPY, within {@code readAheadLimit}. */
    @Override
    protected boolean readAheadForWaiters(BackendMessageType type) {
        if (type != BackendMessageType.COPY_DATA || phase != Phase.COPYING || isStopped() || heldBytes >= transport.readAheadLimit()) {
            return false;
        }
        readingAhead = true;
        return true;
    }

    // --- the conversation (event loop) ---

    @Override
    protected void writeTo(ByteBuf out) {
        new Query(sql).encode(out);
    }

    @Override
    protected boolean writeComplete() {
        return phase == Phase.DONE;
    }

    @Override
    protected boolean canAccept(BackendMessageType type) {
        return type != BackendMessageType.COPY_DATA || phase != Phase.COPYING || isStopped() || (!hasHeld() && hasDemand())
                || readingAhead && heldBytes < transport.readAheadLimit();
    }

    private boolean isStopped() {
        return isCancelled() || requestError() != null;
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof CopyData) {
            onCopyData((CopyData) message);
        } else if (message instanceof CopyOutResponse) {
            if (phase != Phase.AWAITING) {
                throw new ProtocolException("a second CopyOutResponse in COPY TO STDOUT");
            }
            phase = Phase.COPYING;
            if (isStopped()) {
                stop();
            }
        } else if (message instanceof CopyDone) {
            if (phase == Phase.COPYING) {
                phase = Phase.OVER;
            }
        } else if (message instanceof CommandComplete) {
            if (phase == Phase.AWAITING) {
                notCopyOut("the statement completed without sending any data (" + ((CommandComplete) message).tag() + ")");
            }
        } else if (message instanceof ErrorResponse) {
            onServerError((ErrorResponse) message);
        } else if (message instanceof NoticeResponse) {
            NoticeResponse n = (NoticeResponse) message;
            transport.notices().log(n);
        } else if (message instanceof ReadyForQuery) {
            readyForQuery();
            return true;
        } else if (message instanceof CopyInResponse) {
            notCopyOut("the server started a COPY FROM STDIN");
            // the server now waits for data: end its copy-in (nothing was written after the Query)
            ByteBuf out = transport.channel().alloc().ioBuffer();
            new CopyFail("copyOut sends no data; use copyIn for COPY FROM STDIN").encode(out);
            transport.writeMore(out);
        } else if (message instanceof RowDescription) {
            notCopyOut("the statement returns rows");
            cancelServerWork();
        } else if (message instanceof DataRow) {
            if (phase != Phase.OVER) {
                throw new ProtocolException("DataRow without RowDescription in COPY TO STDOUT");
            }
        } else if (message instanceof EmptyQueryResponse) {
            notCopyOut("the statement is empty");
        } else {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " in COPY TO STDOUT");
        }
        return false;
    }

    private void onCopyData(CopyData data) {
        if (phase != Phase.COPYING) {
            data.release();
            throw new ProtocolException("CopyData outside a COPY TO STDOUT data stream");
        }
        if (isStopped()) {
            data.release();
            return;
        }
        if (!hasHeld() && hasDemand()) {
            emit(data.content());
            return;
        }
        // read ahead: a copy, so that the receive buffer it points into can go
        ByteBuf copy;
        try {
            copy = Unpooled.copiedBuffer(data.content());
        } finally {
            data.release();
        }
        if (held == null) {
            held = new ArrayDeque<>();
        }
        held.add(copy);
        heldBytes += copy.readableBytes();
        holding = true;
    }

    private void onServerError(ErrorResponse error) {
        if (cancelSent && SqlState.QUERY_CANCELED.equals(error.code())) {
            // the CancelRequest we sent ourselves
            phase = Phase.OVER;
            return;
        }
        if (serverError == null) {
            serverError = PgExceptionFactory.create(ErrorDetails.of(error.fields()), sql);
        }
        phase = Phase.OVER;
    }

    private void readyForQuery() {
        phase = Phase.DONE;
        if (hasHeld() && !isStopped()) {
            endWhenHeldOut = true;
            return;
        }
        signalEnd();
    }

    private void signalEnd() {
        if (isCancelled()) {
            return;
        }
        if (requestError() != null) {
            actual.onError(requestError());
        } else if (wrongStatement != null) {
            actual.onError(wrongStatement);
        } else if (serverError != null) {
            actual.onError(serverError);
        } else {
            actual.onComplete();
        }
    }

    private void notCopyOut(String what) {
        if (wrongStatement == null) {
            wrongStatement = new PgfastClientException("copyOut needs a COPY ... TO STDOUT statement, but " + what + ": " + sql, null);
        }
        phase = Phase.OVER;
    }

    /** The subscriber cancelled or broke the demand rules: stop the server's copy once it has begun. */
    @Override
    protected void stop() {
        releaseHeld();
        if (endWhenHeldOut) {
            endWhenHeldOut = false;
            signalEnd();
        }
        if (phase == Phase.COPYING) {
            cancelServerWork();
        }
        transport.resumeReading();
    }

    /** Waiting behind a result nobody reads: the Flux fails now; data that still comes is released unread. */
    @Override
    protected boolean abandon(Throwable failure) {
        if (endSubscription()) {
            actual.onError(failure);
        }
        return true;
    }

    private void cancelServerWork() {
        if (!cancelSent && transport.isLastWritten(this)) {
            cancelSent = true;
            transport.sendCancelRequest();
        }
    }

    /** A COMMIT, or a statement in auto-commit, cut off by a lost connection may have committed: see {@link TransactionEffects}. */
    @Override
    protected io.pgfast.transport.TransactionOutcome transactionOutcome(io.pgfast.protocol.backend.TransactionStatus before) {
        return TransactionEffects.of(sql, before);
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        releaseHeld();
        boolean wasDone = phase == Phase.DONE && !endWhenHeldOut;
        endWhenHeldOut = false;
        phase = Phase.DONE;
        if (!wasDone && !isCancelled()) {
            actual.onError(failure instanceof R2dbcException ? failure
                    : new PgfastClientException("cannot send the COPY: " + failure.getMessage(), failure));
        }
    }
}
