package io.pgfast.replication;

import io.pgfast.codec.type.Lsn;
import io.pgfast.transport.Transport;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One logical replication stream of a slot: {@link #messages()} runs START_REPLICATION when subscribed
 * and emits what the output plugin sends, as fast as the subscriber asks and no faster; the application
 * tells the server how far it got with {@link #acknowledge}.
 *
 * <p>Acknowledging: once the changes up to a position are safely processed (for pgoutput: a transaction,
 * up to its {@code Commit.endLsn()}), acknowledge that position. The server keeps the WAL from the last
 * acknowledged position on, and a stream started again from it (after a crash, a restart, a cancelled
 * subscription) sends every transaction that committed after it, and none before. Positions only move
 * forward; acknowledging an older one changes nothing. They reach the server with the next standby status
 * update: every {@link StartReplication#statusInterval()}, when the server asks, and when the stream ends.
 *
 * <p>Ending: cancelling the subscription sends a last status update and CopyDone; the connection returns
 * to idle and can run the next command. The stream completes when the server ends it, and fails with the
 * server's error, or with an {@code R2dbcNonTransientResourceException} when the connection is lost.
 *
 * <p>{@link #messages()} may be subscribed once, and a connection runs one stream: to resume, open a new
 * {@link ReplicationConnection} and start a stream there.
 */
public final class ReplicationStream<T> {

    private final Transport transport;
    private final String sql;
    private final OutputPlugin<T> plugin;
    private final Map<String, String> options;
    private final ReplicationConnection connection;
    private final StartReplication request;
    private final Acknowledgements acknowledgements = new Acknowledgements();
    private final AtomicLong lastReceived = new AtomicLong();
    private final AtomicBoolean subscribed = new AtomicBoolean();
    /** Null when the options were accepted; else why this server cannot run the stream. */
    private final RuntimeException refusal;

    ReplicationStream(ReplicationConnection connection, StartReplication request, OutputPlugin<T> plugin) {
        this.connection = connection;
        this.transport = connection.transport();
        this.request = request;
        this.plugin = plugin;
        Map<String, String> o = null;
        String s = null;
        RuntimeException r = null;
        try {
            o = plugin.startOptions(connection.serverMajor());
            s = ReplicationSql.startLogical(request.slotName(), request.startLsn(), o);
        } catch (RuntimeException e) {
            r = e;
        }
        this.options = o;
        this.sql = s;
        this.refusal = r;
    }

    /**
     * The plugin's messages, from the start position on. Nothing is sent before the subscription; the
     * first request starts the flow of data, and the socket is read only while there is demand.
     */
    public Flux<T> messages() {
        return Flux.from(subscriber -> {
            if (!subscribed.compareAndSet(false, true)) {
                Operators.error(subscriber, new IllegalStateException(
                        "a ReplicationStream can be subscribed once; call startReplication again to resume from the acknowledged position"));
                return;
            }
            if (refusal != null) {
                Operators.error(subscriber, refusal);
                return;
            }
            StreamFlow<T> flow = new StreamFlow<>(connection, sql, plugin.newDecoder(connection.codecs()), this,
                    request.statusInterval(), subscriber);
            IllegalStateException live = connection.streamSubscribed(flow);
            if (live != null) {
                Operators.error(subscriber, live);
                return;
            }
            subscriber.onSubscribe(flow);
            transport.submit(flow);
        });
    }

    /** Acknowledges {@code lsn} as written, flushed and applied. */
    public void acknowledge(Lsn lsn) {
        acknowledgements.acknowledge(lsn, lsn, lsn);
    }

    /**
     * Acknowledges the three positions separately (as a standby reports them); the server moves the
     * slot's confirmed position with {@code flushed}.
     */
    public void acknowledge(Lsn written, Lsn flushed, Lsn applied) {
        acknowledgements.acknowledge(written, flushed, applied);
    }

    /** The flush position acknowledged so far ({@link Lsn#INVALID} before any). */
    public Lsn acknowledged() {
        return Lsn.of(acknowledgements.flushed());
    }

    /**
     * The highest WAL position the server reported on this stream (XLogData and keepalive messages). When
     * everything received so far is processed, acknowledging it lets the slot advance while the
     * published tables are idle.
     */
    public Lsn lastReceived() {
        return Lsn.of(lastReceived.get());
    }

    /** The START_REPLICATION command this stream sends. */
    public String command() {
        if (refusal != null) {
            throw refusal;
        }
        return sql;
    }

    /** The options sent to the plugin. */
    public Map<String, String> options() {
        if (refusal != null) {
            throw refusal;
        }
        return options;
    }

    Acknowledgements acknowledgements() {
        return acknowledgements;
    }

    void received(long walEnd) {
        lastReceived.accumulateAndGet(walEnd, (current, next) -> Long.compareUnsigned(current, next) >= 0 ? current : next);
    }

    @Override
    public String toString() {
        return "ReplicationStream[" + request + ", " + plugin + "]";
    }
}
