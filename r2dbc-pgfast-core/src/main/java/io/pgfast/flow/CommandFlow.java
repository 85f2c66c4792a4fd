package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.EmptyQueryResponse;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.protocol.backend.ErrorResponse;
import io.pgfast.protocol.backend.NoticeResponse;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.frontend.Query;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver-issued simple query whose rows the application never sees (BEGIN, COMMIT, SET, SAVEPOINT, a
 * validation query, the driver's own catalog lookups): emits the last command tag — or, for
 * {@link #textRows}, every statement's rows as text — or the first error, once ReadyForQuery arrives.
 */
public final class CommandFlow extends Conversation {

    /** Where a command's end goes, once, on the event loop: its last command tag, or the first error. */
    public interface Outcome {

        void succeeded(String tag);

        void failed(Throwable error);
    }

    private final String sql;
    /** Null when the rows are collected ({@link #textRows}). */
    private final Outcome outcome;
    /** Null unless the rows are collected ({@link #textRows}); then one list per statement that returned rows. */
    private final List<List<String[]>> results;
    private final MonoSink<List<List<String[]>>> rowsSink;
    private String lastTag = "";
    private R2dbcException error;
    private boolean rowsOpen;
    /** Its answer is no longer awaited (see {@link #abandon}): nothing more is signalled. */
    private boolean abandoned;
    private final Transport transport;

    private CommandFlow(Transport transport, String sql, Outcome outcome, MonoSink<List<List<String[]>>> rowsSink) {
        this.transport = transport;
        this.sql = sql;
        this.outcome = outcome;
        this.rowsSink = rowsSink;
        this.results = rowsSink == null ? null : new ArrayList<>(3);
    }

    /** Runs {@code sql}; emits its last command tag (e.g. "COMMIT", or "ROLLBACK" for a failed transaction). */
    public static Mono<String> run(Transport transport, String sql) {
        return Mono.create(sink -> submit(transport, sql, new Outcome() {
            @Override
            public void succeeded(String tag) {
                sink.success(tag);
            }

            @Override
            public void failed(Throwable error) {
                sink.error(error);
            }
        }));
    }

    /**
     * Queues {@code sql} now and hands its end to {@code outcome}: no publisher, for the driver's own commands
     * on the per-statement paths (BEGIN, COMMIT, ROLLBACK), whose Reactor assembly would cost more than the
     * command itself. Safe from any thread.
     */
    public static void submit(Transport transport, String sql, Outcome outcome) {
        transport.submit(new CommandFlow(transport, sql, outcome, null));
    }

    /**
     * Runs {@code sql} (one or more statements) and emits the rows of each statement that returned rows, in
     * order, every value as the server's text (a simple query's results are text; null for NULL).
     */
    public static Mono<List<List<String[]>>> textRows(Transport transport, String sql) {
        return Mono.create(sink -> transport.submit(new CommandFlow(transport, sql, null, sink)));
    }

    @Override
    protected void writeTo(ByteBuf out) {
        new Query(sql).encode(out);
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof CommandComplete) {
            lastTag = ((CommandComplete) message).tag();
            rowsOpen = false;
        } else if (message instanceof ErrorResponse) {
            if (error == null) {
                error = PgExceptionFactory.create(ErrorDetails.of(((ErrorResponse) message).fields()), sql);
            }
        } else if (message instanceof NoticeResponse) {
            NoticeResponse n = (NoticeResponse) message;
            transport.notices().log(n);
        } else if (message instanceof ReadyForQuery) {
            transport.ending(this);
            if (abandoned) {
                return true;
            }
            if (error != null) {
                fail(error);
            } else if (outcome != null) {
                outcome.succeeded(lastTag);
            } else {
                rowsSink.success(results);
            }
            return true;
        } else if (message instanceof RowDescription) {
            rowsOpen = true;
            if (results != null) {
                results.add(new ArrayList<>());
            }
        } else if (message instanceof DataRow && rowsOpen) {
            if (results != null) {
                results.get(results.size() - 1).add(text((DataRow) message));
            }
        } else if (message instanceof EmptyQueryResponse) {
            // the empty query: fine
        } else {
            ReferenceCountUtil.release(message);
            throw new io.pgfast.protocol.ProtocolException("unexpected " + message.getClass().getSimpleName() + " in answer to a simple query");
        }
        return false;
    }

    private static String[] text(DataRow row) {
        String[] values = new String[row.columnCount()];
        for (int i = 0; i < values.length; i++) {
            int length = row.length(i);
            values[i] = length < 0 ? null : row.buffer().toString(row.offset(i), length, StandardCharsets.UTF_8);
        }
        return values;
    }

    @Override
    protected boolean abandon(Throwable failure) {
        fail(failure);
        abandoned = true;
        return true;
    }

    private void fail(Throwable e) {
        if (abandoned) {
            return;
        }
        if (outcome != null) {
            outcome.failed(e);
        } else {
            rowsSink.error(e);
        }
    }

    /** A COMMIT, or a statement in auto-commit, cut off by a lost connection may have committed: see {@link TransactionEffects}. */
    @Override
    protected io.pgfast.transport.TransactionOutcome transactionOutcome(io.pgfast.protocol.backend.TransactionStatus before) {
        return TransactionEffects.of(sql, before);
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        // the server's own error, when it sent one before closing, says more than "connection closed"
        fail(error != null ? error : failure);
    }
}
