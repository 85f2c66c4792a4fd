package io.pgfast.flow;

import io.pgfast.error.PgfastClientException;
import io.pgfast.transport.Notices;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
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
import io.pgfast.protocol.frontend.CopyData;
import io.pgfast.protocol.frontend.CopyDone;
import io.pgfast.protocol.frontend.CopyFail;
import io.pgfast.protocol.frontend.Query;
import io.pgfast.transport.CancelRequestSender;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code COPY … FROM STDIN} (protocol 55.2.6, copy-in mode): Query; the server's CopyInResponse; the
 * client's CopyData messages, then CopyDone (or CopyFail to abort); CommandComplete {@code COPY n} (or an
 * ErrorResponse); ReadyForQuery. Emits n.
 *
 * <p>Flow control: the data publisher is subscribed once the CopyInResponse has arrived and asked for
 * elements in windows sized from the bytes its elements have had so far, so that at most
 * {@link #MAX_BYTES_IN_FLIGHT} bytes are gathered or waiting in the channel (write futures not yet
 * complete); more is requested only as writes complete. A fast publisher therefore runs at the speed of
 * the socket. Elements are gathered into CopyData messages of {@link CopyChunker#CHUNK_SIZE} bytes, so a
 * slow publisher's data may wait in the driver until a chunk fills or the publisher completes. An element
 * is written whole once taken: an element larger than the budget adds its own size to it.
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
 * <p>Threading: the publisher may signal from any thread; its signals are queued and handled in order
 * on the event loop, like everything else here.
 */
public final class CopyInFlow extends Conversation implements Subscriber<Object> {

    /** At most this many bytes gathered or written and not yet on the socket. */
    static final int MAX_BYTES_IN_FLIGHT = 4 * CopyChunker.CHUNK_SIZE;

    /** The largest number of elements asked for at once (small elements). */
    static final int MAX_WINDOW = 1024;

    /** After this many CopyData messages in one go the event loop is left to other channels for a while. */
    private static final int MAX_WRITES_PER_PASS = 16;

    /** CopyFail messages are echoed in the server's error: keep them readable. */
    private static final int MAX_FAIL_MESSAGE = 200;

    private static final Object COMPLETE = new Object();

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

    private record Subscribed(Subscription subscription) {
    }

    private record Failed(Throwable error) {
    }

    private final Transport transport;
    private final String sql;
    private final Publisher<?> data;
    private final MonoSink<Long> sink;
    private final Queue<Object> signals = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private volatile boolean cancelled;
    private Phase phase = Phase.AWAITING;
    private CopyChunker chunker;
    private Subscription upstream;
    private long outstanding;
    private long received;
    private long receivedBytes;
    private long bytesInFlight;
    private boolean unflushed;
    private int writesThisPass;
    private boolean draining;
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
            Notices.log(n);
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
        chunker = new CopyChunker(transport.channel().alloc());
        try {
            data.subscribe(this);
        } catch (RuntimeException e) {
            // a publisher breaking Reactive Streams 1.9
            failCopy(e);
        }
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
            CancelRequestSender.send(transport);
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

    // --- the data publisher's subscriber (any thread; handled on the event loop) ---

    @Override
    public void onSubscribe(Subscription s) {
        if (s == null) {
            throw new NullPointerException("Reactive Streams 2.13: the subscription must not be null");
        }
        signals.offer(new Subscribed(s));
        drainSignals();
    }

    @Override
    public void onNext(Object element) {
        if (element == null) {
            throw new NullPointerException("Reactive Streams 2.13: COPY data elements must not be null");
        }
        signals.offer(element);
        drainSignals();
    }

    @Override
    public void onError(Throwable error) {
        if (error == null) {
            throw new NullPointerException("Reactive Streams 2.13: the error must not be null");
        }
        signals.offer(new Failed(error));
        drainSignals();
    }

    @Override
    public void onComplete() {
        signals.offer(COMPLETE);
        drainSignals();
    }

    private void onLoop(Runnable task) {
        if (transport.eventLoop().inEventLoop()) {
            task.run();
        } else {
            transport.eventLoop().execute(task);
        }
    }

    private void drainSignals() {
        if (transport.eventLoop().inEventLoop()) {
            drain();
        } else if (drainScheduled.compareAndSet(false, true)) {
            transport.eventLoop().execute(this::scheduledDrain);
        }
    }

    private void scheduledDrain() {
        drainScheduled.set(false);
        // a task of its own: the event loop has had its turn since the last writes were counted
        writesThisPass = 0;
        drain();
    }

    /**
     * Handles the queued signals, asks for more data while the budget allows, and flushes what was
     * written. Not reentrant: a publisher that emits from inside {@code request} only queues.
     */
    private void drain() {
        if (draining) {
            return;
        }
        draining = true;
        try {
            for (;;) {
                Object signal;
                while ((signal = signals.poll()) != null) {
                    handle(signal);
                }
                if (requestMore()) {
                    continue;
                }
                if (unflushed) {
                    // completions run now when the socket takes everything: the budget may be back
                    unflushed = false;
                    transport.channel().flush();
                    continue;
                }
                break;
            }
        } finally {
            draining = false;
        }
    }

    private void handle(Object signal) {
        if (signal instanceof Subscribed) {
            Subscription s = ((Subscribed) signal).subscription();
            if (upstream != null || phase != Phase.COPYING) {
                // a second onSubscribe (Reactive Streams 2.5), or the copy ended before the first
                s.cancel();
            } else {
                upstream = s;
            }
        } else if (signal == COMPLETE) {
            // a publisher that has terminated is not cancelled (Reactive Streams 3.7)
            upstream = null;
            if (phase == Phase.COPYING) {
                chunker.flush(this::writeChunk);
                stopData();
                endCopy(CopyDone.INSTANCE);
            }
        } else if (signal instanceof Failed) {
            upstream = null;
            if (phase == Phase.COPYING) {
                failCopy(((Failed) signal).error());
            }
        } else {
            outstanding--;
            if (phase != Phase.COPYING) {
                ReferenceCountUtil.release(signal);
                return;
            }
            try {
                receivedBytes += chunker.append(signal, this::writeChunk);
                received++;
            } catch (IllegalArgumentException e) {
                failCopy(e);
            }
        }
    }

    /** Asks the publisher for a new window when the last one has arrived and the budget allows. */
    private boolean requestMore() {
        if (phase != Phase.COPYING || upstream == null || outstanding > 0) {
            return false;
        }
        if (writesThisPass >= MAX_WRITES_PER_PASS) {
            // A publisher emitting synchronously may have its emission loop below us on the stack (it
            // then calls drain() once per element), so this count spans drains. A scheduled task, unlike
            // execute(), runs only after the event loop has polled for I/O: the server's answers (an
            // ErrorResponse for a bad row) are read between passes.
            if (drainScheduled.compareAndSet(false, true)) {
                transport.eventLoop().schedule(this::scheduledDrain, 0, TimeUnit.NANOSECONDS);
            }
            return false;
        }
        long budget = MAX_BYTES_IN_FLIGHT - bytesInFlight - chunker.buffered();
        if (budget <= 0) {
            return false;
        }
        long n;
        if (received == 0) {
            n = 1;
        } else {
            long average = Math.max(1, receivedBytes / received);
            n = Math.max(1, Math.min(MAX_WINDOW, budget / average));
        }
        outstanding += n;
        upstream.request(n);
        return true;
    }

    /** Writes one full (or the last) chunk as a CopyData message; the flush happens at the end of the pass. */
    private void writeChunk(ByteBuf chunk) {
        // CopyData.encode copies the chunk: one copy per 64 KiB, the price of keeping the framing in its class
        ByteBuf out = transport.channel().alloc().ioBuffer(chunk.readableBytes() + 5);
        new CopyData(chunk).encode(out);
        int size = out.readableBytes();
        bytesInFlight += size;
        writesThisPass++;
        unflushed = true;
        transport.channel().write(out).addListener((ChannelFutureListener) f -> {
            bytesInFlight -= size;
            if (f.isSuccess()) {
                drain();
            } else {
                transport.fail(f.cause());
            }
        });
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
        Subscription s = upstream;
        upstream = null;
        if (s != null) {
            s.cancel();
        }
        if (chunker != null) {
            chunker.release();
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
