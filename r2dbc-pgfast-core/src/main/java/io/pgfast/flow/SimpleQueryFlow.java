package io.pgfast.flow;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.BackendMessageType;
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
import io.r2dbc.spi.Result;
import org.reactivestreams.Subscriber;

/**
 * The simple query protocol (55.2.2): one Query message, possibly several statements, each giving one
 * Result: [RowDescription DataRow*] CommandComplete, or EmptyQueryResponse, or ErrorResponse (which
 * ends the whole string); then ReadyForQuery. Results arrive in text format.
 */
public final class SimpleQueryFlow extends QueryFlow {

    private final DescribedColumns described;

    public SimpleQueryFlow(Transport transport, CodecRegistry codecs, String sql, ResultFactory resultFactory,
                           DescribedColumns described, Subscriber<? super Result> results) {
        super(transport, codecs, sql, resultFactory, results);
        this.described = described;
    }

    @Override
    protected void writeTo(ByteBuf out) {
        markWritten();
        new Query(sql).encode(out);
    }

    /** Each statement of the string opens its Result with its RowDescription, or is an empty one. */
    @Override
    boolean opensResult(BackendMessageType type) {
        return type == BackendMessageType.ROW_DESCRIPTION || type == BackendMessageType.EMPTY_QUERY_RESPONSE;
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof DataRow) {
            DataRow row = (DataRow) message;
            checkRow(row);
            current.row(row);
        } else if (message instanceof RowDescription) {
            if (current != null) {
                throw new io.pgfast.protocol.ProtocolException("RowDescription while the previous statement's rows are still open");
            }
            openResult(described.columns((RowDescription) message, codecs, resultFactory));
        } else if (message instanceof CommandComplete) {
            long rows = ((CommandComplete) message).rows();
            closeResult(rows >= 0 ? rows : null);
        } else if (message instanceof EmptyQueryResponse) {
            closeResult(null);
        } else if (message instanceof ErrorResponse) {
            onError((ErrorResponse) message);
        } else if (message instanceof NoticeResponse) {
            onNotice((NoticeResponse) message);
        } else if (message instanceof ReadyForQuery) {
            readyForQuery();
            return true;
        } else if (message instanceof CopyInResponse) {
            // COPY FROM STDIN needs a data source: refuse it, the server answers with an ErrorResponse
            ByteBuf out = transport.channel().alloc().ioBuffer();
            new CopyFail("COPY FROM STDIN needs a data source: use PgfastConnection.copyIn(sql, publisher) instead of a Statement").encode(out);
            transport.writeMore(out);
        } else if (message instanceof CopyData || message instanceof CopyOutResponse || message instanceof CopyDone) {
            // COPY TO STDOUT through a Statement: the data is dropped, the "COPY n" count remains
            ReferenceCountUtil.release(message);
        } else {
            ReferenceCountUtil.release(message);
            throw new io.pgfast.protocol.ProtocolException("unexpected " + message.getClass().getSimpleName() + " in a simple query");
        }
        return false;
    }
}
