package io.pgfast.flow;

import io.pgfast.error.PgfastClientException;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.FrontendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyInResponse;
import io.pgfast.protocol.backend.CopyOutResponse;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.EmptyQueryResponse;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.protocol.frontend.CopyDone;
import io.pgfast.protocol.frontend.CopyFail;
import io.pgfast.protocol.frontend.Query;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code COPY … FROM STDIN} (protocol 55.2.6, copy-in mode): Query; the server's CopyInResponse; the
 * client's CopyData messages, then CopyDone (or CopyFail to abort); CommandComplete {@code COPY n} (or an
 * ErrorResponse); ReadyForQuery. Emits n.
 *
 * <p>Flow control: the data publisher is subscribed once the CopyInResponse has arrived, by a
 * {@link CopyInPump}, which asks for elements under a byte budget and writes them as CopyData messages, so a
 * fast publisher runs at the speed of the socket.
 *
 * <p>Ending: the publisher completing sends CopyDone. The publisher failing, an element of an unsupported
 * type, or the Mono's subscriber cancelling sends CopyFail; the server then answers with an ErrorResponse
 * (57014) and the Mono fails with the client-side error, the server's as suppressed (nothing is signalled
 * after a cancel). A server error during the copy (a malformed row, a constraint) cancels the publisher
 * and fails the Mono with the mapped error, whose message names the input line: the server's Where field
 * ({@code COPY t, line 3, column a: "x"}) is appended to it. The connection goes on in every case:
 * "any subsequent CopyData, CopyDone, or CopyFail messages issued by the frontend will simply be dropped"
 * (55.2.6) after such an error.
 *
 * <p>Write barrier: {@link #writeComplete()} stays false until ReadyForQuery. Nothing may follow the
 * Query on the wire while the server may be in copy-in mode: it would take the next statement's Query
 * for a protocol violation and swallow it.
 *
 * <p>Threading: everything here happens on the event loop but {@link #cancel()}, which hops there.
 */
public final class CopyInFlow extends Conversation implements CopyInPump.Owner {

    /** CopyFail messages are echoed in the server's error: keep them readable. */
    private static final int MAX_FAIL_MESSAGE = 200;

    private enum Phase {
        /** Query written (or about to be): waiting for the server's answer. */
        AWAITING,
        /** CopyInResponse received: the data flows. */
        COPYING,
        /** CopyDone or CopyFail written: waiting for CommandComplete or the ErrorResponse. */
        ENDING,
        /** The server ended it (an error, or an answer that is no copy-in): waiting for ReadyForQuery. */
        OVER,
        /** ReadyForQuery or a connection failure: nothing more happens. */
        DONE
    }

    private final Transport transport;
    private final String sql;
    private final Publisher<?> data;
    private final MonoSink<Long> sink;
    private volatile boolean cancelled;
    private Phase phase = Phase.AWAITING;
    /** Null until the CopyInResponse. */
    private CopyInPump pump;
    private boolean cancelSent;
    private Throwable clientError;
    private R2dbcException wrongStatement;
    private R2dbcException serverError;
    private long rows = -1;

    private CopyInFlow(Transport transport, String sql, Publisher<?> data, MonoSink<Long> sink) {
        this.transport = transport;
        this.sql = sql;
        this.data = data;
        this.sink = sink;
    }

    /** Runs {@code sql}, a COPY FROM STDIN, with {@code data} as its input; emits the number of rows copied. */
    public static Mono<Long> run(Transport transport, String sql, Publisher<?> data) {
        return Mono.create(sink -> {
            CopyInFlow flow = new CopyInFlow(transport, sql, data, sink);
            sink.onCancel(flow::cancel);
            transport.submit(flow);
        });
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
    protected boolean awaitsBackend() {
        // while the data flows the server sends nothing unless it fails: the publisher is what is awaited
        return phase != Phase.COPYING;
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof CopyInResponse) {
            onCopyInResponse();
        } else if (message instanceof CommandComplete) {
            if (phase == Phase.AWAITING) {
                notCopyIn("the statement completed without reading any data (" + ((CommandComplete) message).tag() + ")");
            } else {
                rows = ((CommandComplete) message).rows();
            }
        } else if (message instanceof ErrorResponse) {
            onServerError((ErrorResponse) message);
        } else if (message instanceof NoticeResponse) {
            NoticeResponse n = (NoticeResponse) message;
            transport.notices().log(n);
        } else if (message instanceof ReadyForQuery) {
            readyForQuery();
            return true;
        } else if (message instanceof CopyOutResponse) {
            notCopyIn("the server started a COPY TO STDOUT");
            stopServerWork();
        } else if (message instanceof RowDescription) {
            notCopyIn("the statement returns rows");
            stopServerWork();
        } else if (message instanceof EmptyQueryResponse) {
            notCopyIn("the statement is empty");
        } else if (message instanceof DataRow || message instanceof io.pgfast.protocol.backend.CopyData
                || message instanceof io.pgfast.protocol.backend.CopyDone) {
            // the output of a statement that is no copy-in (see notCopyIn): dropped
            ReferenceCountUtil.release(message);
            if (phase != Phase.OVER) {
                throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " in COPY FROM STDIN");
            }
        } else {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " in COPY FROM STDIN");
        }
        return false;
    }

    private void onCopyInResponse() {
        if (phase != Phase.AWAITING) {
            // e.g. a second COPY in one Query, which CopySql refuses: abort it, nothing is left to send
            endCopy(new CopyFail("copyIn sends one data stream only"));
            return;
        }
        phase = Phase.COPYING;
        if (cancelled) {
            endCopy(new CopyFail("cancelled by the client"));
            return;
        }
        pump = new CopyInPump(transport, this);
        pump.start(data);
    }

    private void onServerError(ErrorResponse error) {
        if (serverError == null) {
            serverError = toException(error);
        }
        if (phase == Phase.COPYING) {
            // the server gave up on the data (a bad row): stop reading it
            stopData();
        }
        if (phase == Phase.AWAITING || phase == Phase.COPYING) {
            phase = Phase.OVER;
        }
    }

    private void readyForQuery() {
        stopData();
        phase = Phase.DONE;
        if (cancelled) {
            return;
        }
        if (clientError != null) {
            if (serverError != null) {
                clientError.addSuppressed(serverError);
            }
            sink.error(clientError);
        } else if (wrongStatement != null) {
            sink.error(wrongStatement);
        } else if (serverError != null) {
            sink.error(serverError);
        } else {
            sink.success(rows);
        }
    }

    /** The server answered with something else than CopyInResponse: the Mono fails once it is over. */
    private void notCopyIn(String what) {
        if (wrongStatement == null) {
            wrongStatement = new PgfastClientException("copyIn needs a COPY ... FROM STDIN statement, but " + what + ": " + sql, null);
        }
        if (phase == Phase.AWAITING) {
            phase = Phase.OVER;
        }
    }

    /** Stops output nobody reads; safe because nothing is written after this conversation (write barrier). */
    private void stopServerWork() {
        if (!cancelSent && transport.isLastWritten(this)) {
            cancelSent = true;
            transport.sendCancelRequest();
        }
    }

    /**
     * A server error during the copy: Where says which input line failed, and the message alone does not,
     * so Where is added to the message (the other fields stay as the server sent them).
     */
    private R2dbcException toException(ErrorResponse error) {
        Map<Character, String> fields = error.fields();
        String where = fields.get(ErrorDetails.WHERE);
        String message = fields.get(ErrorDetails.MESSAGE);
        if (where != null && message != null) {
            Map<Character, String> copy = new LinkedHashMap<>(fields);
            copy.put(ErrorDetails.MESSAGE, message + "\nWhere: " + where);
            fields = copy;
        }
        return PgExceptionFactory.create(ErrorDetails.of(fields), sql);
    }

    /** A COMMIT, or a statement in auto-commit, cut off by a lost connection may have committed: see {@link TransactionEffects}. */
    @Override
    protected io.pgfast.transport.TransactionOutcome transactionOutcome(io.pgfast.protocol.backend.TransactionStatus before) {
        return TransactionEffects.of(sql, before);
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        boolean wasDone = phase == Phase.DONE;
        stopData();
        phase = Phase.DONE;
        if (!wasDone && !cancelled) {
            sink.error(failure instanceof R2dbcException ? failure
                    : new PgfastClientException("cannot send the COPY: " + failure.getMessage(), failure));
        }
    }

    /** Waiting behind a result nobody reads: the Mono fails now; a CopyInResponse that still comes gets CopyFail. */
    @Override
    protected boolean abandon(Throwable failure) {
        if (!cancelled) {
            sink.error(failure);
            cancelled = true;
        }
        return true;
    }

    // --- the Mono's subscriber cancelling (any thread) ---

    private void cancel() {
        cancelled = true;
        cancelBeforeWrite();
        onLoop(() -> {
            if (phase == Phase.COPYING) {
                stopData();
                endCopy(new CopyFail("cancelled by the client"));
            }
            // AWAITING: the CopyInResponse will be answered with CopyFail
        });
    }

    // --- the pump's owner (event loop) ---

    @Override
    public boolean copying() {
        return phase == Phase.COPYING;
    }

    @Override
    public void dataComplete() {
        stopData();
        endCopy(CopyDone.INSTANCE);
    }

    @Override
    public void dataFailed(Throwable error) {
        failCopy(error);
    }

    private void onLoop(Runnable task) {
        if (transport.eventLoop().inEventLoop()) {
            task.run();
        } else {
            transport.eventLoop().execute(task);
        }
    }

    /** The publisher failed or sent an element of an unsupported type: abort the copy with CopyFail. */
    private void failCopy(Throwable error) {
        clientError = error;
        stopData();
        String text = String.valueOf(error).replace('\0', ' ');
        if (text.length() > MAX_FAIL_MESSAGE) {
            text = text.substring(0, MAX_FAIL_MESSAGE - 3) + "...";
        }
        endCopy(new CopyFail("the client's data failed: " + text));
    }

    /** Cancels the publisher and drops the data gathered; later elements are released as they come. */
    private void stopData() {
        if (pump != null) {
            pump.stop();
        }
        if (phase == Phase.COPYING) {
            phase = Phase.OVER;
        }
    }

    /** Writes CopyDone or CopyFail, which ends the data stream. */
    private void endCopy(FrontendMessage last) {
        phase = Phase.ENDING;
        ByteBuf out = transport.channel().alloc().ioBuffer();
        last.encode(out);
        transport.writeMore(out);
    }
}
