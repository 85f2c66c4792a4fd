package io.pgfast.replication;

import io.pgfast.codec.Codec;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.codec.type.Lsn;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.connect.ConnectionBootstrap;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * A logical replication connection (PostgreSQL docs, "Streaming Replication Protocol"): a walsender for
 * one database, opened with {@code replication=database} from the same configuration as ordinary
 * connections (host list, TLS, SCRAM, {@code connectTimeout}). It runs the replication commands as typed
 * calls, simple SQL, and one {@link ReplicationStream} at a time. The login role needs the REPLICATION
 * attribute (or to be a superuser).
 *
 * <pre>{@code
 * ReplicationConnection.open(configuration).flatMapMany(replication -> {
 *     ReplicationStream<PgOutputMessage> stream = replication.startReplication(
 *             StartReplication.slot("orders_cdc"), PgOutput.publications("orders"));
 *     return stream.messages()
 *             .concatMap(message -> handle(message).thenReturn(message))
 *             .doOnNext(message -> {
 *                 if (message instanceof Commit commit) {
 *                     stream.acknowledge(commit.endLsn());
 *                 }
 *             });
 * })
 * }</pre>
 *
 * <p>Commands run one after the other, in the order they were called (a command issued while a stream is
 * open waits until the stream has ended). One stream runs per connection: once a stream has begun
 * copying, the server cannot start another on the same connection, so resuming takes a new connection
 * (the slot remembers the confirmed position). Values in rows and changes are decoded by the codecs of the
 * configuration ({@code codecs}, {@code autodetectExtensions}); types of the database itself (enums,
 * domains, composites) are not looked up on a replication connection and decode as text.
 */
public final class ReplicationConnection {

    private final Transport transport;
    private final CodecRegistry codecs;
    private final int serverMajor;
    /** Set on the event loop when a stream's copy began: the walsender streams once per connection. */
    private boolean streamed;
    /** The stream whose copy is open, if any (set and cleared on the event loop). */
    private volatile StreamFlow<?> copying;
    /** The stream subscribed and not yet ended (set on subscription, cleared when it ends): commands refuse to queue behind it. */
    private volatile StreamFlow<?> live;

    private ReplicationConnection(Transport transport, CodecRegistry codecs) {
        this.transport = transport;
        this.codecs = codecs;
        this.serverMajor = major(transport.session().parameters().getOrDefault("server_version", ""));
    }

    /**
     * Opens a replication connection. Nothing happens until subscription; cancelling closes whatever was
     * opened; {@code connectTimeout} bounds the setup.
     *
     * @throws IllegalArgumentException if {@code configuration} is null
     */
    public static Mono<ReplicationConnection> open(PgfastConnectionConfiguration configuration) {
        if (configuration == null) {
            throw new IllegalArgumentException("configuration must not be null");
        }
        CodecRegistry codecs = codecs(configuration);
        return ConnectionBootstrap.forReplication(configuration, codecs).connect().flatMap(session -> {
            Transport transport = session.transport();
            ReplicationConnection connection = new ReplicationConnection(transport, session.codecs());
            if (connection.serverMajor < 10) {
                return transport.close().then(Mono.error(new R2dbcNonTransientResourceException(
                        "logical replication connections need PostgreSQL 10 or later; the server reports server_version \""
                                + transport.session().parameters().get("server_version") + "\"", "0A000")));
            }
            return Mono.just(connection);
        });
    }

    /** As {@code PgfastConnectionFactory}: the built-in codecs plus the configured and discovered extensions. */
    private static CodecRegistry codecs(PgfastConnectionConfiguration configuration) {
        if (!configuration.autodetectExtensions() && configuration.codecs().isEmpty()) {
            return DefaultCodecRegistry.builtins();
        }
        DefaultCodecRegistry.Builder b = DefaultCodecRegistry.builder();
        if (configuration.autodetectExtensions()) {
            b.loadServiceCodecs(ReplicationConnection.class.getClassLoader());
        }
        return b.register(configuration.codecs().toArray(new Codec[0])).build();
    }

    /** The major version from {@code server_version} ("17.4", "12.22 (Debian …)", "18beta1"). */
    static int major(String serverVersion) {
        int major = 0;
        for (int i = 0; i < serverVersion.length() && Character.isDigit(serverVersion.charAt(i)); i++) {
            major = major * 10 + (serverVersion.charAt(i) - '0');
        }
        return major;
    }

    /** The server's major version, e.g. 17. */
    public int serverMajor() {
        return serverMajor;
    }

    /** IDENTIFY_SYSTEM: the cluster's identifier, timeline, current WAL flush position and database. */
    public Mono<SystemIdentification> identifySystem() {
        return run(ReplicationSql.identifySystem()).map(outcome -> {
            SqlRow row = single(outcome, "IDENTIFY_SYSTEM");
            return new SystemIdentification(row.get("systemid", String.class), Integer.parseInt(row.get("timeline", String.class)),
                    Lsn.parse(row.get("xlogpos", String.class)), row.get("dbname", String.class));
        });
    }

    /**
     * CREATE_REPLICATION_SLOT … LOGICAL, in the syntax of the server's version.
     *
     * @return the slot, with its consistent point and, when exported, its snapshot's name
     */
    public Mono<ReplicationSlot> createSlot(CreateReplicationSlot request) {
        if (request == null) {
            throw new IllegalArgumentException("request must not be null");
        }
        return Mono.defer(() -> run(ReplicationSql.createSlot(request, serverMajor))).map(outcome -> {
            SqlRow row = single(outcome, "CREATE_REPLICATION_SLOT");
            return new ReplicationSlot(row.get("slot_name", String.class), Lsn.parse(row.get("consistent_point", String.class)),
                    row.get("snapshot_name", String.class), row.get("output_plugin", String.class));
        });
    }

    /** DROP_REPLICATION_SLOT, failing if the slot is in use by another connection. */
    public Mono<Void> dropSlot(String slotName) {
        return dropSlot(slotName, false);
    }

    /**
     * DROP_REPLICATION_SLOT.
     *
     * @param wait whether to wait until a connection using the slot lets go of it, instead of failing
     */
    public Mono<Void> dropSlot(String slotName, boolean wait) {
        String sql = ReplicationSql.dropSlot(slotName, wait);
        return run(sql).then();
    }

    /**
     * A START_REPLICATION … LOGICAL stream of a slot, run when its {@link ReplicationStream#messages()} is
     * subscribed. Options the server's version lacks fail that subscription, before anything is sent.
     *
     * @param plugin the slot's output plugin: {@code PgOutput.publications(…)} for pgoutput,
     *               {@link RawOutput} for any other
     */
    public <T> ReplicationStream<T> startReplication(StartReplication request, OutputPlugin<T> plugin) {
        if (request == null || plugin == null) {
            throw new IllegalArgumentException("request and plugin must not be null");
        }
        return new ReplicationStream<>(this, request, plugin);
    }

    /**
     * Runs SQL with the simple query protocol, as a database walsender allows: for instance
     * {@code BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY} before a slot created with {@link SlotSnapshot#USE},
     * then the queries that read the initial data in its snapshot, then {@code COMMIT}. The rows (of the
     * last statement) are collected in memory: for a large initial copy, export the snapshot
     * ({@link SlotSnapshot#EXPORT}) and read it on an ordinary connection, which streams.
     */
    public Flux<SqlRow> simpleQuery(String sql) {
        if (sql == null) {
            throw new IllegalArgumentException("sql must not be null");
        }
        return run(sql).flatMapIterable(ReplicationCommandFlow.Outcome::rows);
    }

    /** Whether the connection is open and has not failed. */
    public boolean isOpen() {
        return transport.isConnected();
    }

    /**
     * Sends Terminate and closes the connection (a temporary slot is dropped by the server). Idempotent.
     * An open stream first sends its last status update and CopyDone, so the server confirms what was
     * acknowledged; its subscriber, if still subscribed, gets an error.
     */
    public Mono<Void> close() {
        return Mono.defer(() -> {
            if (transport.isConnected()) {
                // runs before the Terminate, which close() also writes from the event loop
                transport.eventLoop().execute(() -> {
                    StreamFlow<?> open = copying;
                    if (open != null) {
                        open.endForClose();
                    }
                });
            }
            return transport.close();
        });
    }

    /** The stream whose copy is open, or null (event loop only). */
    void copying(StreamFlow<?> stream) {
        this.copying = stream;
    }

    /**
     * A stream was subscribed: until it ends or is cancelled, commands fail instead of queueing behind it.
     * Returns the failure when another stream is live on the connection (see {@link #run}).
     */
    synchronized IllegalStateException streamSubscribed(StreamFlow<?> stream) {
        StreamFlow<?> other = live;
        if (other != null && !other.isCancelled()) {
            return liveStream();
        }
        this.live = stream;
        return null;
    }

    private static IllegalStateException liveStream() {
        return new IllegalStateException("a replication stream is open on this connection, and the server answers a command"
                + " only after the stream has ended: cancel the stream's subscription first (what is issued after the"
                + " cancellation runs once its copy has ended), or use another connection");
    }

    /** The stream ended (its ReadyForQuery, or the connection failed). */
    synchronized void streamEnded(StreamFlow<?> stream) {
        if (live == stream) {
            live = null;
        }
    }

    Transport transport() {
        return transport;
    }

    /**
     * Marks a stream as started; false when one already copied on this connection (event loop only). A
     * walsender keeps the "streaming done" state of a finished logical stream, so a second
     * START_REPLICATION on the same connection would end at once, sending nothing.
     */
    boolean startStreaming() {
        if (streamed) {
            return false;
        }
        streamed = true;
        return true;
    }

    /** The stream ended before its copy began (an error such as a missing slot): another may run (event loop only). */
    void streamNeverCopied() {
        streamed = false;
    }

    CodecRegistry codecs() {
        return codecs;
    }

    /**
     * A command runs only when no stream is open: the server answers it only after the stream's copy has
     * ended, and a stream ends only when its subscriber cancels it (it is never read ahead, so that a slow
     * consumer holds the server's WAL, not the client's memory). Queueing it behind a live stream could wait
     * for ever (a command issued from inside the stream's own {@code concatMap}), so it fails at once
     * instead; after the stream's cancellation, commands queue and run as soon as the copy has ended.
     */
    private Mono<ReplicationCommandFlow.Outcome> run(String sql) {
        return Mono.defer(() -> {
            StreamFlow<?> stream = live;
            if (stream != null && !stream.isCancelled()) {
                return Mono.error(liveStream());
            }
            return ReplicationCommandFlow.run(transport, codecs, sql);
        });
    }

    private static SqlRow single(ReplicationCommandFlow.Outcome outcome, String command) {
        List<SqlRow> rows = outcome.rows();
        if (rows.size() != 1) {
            throw new R2dbcNonTransientResourceException(command + " returned " + rows.size() + " rows instead of one", "08P01");
        }
        return rows.get(0);
    }

    @Override
    public String toString() {
        return "ReplicationConnection[PostgreSQL " + serverMajor + ", " + (isOpen() ? "open" : "closed") + "]";
    }
}
