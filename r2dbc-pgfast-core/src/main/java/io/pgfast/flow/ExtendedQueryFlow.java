package io.pgfast.flow;

import io.pgfast.error.ErrorDetails;
import io.pgfast.error.SqlState;
import io.pgfast.error.PgfastClientException;
import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.codec.Format;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CloseComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.EmptyQueryResponse;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoData;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.ParameterDescription;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.PortalSuspended;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.protocol.backend.TransactionStatus;
import io.pgfast.protocol.frontend.Bind;
import io.pgfast.protocol.frontend.Close;
import io.pgfast.protocol.frontend.Describe;
import io.pgfast.protocol.frontend.Execute;
import io.pgfast.protocol.frontend.Flush;
import io.pgfast.protocol.frontend.Parse;
import io.pgfast.protocol.frontend.Sync;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;

import java.util.ArrayList;
import java.util.List;

/**
 * The extended query protocol (55.2.3) for one statement with one or more sets of bindings.
 *
 * <p>Named statements (the default): a statement not yet in the cache is prepared first — Parse,
 * Describe Statement, Sync — so its result columns are known and binary format can be asked for every
 * column whose type has a binary codec; then, and on every later execution, N × (Bind, Execute) and one
 * Sync: one round trip for a whole batch. Until the Bind messages are written this conversation is a
 * write barrier (responses must stay in request order).
 *
 * <p>Unnamed statements ({@code preparedStatementCacheQueries=0}, for transaction-pooling PgBouncer):
 * Parse, Bind, Describe Portal, Execute, Sync in one go, results in text format.
 *
 * <p>{@code fetchSize} (one binding only): Execute(n) with Flush instead of Sync, so the portal survives
 * outside a transaction block; each PortalSuspended asks for the next n rows; Sync after the last.
 *
 * <p>A cached statement the server no longer accepts (0A000 "cached plan must not change result type" from
 * the server's plan cache, told apart by the error's routine field; 26000 after DISCARD ALL) is prepared again
 * transparently, once, when nothing was returned yet, no transaction block was aborted by it, and nothing was
 * written after it. Any other 0A000, e.g. one a function raises, reaches the caller and is not sent again.
 *
 * <p>Two kinds, so that each holds its bindings in typed fields: {@link OneBindingFlow}, the usual statement (no
 * list, no array), and {@link BatchFlow}; {@link #of} picks one.
 */
public abstract sealed class ExtendedQueryFlow extends QueryFlow permits OneBindingFlow, BatchFlow {

    private static final short[] ALL_TEXT = {Format.TEXT.code()};
    /** The server routine that reports a stale cached plan (see {@link #isStalePlan}). */
    private static final String STALE_PLAN_ROUTINE = "RevalidateCachedQuery";

    private final PreparedStatementCache cache;
    /** With a row limit per Execute (one binding only, see {@link #fetching()}), its windows; null for all rows at once. */
    private final FetchWindows fetch;
    /** Binding and executing; false while the statements are being prepared (Parse/Describe/Sync). */
    private boolean executing;
    private boolean writeComplete = true;
    /** The statements to prepare first; empty and immutable (nothing allocated) until one is needed. */
    private List<PreparedStatementCache.Entry> preparing = List.of();
    private int described;
    private boolean prepareFailed;
    private int nextBinding;
    private R2dbcException heldError;
    private boolean retried;
    /** Parse and Close messages written whose ParseComplete / CloseComplete has not arrived yet. */
    private int parsesPending;
    private int closesPending;

    /** One statement with one set of bindings ({@link Binding#NONE} when it has no parameters). */
    public static ExtendedQueryFlow of(Transport transport, CodecRegistry codecs, String sql, Binding binding, int fetchSize,
                                       PreparedStatementCache cache, ResultFactory resultFactory, Subscriber<? super Result> results) {
        return new OneBindingFlow(transport, codecs, sql, binding, fetchSize, cache, resultFactory, results);
    }

    /** One statement with every set of bindings in {@code batch} (a row limit applies to one set only). */
    public static ExtendedQueryFlow of(Transport transport, CodecRegistry codecs, String sql, List<Binding> batch, int fetchSize,
                                       PreparedStatementCache cache, ResultFactory resultFactory, Subscriber<? super Result> results) {
        if (batch.size() == 1) {
            return new OneBindingFlow(transport, codecs, sql, batch.get(0), fetchSize, cache, resultFactory, results);
        }
        return new BatchFlow(transport, codecs, sql, batch, cache, resultFactory, results);
    }

    ExtendedQueryFlow(Transport transport, CodecRegistry codecs, String sql, FetchWindows fetch,
                              PreparedStatementCache cache, ResultFactory resultFactory, Subscriber<? super Result> results) {
        super(transport, codecs, sql, resultFactory, results);
        this.cache = cache;
        this.fetch = fetch;
    }

    /** The sets of bindings this statement runs with. */
    abstract int bindingCount();

    abstract Binding binding(int i);

    /** The cached statement binding {@code i} runs as (several may share one); null until looked up. */
    abstract PreparedStatementCache.Entry entry(int i);

    abstract void entry(int i, PreparedStatementCache.Entry entry);

    /** The rows per Execute: 0 for all at once. */
    private int fetchSize() {
        return fetch == null ? 0 : fetch.size;
    }

    @Override
    protected boolean writeComplete() {
        return writeComplete;
    }

    @Override
    protected void writeTo(ByteBuf out) {
        markWritten();
        if (cache.hasEvicted()) {
            for (String name : cache.drainEvicted()) {
                Close.statement(name).encode(out);
                closesPending++;
            }
        }
        if (!cache.enabled()) {
            executing = true;
            writeUnnamed(out);
            return;
        }
        for (int i = 0; i < bindingCount(); i++) {
            Binding b = binding(i);
            String text = b.sqlOr(sql);
            PreparedStatementCache.Entry entry = cache.get(text, b);
            if (entry == null) {
                int[] oids = b.oids();
                entry = preparing(text, oids);
                if (entry == null) {
                    entry = cache.newEntry(text, oids);
                    addPreparing(entry);
                }
            }
            entry(i, entry);
        }
        if (preparing.isEmpty()) {
            executing = true;
            writeBinds(out);
        } else {
            executing = false;
            writePrepare(out);
        }
    }

    private boolean fetching() {
        return fetch != null;
    }

    private void addPreparing(PreparedStatementCache.Entry entry) {
        if (preparing.isEmpty()) {
            preparing = new ArrayList<>(2);
        }
        preparing.add(entry);
    }

    /** The statement already to be prepared for {@code text} with {@code oids} (a batch repeats them), or null. */
    private PreparedStatementCache.Entry preparing(String text, int[] oids) {
        for (int i = 0; i < preparing.size(); i++) {
            if (preparing.get(i).key.matches(text, oids)) {
                return preparing.get(i);
            }
        }
        return null;
    }

    private void writePrepare(ByteBuf out) {
        for (int i = 0; i < preparing.size(); i++) {
            PreparedStatementCache.Key key = preparing.get(i).key;
            String name = preparing.get(i).name;
            new Parse(name, key.sql, key.oids).encode(out);
            parsesPending++;
            Describe.statement(name).encode(out);
        }
        Sync.INSTANCE.encode(out);
        writeComplete = false;
    }

    private void writeBinds(ByteBuf out) {
        for (int i = 0; i < bindingCount(); i++) {
            PreparedStatementCache.Entry e = entry(i);
            Bind.encode(out, "", e.name, binding(i), e.resultFormats);
            (fetching() ? new Execute("", fetch.size) : Execute.UNNAMED_ALL_ROWS).encode(out);
        }
        endBatch(out);
    }

    private void writeUnnamed(ByteBuf out) {
        int[] parsed = null;
        String parsedSql = null;
        for (int i = 0; i < bindingCount(); i++) {
            Binding b = binding(i);
            String text = b.sqlOr(sql);
            if (parsed == null || !text.equals(parsedSql) || !b.hasOids(parsed)) {
                parsed = b.oids();
                parsedSql = text;
                new Parse("", text, parsed).encode(out);
                parsesPending++;
            }
            Bind.encode(out, "", "", b, ALL_TEXT);
            Describe.portal("").encode(out);
            new Execute("", fetchSize()).encode(out);
        }
        endBatch(out);
    }

    private void endBatch(ByteBuf out) {
        if (fetching()) {
            Flush.INSTANCE.encode(out);
            writeComplete = false;
        } else {
            Sync.INSTANCE.encode(out);
            writeComplete = true;
        }
    }

    private void writeMore(java.util.function.Consumer<ByteBuf> writer) {
        ByteBuf out = transport.channel().alloc().ioBuffer();
        try {
            writer.accept(out);
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
        transport.writeMore(out);
    }

    /**
     * A prepared statement's Result opens at its BindComplete (its columns are known from the cache); an unnamed
     * one's at the RowDescription or NoData of its Describe Portal, once executing.
     */
    @Override
    boolean opensResult(BackendMessageType type) {
        if (cache.enabled()) {
            return type == BackendMessageType.BIND_COMPLETE;
        }
        return executing && (type == BackendMessageType.ROW_DESCRIPTION || type == BackendMessageType.NO_DATA);
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof DataRow) {
            DataRow row = (DataRow) message;
            checkRow(row);
            if (fetching()) {
                fetch.rowsInWindow++;
            }
            current.row(row);
            return false;
        }
        if (message instanceof ReadyForQuery) {
            return onReadyForQuery((ReadyForQuery) message);
        }
        if (message instanceof ErrorResponse) {
            onErrorResponse((ErrorResponse) message);
            return false;
        }
        if (message instanceof NoticeResponse) {
            onNotice((NoticeResponse) message);
            return false;
        }
        if (message instanceof ParseComplete) {
            if (--parsesPending < 0) {
                throw new ProtocolException("ParseComplete without a Parse");
            }
            return false;
        }
        if (message instanceof CloseComplete) {
            if (--closesPending < 0) {
                throw new ProtocolException("CloseComplete without a Close");
            }
            return false;
        }
        if (!executing) {
            onDescribe(message);
        } else {
            onExecute(message);
        }
        return false;
    }

    private void onDescribe(BackendMessage message) {
        if (described >= preparing.size()) {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " after every statement was described");
        }
        PreparedStatementCache.Entry entry = preparing.get(described);
        if (message instanceof ParameterDescription) {
            entry.parameterOids = ((ParameterDescription) message).oids();
        } else if (message instanceof RowDescription) {
            RowDescription rd = (RowDescription) message;
            entry.description = rd;
            entry.resultFormats = resultFormats(rd);
            entry.metadata = resultFactory.columns(rd, entry.resultFormats, codecs);
            cache.put(entry);
            described++;
        } else if (message instanceof NoData) {
            entry.resultFormats = ALL_TEXT;
            cache.put(entry);
            described++;
        } else {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " while describing a statement");
        }
    }

    /** Binary for every column whose type has a binary decoder, text for the rest (one code when all agree). */
    private short[] resultFormats(RowDescription rd) {
        RowDescription.Field[] fields = rd.fields();
        short[] formats = new short[fields.length];
        boolean allBinary = true;
        for (int i = 0; i < fields.length; i++) {
            boolean binary = codecs.binaryDecodable(fields[i].typeOid());
            formats[i] = binary ? Format.BINARY.code() : Format.TEXT.code();
            allBinary &= binary;
        }
        if (allBinary) {
            return new short[] {Format.BINARY.code()};
        }
        return formats;
    }

    private void onExecute(BackendMessage message) {
        if (message instanceof BindComplete) {
            if (cache.enabled()) {
                openResult(entry(nextBinding).metadata);
            }
            nextBinding++;
        } else if (message instanceof RowDescription) {
            if (cache.enabled() || current != null) {
                throw new ProtocolException("unexpected RowDescription while executing a portal");
            }
            openResult(resultFactory.columns((RowDescription) message, null, codecs));
        } else if (message instanceof NoData) {
            if (cache.enabled() || current != null) {
                throw new ProtocolException("unexpected NoData while executing a portal");
            }
            openResult(null);
        } else if (message instanceof CommandComplete) {
            long rows = ((CommandComplete) message).rows();
            // with a row limit each Execute reports only its own rows: add the earlier windows'
            closeResult(rows >= 0 ? rows + (fetching() ? fetch.rowsInEarlierWindows : 0) : null);
            if (fetching() && !writeComplete) {
                writeMore(Sync.INSTANCE::encode);
                writeComplete = true;
            }
        } else if (message instanceof EmptyQueryResponse) {
            closeResult(null);
        } else if (message instanceof PortalSuspended) {
            onPortalSuspended();
        } else if (message instanceof ParameterDescription) {
            // not asked for in this phase; harmless
        } else {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " while executing a portal");
        }
    }

    private void onPortalSuspended() {
        if (!fetching() || writeComplete) {
            throw new ProtocolException("PortalSuspended although no row limit was given");
        }
        fetch.rowsInEarlierWindows += fetch.rowsInWindow;
        fetch.rowsInWindow = 0;
        if (current != null && !current.isCancelledByConsumer()) {
            writeMore(out -> {
                new Execute("", fetch.size).encode(out);
                Flush.INSTANCE.encode(out);
            });
        } else {
            // the consumer is gone: close the portal instead of fetching the rest (no CancelRequest needed)
            if (current != null) {
                current.complete(null);
                current = null;
            }
            writeMore(out -> {
                Close.portal("").encode(out);
                closesPending++;
                Sync.INSTANCE.encode(out);
            });
            writeComplete = true;
        }
    }

    @Override
    protected boolean skipsDataRows() {
        // with a row limit every window's rows are counted
        return !fetching() && super.skipsDataRows();
    }

    @Override
    void cancelServerWork() {
        // with a row limit the next PortalSuspended closes the portal; otherwise a CancelRequest
        if (!fetching()) {
            super.cancelServerWork();
        }
    }

    /**
     * While the statements are only being prepared (Parse, Describe, Sync: a cache miss's first round trip), none has
     * run, and a connection lost then cannot have committed anything.
     */
    @Override
    protected io.pgfast.transport.TransactionOutcome transactionOutcome(TransactionStatus before) {
        return executing ? super.transactionOutcome(before) : io.pgfast.transport.TransactionOutcome.none(before);
    }

    private void onErrorResponse(ErrorResponse error) {
        R2dbcException e = toException(error);
        String code = error.code();
        if (!executing) {
            prepareFailed = true;
            failResult(e);
            return;
        }
        boolean stale = isStalePlan(error) || SqlState.INVALID_SQL_STATEMENT_NAME.equals(code);
        if (stale && cache.enabled()) {
            if (SqlState.INVALID_SQL_STATEMENT_NAME.equals(code)) {
                cache.clear();
            } else {
                for (int i = 0; i < bindingCount(); i++) {
                    PreparedStatementCache.Entry entry = entry(i);
                    if (entry != null) {
                        cache.remove(entry.key);
                    }
                }
            }
            if (!retried && !anyResultOpened()) {
                heldError = e;
                syncAfterErrorIfFetching();
                return;
            }
        }
        onError(error);
        syncAfterErrorIfFetching();
    }

    /**
     * Whether {@code error} is the server's "cached plan must not change result type": SQLSTATE 0A000 raised by
     * the routine that re-checks a cached statement ({@code RevalidateCachedQuery} in PostgreSQL's
     * {@code src/backend/utils/cache/plancache.c}). The SQLSTATE alone is not enough: any function may raise
     * 0A000, and such an error must reach the caller without the statement being evicted or sent again. A
     * server that leaves the routine field out gets no transparent re-preparation: the error reaches the caller.
     */
    private static boolean isStalePlan(ErrorResponse error) {
        return SqlState.FEATURE_NOT_SUPPORTED.equals(error.code())
                && STALE_PLAN_ROUTINE.equals(error.field(ErrorDetails.ROUTINE));
    }

    /** After an error the server skips to Sync; in fetch mode the Sync has not been written yet. */
    private void syncAfterErrorIfFetching() {
        if (fetching() && !writeComplete) {
            writeMore(Sync.INSTANCE::encode);
            writeComplete = true;
        }
    }

    private boolean onReadyForQuery(ReadyForQuery ready) {
        if (!executing) {
            if (prepareFailed) {
                writeComplete = true;
                readyForQuery();
                return true;
            }
            executing = true;
            preparing = List.of();
            described = 0;
            try {
                writeMore(this::writeBinds);
            } catch (RuntimeException e) {
                // a value that cannot be encoded: nothing was written, the server is idle; only this
                // statement fails
                writeComplete = true;
                failResult(new PgfastClientException("cannot encode a parameter: " + e.getMessage(), e));
                readyForQuery();
                return true;
            }
            return false;
        }
        if (heldError != null) {
            R2dbcException e = heldError;
            heldError = null;
            if (ready.status() == TransactionStatus.IDLE && transport.isLastWritten(this)) {
                // nothing of it ran: prepare every statement of the batch again, then bind as before
                retried = true;
                nextBinding = 0;
                for (int i = 0; i < bindingCount(); i++) {
                    PreparedStatementCache.Key key = entry(i).key;
                    PreparedStatementCache.Entry entry = preparing(key.sql, key.oids);
                    if (entry == null) {
                        entry = cache.newEntry(entry(i));
                        addPreparing(entry);
                    }
                    entry(i, entry);
                }
                executing = false;
                writeMore(this::writePrepare);
                return false;
            }
            failResult(e);
        }
        readyForQuery();
        return true;
    }
}
