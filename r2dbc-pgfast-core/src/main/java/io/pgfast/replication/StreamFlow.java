package io.pgfast.replication;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.codec.builtin.PgEpoch;
import io.pgfast.codec.type.Lsn;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
import io.pgfast.protocol.backend.CopyData;
import io.pgfast.protocol.backend.CopyDone;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.PrimaryKeepaliveMessage;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.ReplicationMessage;
import io.pgfast.protocol.backend.XLogData;
import io.pgfast.protocol.frontend.Query;
import io.pgfast.protocol.frontend.StandbyStatusUpdate;
import io.pgfast.flow.CopyDataSubscription;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import org.reactivestreams.Subscriber;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * START_REPLICATION … LOGICAL (protocol 55.4) as a conversation: the Query; the server's CopyBothResponse;
 * then CopyData both ways — XLogData and primary keepalives from the server, standby status updates from
 * the client — until either side sends CopyDone; CommandComplete; ReadyForQuery. An ErrorResponse
 * (before the copy, or ending it) fails the stream at ReadyForQuery, or when the server closes the
 * connection after a FATAL one.
 *
 * <p>Backpressure: a CopyData is taken from the receive buffer only while the subscriber has demand
 * ({@link #canAccept}); without demand the socket is not read, the server blocks writing, and the WAL it
 * has not sent stays on the server. So the driver holds at most one socket read of undecoded bytes,
 * however slow the consumer.
 *
 * <p>Status updates carry only the positions the application acknowledged ({@link Acknowledgements}),
 * never what was merely received: sent when a keepalive asks for a reply, every {@code statusInterval}
 * (also while the consumer is slow and nothing is read, which keeps {@code wal_sender_timeout} from
 * ending the stream), and once more just before the client's CopyDone.
 *
 * <p>Cancellation: the client sends a last status update and CopyDone, releases unread what the server
 * still sends up to its own CopyDone, and the connection is back to idle at ReadyForQuery, usable for the
 * next command. (The server finishes the message it is sending first; for a large transaction that can
 * take a while, during which later commands wait: close the connection to stop at once.)
 *
 * <p>Write barrier: {@link #writeComplete()} stays false until ReadyForQuery, so nothing is written behind
 * the START_REPLICATION while the copy is open.
 */
final class StreamFlow<T> extends CopyDataSubscription {

    private enum Phase {
        /** Query written (or about to be): waiting for CopyBothResponse or an error. */
        AWAITING,
        /** CopyBothResponse received: data flows both ways until CopyDone. */
        COPYING,
        /** The copy is over (both CopyDones exchanged, or an error): waiting for ReadyForQuery. */
        OVER,
        /** ReadyForQuery or a connection failure. */
        DONE
    }

    /** A standby status update in its CopyData: 'd', Int32 length, 'r', four Int64, Byte1. */
    private static final int STATUS_UPDATE_BYTES = 1 + 4 + 1 + 4 * 8 + 1;

    private final ReplicationConnection connection;
    private final String sql;
    private final WalDecoder<T> decoder;
    private final ReplicationStream<T> stream;
    private final Duration statusInterval;
    private final Subscriber<? super T> actual;
    private Phase phase = Phase.AWAITING;
    private boolean copyDoneSent;
    private boolean copyDoneReceived;
    private boolean terminated;
    /** Whether the server entered the copy (CopyBothResponse). */
    private boolean copied;
    private ScheduledFuture<?> statusTimer;
    private R2dbcException serverError;
    /** The connection is being closed under the open stream: it ends with an error, not completion. */
    private R2dbcNonTransientResourceException closedUnderStream;

    StreamFlow(ReplicationConnection connection, String sql, WalDecoder<T> decoder, ReplicationStream<T> stream,
               Duration statusInterval, Subscriber<? super T> actual) {
        super(connection.transport());
        this.connection = connection;
        this.sql = sql;
        this.decoder = decoder;
        this.stream = stream;
        this.statusInterval = statusInterval;
        this.actual = actual;
    }

    // --- the conversation (event loop) ---

    /**
     * Refuses a second stream on the connection before anything is written: the queue then fails this
     * conversation with the exception, and the connection stays usable for commands.
     */
    @Override
    protected void writeTo(ByteBuf out) {
        if (!connection.startStreaming()) {
            throw new IllegalStateException("a replication stream already ran on this connection, and the server cannot start"
                    + " another on it: open a new ReplicationConnection and start the stream there (from the acknowledged position)");
        }
        new Query(sql).encode(out);
    }

    @Override
    protected boolean writeComplete() {
        return phase == Phase.DONE;
    }

    @Override
    protected boolean canAccept(BackendMessageType type) {
        return type != BackendMessageType.COPY_DATA || phase != Phase.COPYING || isStopped() || hasDemand();
    }

    /**
     * While copying the server owes nothing: an idle database sends no WAL (and keepalives only now and
     * then). Once the client's CopyDone is sent, the server owes its answer.
     */
    @Override
    protected boolean awaitsBackend() {
        return phase != Phase.COPYING || copyDoneSent;
    }

    private boolean isStopped() {
        return isCancelled() || requestError() != null || copyDoneSent;
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof CopyData) {
            onCopyData((CopyData) message);
        } else if (message instanceof CopyBothResponse) {
            if (phase != Phase.AWAITING) {
                throw new ProtocolException("a second CopyBothResponse in a replication stream");
            }
            phase = Phase.COPYING;
            copied = true;
            connection.copying(this);
            if (isStopped()) {
                endCopy();
            } else {
                startStatusTimer();
            }
        } else if (message instanceof CopyDone) {
            if (phase != Phase.COPYING) {
                throw new ProtocolException("CopyDone outside a replication stream's copy");
            }
            copyDoneReceived = true;
            // the server ends the copy: answer with ours, then it returns to command mode
            endCopy();
        } else if (message instanceof CommandComplete) {
            closeCopy();
        } else if (message instanceof ErrorResponse) {
            if (serverError == null) {
                serverError = PgExceptionFactory.create(ErrorDetails.of(((ErrorResponse) message).fields()), sql);
            }
            // an error ends the copy on the server's side: no more CopyData may be sent
            copyDoneSent = true;
            closeCopy();
        } else if (message instanceof NoticeResponse) {
            transport.notices().log((NoticeResponse) message);
        } else if (message instanceof ReadyForQuery) {
            connection.copying(null);
            connection.streamEnded(this);
            if (!copied) {
                connection.streamNeverCopied();
            }
            phase = Phase.DONE;
            stopStatusTimer();
            terminate(null);
            return true;
        } else {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " in a replication stream");
        }
        return false;
    }

    private void onCopyData(CopyData data) {
        try {
            if (phase != Phase.COPYING) {
                throw new ProtocolException("CopyData outside a replication stream's copy");
            }
            if (isStopped() || copyDoneReceived) {
                return;
            }
            ReplicationMessage message = ReplicationMessage.decode(data.content());
            if (message instanceof XLogData) {
                XLogData x = (XLogData) message;
                stream.received(x.walEnd());
                T item = decoder.decode(Lsn.of(x.walStart()), x.data());
                produced();
                actual.onNext(item);
            } else {
                PrimaryKeepaliveMessage keepalive = (PrimaryKeepaliveMessage) message;
                stream.received(keepalive.walEnd());
                if (keepalive.replyRequested()) {
                    sendStatus();
                }
            }
        } finally {
            data.release();
        }
    }

    /** Sends the acknowledged positions (event loop; only while the copy is open on our side). */
    private void sendStatus() {
        if (phase != Phase.COPYING || copyDoneSent || !transport.isConnected()) {
            return;
        }
        ByteBuf out = transport.channel().alloc().ioBuffer(STATUS_UPDATE_BYTES);
        statusUpdate().encode(out);
        transport.writeMore(out);
    }

    private StandbyStatusUpdate statusUpdate() {
        Acknowledgements ack = stream.acknowledgements();
        // a clock reading is truncated, not rounded, as the server's own clients read it: never later than now
        long sendTime = PgEpoch.micros(Instant.now().truncatedTo(ChronoUnit.MICROS), "timestamptz");
        return new StandbyStatusUpdate(ack.written(), ack.flushed(), ack.applied(), sendTime, false);
    }

    /**
     * {@link ReplicationConnection#close()} with this stream open (event loop, before the Terminate): the
     * last status update and CopyDone, so the server confirms what was acknowledged; the subscriber, if
     * still there, gets an error whether the server answers before the connection closes or not.
     */
    void endForClose() {
        if (closedUnderStream == null) {
            closedUnderStream = new R2dbcNonTransientResourceException("the replication connection was closed while the stream was open",
                    "08003");
        }
        endCopy();
    }

    /** The last status update and CopyDone, in one write; later CopyData is released unread (event loop only). */
    private void endCopy() {
        if (copyDoneSent || phase != Phase.COPYING) {
            return;
        }
        stopStatusTimer();
        ByteBuf out = transport.channel().alloc().ioBuffer();
        statusUpdate().encode(out);
        io.pgfast.protocol.frontend.CopyDone.INSTANCE.encode(out);
        copyDoneSent = true;
        transport.writeMore(out);
    }

    private void closeCopy() {
        if (phase == Phase.AWAITING || phase == Phase.COPYING) {
            phase = Phase.OVER;
        }
        connection.copying(null);
        connection.streamEnded(this);
        stopStatusTimer();
    }

    private void startStatusTimer() {
        if (!statusInterval.isZero()) {
            long nanos = statusInterval.toNanos();
            statusTimer = transport.eventLoop().scheduleAtFixedRate(this::sendStatus, nanos, nanos, TimeUnit.NANOSECONDS);
        }
    }

    private void stopStatusTimer() {
        if (statusTimer != null) {
            statusTimer.cancel(false);
            statusTimer = null;
        }
    }

    /** The subscriber cancelled or broke the demand rules: end the copy once it has begun, and drain. */
    @Override
    protected void stop() {
        if (phase == Phase.COPYING) {
            endCopy();
        }
        transport.resumeReading();
    }

    /** The one terminal signal: an error (a request error first, then the server's), or completion. */
    private void terminate(Throwable failure) {
        if (terminated) {
            return;
        }
        terminated = true;
        if (isCancelled()) {
            return;
        }
        Throwable error = requestError() != null ? requestError() : serverError != null ? serverError
                : closedUnderStream != null ? closedUnderStream : failure;
        if (error != null) {
            actual.onError(error);
        } else {
            actual.onComplete();
        }
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        connection.copying(null);
        connection.streamEnded(this);
        phase = Phase.DONE;
        stopStatusTimer();
        terminate(failure);
    }
}
