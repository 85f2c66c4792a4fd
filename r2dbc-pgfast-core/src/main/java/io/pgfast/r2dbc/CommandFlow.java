package io.pgfast.r2dbc;

import io.pgfast.transport.Notices;
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

/**
 * A driver-issued simple query whose rows nobody reads (BEGIN, COMMIT, SET, SAVEPOINT, a validation
 * query): emits the last command tag, or the first error, once ReadyForQuery arrives.
 */
final class CommandFlow extends Conversation {

    private final String sql;
    private final MonoSink<String> sink;
    private String lastTag = "";
    private R2dbcException error;
    private boolean rowsOpen;

    private CommandFlow(String sql, MonoSink<String> sink) {
        this.sql = sql;
        this.sink = sink;
    }

    /** Runs {@code sql}; emits its last command tag (e.g. "COMMIT", or "ROLLBACK" for a failed transaction). */
    static Mono<String> run(Transport transport, String sql) {
        return Mono.create(sink -> transport.submit(new CommandFlow(sql, sink)));
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
            Notices.log(n);
        } else if (message instanceof ReadyForQuery) {
            if (error != null) {
                sink.error(error);
            } else {
                sink.success(lastTag);
            }
            return true;
        } else if (message instanceof RowDescription) {
            rowsOpen = true;
        } else if ((message instanceof DataRow && rowsOpen) || message instanceof EmptyQueryResponse) {
            // rows of a command nobody reads (SHOW, a validation query) and the empty query: fine
            ReferenceCountUtil.release(message);
        } else {
            ReferenceCountUtil.release(message);
            throw new io.pgfast.protocol.ProtocolException("unexpected " + message.getClass().getSimpleName() + " in answer to a simple query");
        }
        return false;
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        // the server's own error, when it sent one before closing, says more than "connection closed"
        sink.error(error != null ? error : failure);
    }
}
