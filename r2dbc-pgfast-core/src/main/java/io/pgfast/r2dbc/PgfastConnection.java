package io.pgfast.r2dbc;

import io.pgfast.error.SqlState;
import io.pgfast.flow.Binding;
import io.pgfast.flow.CommandFlow;
import io.pgfast.flow.CopyInFlow;
import io.pgfast.flow.CopyOutFlow;
import io.pgfast.flow.CopySql;
import io.pgfast.flow.DescribedColumns;
import io.pgfast.connect.RuntimeTypes;
import io.pgfast.flow.ExtendedQueryFlow;
import io.pgfast.error.PgfastClientException;
import io.pgfast.flow.PreparedStatementCache;
import io.pgfast.flow.QueryFlow;
import io.pgfast.flow.SimpleQueryFlow;
import io.pgfast.flow.SqlScanner;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.config.PgOptions;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.observation.QueryObserver;
import io.pgfast.protocol.backend.TransactionStatus;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import io.r2dbc.spi.IsolationLevel;
import io.r2dbc.spi.Lifecycle;
import io.r2dbc.spi.R2dbcRollbackException;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.TransactionDefinition;
import io.r2dbc.spi.ValidationDepth;
import org.reactivestreams.Subscriber;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One connection to PostgreSQL. Statements on it may be issued concurrently: they are pipelined in
 * issue order (see {@code ConversationQueue}) and their Results delivered in that order.
 *
 * <p>Transactions: auto-commit by default. {@code beginTransaction(definition)} sends one BEGIN with the
 * whole definition. {@code setAutoCommit(false)} only records the mode; the next statement outside a
 * transaction then starts one implicitly (as JDBC does), unless {@code beginTransaction} comes first.
 */
public final class PgfastConnection implements Connection, Lifecycle {

    private final Transport transport;
    /** The factory's codecs: {@link #types} when there is one (types learnt later), else fixed. */
    private final CodecRegistry codecs;
    private final RuntimeTypes types;
    private final PgfastResultFactory resultFactory;
    private final PreparedStatementCache cache;
    /** The columns of the simple queries' RowDescriptions seen last (event loop only). */
    private final DescribedColumns described = new DescribedColumns();
    private final int defaultFetchSize;
    private volatile boolean autoCommit = true;
    /** BEGINs written whose answer has not arrived yet ({@link #sendBegin}). */
    private final AtomicInteger beginsInFlight = new AtomicInteger();
    /** The failure of the last BEGIN, until a commit reports it or a rollback drops it. */
    private volatile Throwable failedBegin;
    private volatile IsolationLevel isolationLevel;
    private final NotificationStream notifications;
    private final boolean rewriteBatchedInserts;
    /** Null unless an ObservationRegistry is configured; set before the connection is handed out. */
    private volatile QueryObserver queryObserver;

    /** Notifications a subscriber may fall behind by before its stream fails. */
    public static final int NOTIFICATION_BUFFER = 4096;

    /** @param types the factory's types learnt at run time; null to use {@code codecs} as they are */
    PgfastConnection(Transport transport, CodecRegistry codecs, RuntimeTypes types, PgfastConnectionConfiguration configuration) {
        this.transport = transport;
        this.codecs = codecs;
        this.types = types;
        this.resultFactory = types == null ? PgfastResultFactory.FIXED : new PgfastResultFactory(transport, types);
        this.cache = new PreparedStatementCache(configuration.get(PgOptions.PREPARED_STATEMENT_CACHE_QUERIES));
        this.defaultFetchSize = configuration.get(PgOptions.FETCH_SIZE);
        this.rewriteBatchedInserts = configuration.get(PgOptions.REWRITE_BATCHED_INSERTS);
        this.isolationLevel = defaultIsolation(configuration);
        this.notifications = new NotificationStream(NOTIFICATION_BUFFER);
        transport.session().notificationListener(notifications::onNotification);
        transport.onClose().doFinally(s -> notifications.end(transport.lostWith())).subscribe(v -> { }, e -> { });
    }

    /** The session's isolation level at start: the server's default unless {@code options} set another. */
    private static IsolationLevel defaultIsolation(PgfastConnectionConfiguration configuration) {
        String level = configuration.get(PgOptions.OPTIONS).get("default_transaction_isolation");
        return level == null ? IsolationLevel.READ_COMMITTED : IsolationLevel.valueOf(level.toUpperCase(Locale.ROOT));
    }

    /**
     * The NOTIFY messages for the channels this connection LISTENs on (send {@code LISTEN channel}
     * as an ordinary statement). A hot stream: only notifications arriving while subscribed are
     * delivered; a subscriber more than {@value #NOTIFICATION_BUFFER} notifications behind gets an error.
     * Completes when the connection is closed ({@link #close()}); when the connection is lost instead (the
     * server shut down or went away, the network broke) it ends with that error, an
     * {@link io.r2dbc.spi.R2dbcNonTransientResourceException} naming the server: LISTEN again on a new
     * connection, and expect to have missed the notifications sent in between (docs/failover.md, "Long-lived
     * consumers", and {@link ReconnectingListener}).
     */
    public Flux<Notification> getNotifications() {
        return notifications.flux();
    }

    Transport transport() {
        return transport;
    }

    /** The codecs as of now (one volatile read when types are learnt at run time). */
    CodecRegistry codecs() {
        return types == null ? codecs : types.registry();
    }

    boolean rewritesBatchedInserts() {
        return rewriteBatchedInserts;
    }

    /** Observes every statement from now on (before the user sees the connection). */
    void observeQueries(QueryObserver observer) {
        this.queryObserver = observer;
    }

    // --- statements ---

    @Override
    public Statement createStatement(String sql) {
        if (sql == null) {
            throw new IllegalArgumentException("sql must not be null");
        }
        return new PgfastStatement(this, codecs(), sql, defaultFetchSize);
    }

    @Override
    public Batch createBatch() {
        return new PgfastBatch(this);
    }

    Flux<Result> executeSimple(String sql) {
        return new Execution(sql, null, null, 0);
    }

    /** One set of bindings ({@link Binding#NONE} for none): no list of one. */
    Flux<Result> executeExtended(String sql, Binding binding, int fetchSize) {
        return new Execution(sql, binding, null, fetchSize);
    }

    /** Several sets of bindings, or one in a list (LOBs read first): ExtendedQueryFlow treats a list of one as one. */
    Flux<Result> executeExtended(String sql, List<Binding> batch, int fetchSize) {
        return new Execution(sql, null, batch, fetchSize);
    }

    /**
     * The Results of one execution: each subscription runs the statement once (a cold publisher, as R2DBC asks).
     * A Flux of its own rather than {@code Flux.from(lambda)}: one object per execute, no operator in between.
     */
    private final class Execution extends Flux<Result> {

        private final String sql;
        /** The one set of bindings, or null for a list of them ({@code batch}) or the simple query protocol (both null). */
        private final Binding single;
        private final List<Binding> batch;
        private final int fetchSize;

        Execution(String sql, Binding single, List<Binding> batch, int fetchSize) {
            this.sql = sql;
            this.single = single;
            this.batch = batch;
            this.fetchSize = fetchSize;
        }

        @Override
        public void subscribe(CoreSubscriber<? super Result> s) {
            beginImplicitly();
            QueryFlow flow;
            CodecRegistry codecs = codecs();
            if (single != null) {
                QueryLogger.extended(processId(), sql, single);
                flow = ExtendedQueryFlow.of(transport, codecs, sql, single, fetchSize, cache, resultFactory, s);
                flow.expectResults(1);
            } else if (batch != null) {
                QueryLogger.extended(processId(), sql, batch);
                flow = ExtendedQueryFlow.of(transport, codecs, sql, batch, fetchSize, cache, resultFactory, s);
                flow.expectResults(batch.size());
            } else {
                QueryLogger.simple(processId(), sql);
                flow = new SimpleQueryFlow(transport, codecs, sql, resultFactory, described, s);
                if (!SqlScanner.hasSeveralStatements(sql)) {
                    flow.expectResults(1);
                }
            }
            observe(flow, sql, s);
            flow.start();
        }
    }

    /** The only cost without an ObservationRegistry: one volatile read and a null check per execute. */
    private void observe(QueryFlow flow, String sql, Subscriber<? super Result> s) {
        QueryObserver observer = queryObserver;
        if (observer != null) {
            flow.observe(observer.start(sql, s instanceof CoreSubscriber ? ((CoreSubscriber<?>) s).currentContext() : Context.empty()));
        }
    }

    private int processId() {
        io.pgfast.protocol.backend.BackendKeyData key = transport.session().backendKeyData();
        return key == null ? 0 : key.processId();
    }

    /** With auto-commit off and no transaction open, queues a BEGIN ahead of the statement (pipelined). */
    private void beginImplicitly() {
        if (!autoCommit && idle()) {
            sendBegin(TransactionStatements.begin(null));
        }
    }

    /**
     * Queues {@code BEGIN …} without waiting for its answer, as pgjdbc does: whatever the caller sends next is
     * written behind it in the same flush, which saves a round trip per transaction. Until its ReadyForQuery
     * arrives, {@link #idle()} counts it as an open transaction. A BEGIN in an idle session fails only when the
     * connection does (or the server is out of memory); such a failure is kept and fails the next
     * {@link #commitTransaction()}, since the statements in between ran in auto-commit mode.
     */
    private void sendBegin(String sql) {
        beginsInFlight.incrementAndGet();
        failedBegin = null;
        CommandFlow.submit(transport, sql, beginOutcome);
    }

    /** The end of every pipelined BEGIN ({@link #sendBegin}): one object per connection, none per BEGIN. */
    private final CommandFlow.Outcome beginOutcome = new CommandFlow.Outcome() {
        @Override
        public void succeeded(String tag) {
            beginsInFlight.decrementAndGet();
        }

        @Override
        public void failed(Throwable error) {
            failedBegin = error;
            beginsInFlight.decrementAndGet();
        }
    };

    /**
     * No transaction open and none being opened. The transport sets the status from ReadyForQuery before the
     * BEGIN's conversation completes, so there is no moment when both say idle while a transaction is open.
     */
    private boolean idle() {
        return beginsInFlight.get() == 0 && transport.session().transactionStatus() == TransactionStatus.IDLE;
    }

    private Mono<String> command(String sql) {
        return CommandFlow.run(transport, sql);
    }

    // --- transactions ---

    @Override
    public Mono<Void> beginTransaction() {
        return begin;
    }

    /**
     * With no transaction open, completes once the BEGIN is queued, without a round trip (see {@link #sendBegin});
     * a BEGIN that fails makes the next {@code commitTransaction()} fail. Inside a transaction it waits for the
     * server's answer.
     */
    @Override
    public Mono<Void> beginTransaction(TransactionDefinition definition) {
        return definition == null ? begin : new Begin(TransactionStatements.begin(definition));
    }

    /**
     * The transaction statements as Monos of their own, each subscription one object (none for a pipelined BEGIN):
     * Reactor's {@code defer}/{@code then}/{@code flatMap} assembly cost more bytes than the statement itself.
     */
    private final Mono<Void> begin = new Begin(TransactionStatements.begin(null));
    private final Mono<Void> commit = new Commit();
    private final Mono<Void> rollback = new Rollback();

    private final class Begin extends Mono<Void> {
        private final String sql;

        Begin(String sql) {
            this.sql = sql;
        }

        @Override
        public void subscribe(CoreSubscriber<? super Void> actual) {
            if (!transport.isConnected() || !idle()) {
                // waits for the answer: the error of a closed connection, or the server's verdict on a BEGIN
                // inside a transaction (a warning; 25001 for a definition it can no longer apply)
                CommandCompletion completion = new CommandCompletion(actual);
                actual.onSubscribe(completion);
                CommandFlow.submit(transport, sql, completion);
                return;
            }
            sendBegin(sql);
            Operators.complete(actual);
        }
    }

    private final class Commit extends Mono<Void> {
        @Override
        public void subscribe(CoreSubscriber<? super Void> actual) {
            CommitCompletion completion = new CommitCompletion(actual);
            actual.onSubscribe(completion);
            if (idle()) {
                completion.afterCommit();
            } else {
                CommandFlow.submit(transport, "COMMIT", completion);
            }
        }
    }

    private final class CommitCompletion extends CommandCompletion {
        CommitCompletion(CoreSubscriber<? super Void> actual) {
            super(actual);
        }

        @Override
        public void succeeded(String tag) {
            if ("ROLLBACK".equals(tag)) {
                failed(new R2dbcRollbackException("COMMIT was turned into ROLLBACK by the server: the transaction had failed", SqlState.TRANSACTION_ROLLBACK));
                return;
            }
            afterCommit();
        }

        /** A pipelined BEGIN's answer arrives before the COMMIT's: by now its failure is known. */
        void afterCommit() {
            Throwable begin = failedBegin;
            if (begin == null) {
                complete();
                return;
            }
            failedBegin = null;
            failed(new PgfastClientException("BEGIN failed, so the statements since ran in auto-commit mode: "
                    + begin.getMessage(), begin));
        }
    }

    private final class Rollback extends Mono<Void> {
        @Override
        public void subscribe(CoreSubscriber<? super Void> actual) {
            failedBegin = null;
            if (idle()) {
                Operators.complete(actual);
                return;
            }
            CommandCompletion completion = new CommandCompletion(actual);
            actual.onSubscribe(completion);
            CommandFlow.submit(transport, "ROLLBACK", completion);
        }
    }

    @Override
    public Mono<Void> commitTransaction() {
        return commit;
    }

    @Override
    public Mono<Void> rollbackTransaction() {
        return rollback;
    }

    @Override
    public Mono<Void> createSavepoint(String name) {
        String sql = "SAVEPOINT " + TransactionStatements.identifier(name);
        return Mono.defer(() -> command(idle() ? "BEGIN; " + sql : sql)).then();
    }

    @Override
    public Mono<Void> releaseSavepoint(String name) {
        String sql = "RELEASE SAVEPOINT " + TransactionStatements.identifier(name);
        return Mono.defer(() -> command(sql)).then();
    }

    @Override
    public Mono<Void> rollbackTransactionToSavepoint(String name) {
        String sql = "ROLLBACK TO SAVEPOINT " + TransactionStatements.identifier(name);
        return Mono.defer(() -> command(sql)).then();
    }

    @Override
    public boolean isAutoCommit() {
        return autoCommit && idle();
    }

    @Override
    public Mono<Void> setAutoCommit(boolean autoCommit) {
        return Mono.defer(() -> {
            boolean changed = this.autoCommit != autoCommit;
            this.autoCommit = autoCommit;
            if (changed && autoCommit && !idle()) {
                return commitTransaction();
            }
            return Mono.empty();
        });
    }

    @Override
    public IsolationLevel getTransactionIsolationLevel() {
        return isolationLevel;
    }

    @Override
    public Mono<Void> setTransactionIsolationLevel(IsolationLevel level) {
        if (level == null) {
            throw new IllegalArgumentException("isolation level must not be null");
        }
        String sql = "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + TransactionStatements.isolationSql(level);
        return Mono.defer(() -> command(sql)).doOnSuccess(t -> isolationLevel = level).then();
    }

    @Override
    public Mono<Void> setStatementTimeout(Duration timeout) {
        if (timeout == null) {
            throw new IllegalArgumentException("timeout must not be null");
        }
        String sql = "SET statement_timeout = " + TransactionStatements.millis(timeout);
        return Mono.defer(() -> command(sql)).then();
    }

    @Override
    public Mono<Void> setLockWaitTimeout(Duration timeout) {
        if (timeout == null) {
            throw new IllegalArgumentException("timeout must not be null");
        }
        String sql = "SET lock_timeout = " + TransactionStatements.millis(timeout);
        return Mono.defer(() -> command(sql)).then();
    }

    // --- lifecycle ---

    @Override
    public Mono<Boolean> validate(ValidationDepth depth) {
        if (depth == ValidationDepth.LOCAL) {
            return validateLocal;
        }
        return Mono.defer(() -> {
            if (!transport.isConnected()) {
                return NOT_VALID;
            }
            return command("").thenReturn(true).onErrorReturn(false);
        });
    }

    /**
     * Whether the connection is open: its socket is open and it has not failed. No round trip: a server that vanished
     * without closing the socket (a network partition) is found by the kernel's keepalive probes and user timeout
     * (within a minute by default, see {@code tcpKeepAliveIdle} and {@code tcpUserTimeout}), or at once by
     * {@code validate(ValidationDepth.REMOTE)} with a timeout.
     */
    public boolean isOpen() {
        return transport.isConnected();
    }

    /** The event loop this connection's I/O runs on, and on which its results and completions are signalled. */
    public io.netty.channel.EventLoop eventLoop() {
        return transport.eventLoop();
    }

    /**
     * Whether no statement is pending or running on this connection (no round trip). Exact on {@link #eventLoop()},
     * where a caller continuing from a statement's last signal counts that statement as done; from another thread, as
     * of the event loop's last change: a statement issued from that thread a moment ago may not be seen yet. A pool
     * asks this before handing the connection to someone else.
     */
    public boolean isAtRest() {
        return transport.isAtRest();
    }

    /**
     * Runs {@code action} on {@link #eventLoop()} once no statement runs here any more, the connection failed, or a
     * statement's rows wait for their consumer's demand; at once if so. Nothing is sent to the server. Event loop only;
     * one action at a time (a pool's release of a connection given back while its statement still runs).
     *
     * @throws IllegalStateException if an action is waiting already
     */
    public void whenSettled(Runnable action) {
        transport.whenSettled(action);
    }

    private static final Mono<Boolean> VALID = Mono.just(true);
    private static final Mono<Boolean> NOT_VALID = Mono.just(false);

    /** A pool validates LOCAL on every acquire and release: one kept Mono, nothing assembled per call. */
    private final Mono<Boolean> validateLocal = new Mono<>() {
        @Override
        public void subscribe(CoreSubscriber<? super Boolean> actual) {
            (transport.isConnected() ? VALID : NOT_VALID).subscribe(actual);
        }
    };

    @Override
    public PgfastConnectionMetadata getMetadata() {
        return new PgfastConnectionMetadata(transport.session().parameters().getOrDefault("server_version", "unknown"),
                transport.session().protocolVersion().toString());
    }

    @Override
    public Mono<Void> close() {
        return transport.close();
    }

    @Override
    public Mono<Void> postAllocate() {
        return Mono.empty();
    }

    /** Before a pool takes the connection back: roll back what its user left open. */
    @Override
    public Mono<Void> preRelease() {
        return preRelease;
    }

    /** Runs on every release to a pool: one kept Mono, nothing assembled per call. */
    private final Mono<Void> preRelease = new Mono<>() {
        @Override
        public void subscribe(CoreSubscriber<? super Void> actual) {
            autoCommit = true;
            if (transport.isConnected()) {
                rollback.subscribe(actual);
            } else {
                Operators.complete(actual);
            }
        }
    };

    @Override
    public String toString() {
        return "PgfastConnection{" + transport.channel() + '}';
    }

    // ---------------------------------------------------------------------------------------------
    // COPY (PostgreSQL's bulk transfer, protocol 55.2.6); usage in docs/copy.md
    // ---------------------------------------------------------------------------------------------

    /**
     * Runs {@code COPY … FROM STDIN} with {@code data} as its input and emits the number of rows copied.
     * Text, CSV and binary COPY formats are all just bytes here: {@code data} must already be in the
     * format the statement names (for binary, including the PGCOPY header and trailer).
     *
     * <p>Elements: {@code ByteBuf} (released once copied), {@code byte[]}, {@code ByteBuffer} (its
     * remaining bytes) or {@code String} (UTF-8); message boundaries need not match rows. {@code data} is
     * subscribed once the server is ready and read with bounded demand, at the speed of the socket.
     *
     * <p>Errors: {@code data} failing (or an element of another type) aborts the COPY with CopyFail, and
     * the Mono fails with that error, the server's answer to the CopyFail attached as suppressed.
     * Cancelling the Mono aborts the COPY the same way. A server error (a malformed row, a constraint)
     * cancels {@code data} and fails the Mono with an {@link io.r2dbc.spi.R2dbcException} whose message
     * names the input line. A statement that turns out not to read from STDIN fails with a
     * {@link PgfastClientException}. In every case nothing is copied and the connection stays usable.
     *
     * @throws IllegalArgumentException when {@code sql} is null, not a COPY or several statements, or
     *                                  {@code data} is null
     */
    public Mono<Long> copyIn(String sql, org.reactivestreams.Publisher<?> data) {
        CopySql.check(sql, "copyIn");
        if (data == null) {
            throw new IllegalArgumentException("copyIn: data must not be null");
        }
        return Mono.defer(() -> {
            beginImplicitly();
            return CopyInFlow.run(transport, sql, data);
        });
    }

    /**
     * Runs {@code COPY … TO STDOUT} and emits its output as the server sends it (in text and CSV format
     * one CopyData message per row). Under backpressure: without demand the connection stops reading and
     * the server waits. Cancelling stops the server's COPY (a CancelRequest); the connection stays usable.
     *
     * <p>Buffer contract: every emitted {@code ByteBuf} belongs to the subscriber, who must release it
     * (also when it is dropped by an operator); see {@link #copyOutBytes} for copies instead.
     *
     * @throws IllegalArgumentException when {@code sql} is null, not a COPY or several statements
     */
    public Flux<io.netty.buffer.ByteBuf> copyOut(String sql) {
        CopySql.check(sql, "copyOut");
        return Flux.defer(() -> {
            beginImplicitly();
            return CopyOutFlow.run(transport, sql);
        });
    }

    /**
     * {@link #copyOut}, each chunk copied into a {@code byte[]} and released right away.
     *
     * @throws IllegalArgumentException when {@code sql} is null, not a COPY or several statements
     */
    public Flux<byte[]> copyOutBytes(String sql) {
        return copyOut(sql).map(CopyOutFlow::toBytes);
    }

    // --- end of COPY ------------------------------------------------------------------------------
}
