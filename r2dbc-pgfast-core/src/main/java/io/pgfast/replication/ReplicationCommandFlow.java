package io.pgfast.replication;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.error.ErrorDetails;
import io.pgfast.error.PgExceptionFactory;
import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.ProtocolException;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.CopyBothResponse;
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
import io.pgfast.error.PgfastClientException;
import io.pgfast.transport.Conversation;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.R2dbcException;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

import java.util.ArrayList;
import java.util.List;

/**
 * One command on a replication connection (protocol 55.4: IDENTIFY_SYSTEM, CREATE_REPLICATION_SLOT,
 * DROP_REPLICATION_SLOT, or SQL in a database walsender) as a simple Query: its rows, in text format, are
 * collected in memory and handed over at ReadyForQuery, or its ErrorResponse is. Meant for the few rows
 * commands return (a write barrier: nothing is pipelined behind it); a COPY the command starts is refused (CopyFail for copy-in, CopyDone for copy-both,
 * copy-out data dropped) and reported as an error, the connection staying usable.
 */
final class ReplicationCommandFlow extends Conversation {

    /** What a command returned: its rows (of its last result) and its last command tag. */
    record Outcome(List<SqlRow> rows, String tag) {
    }

    private final Transport transport;
    private final CodecRegistry codecs;
    private final String sql;
    private MonoSink<Outcome> sink;
    private List<String> names = List.of();
    private int[] typeOids = new int[0];
    private List<SqlRow> rows = new ArrayList<>();
    private String tag = "";
    private R2dbcException error;
    /** A COPY began (Copy*Response): its CopyData and CopyDone are dropped until CommandComplete. */
    private boolean copyStarted;
    /** ReadyForQuery or a connection failure: the end of the conversation. */
    private boolean over;
    /** Set once the sink is answered or cancelled. */
    private volatile boolean done;

    private ReplicationCommandFlow(Transport transport, CodecRegistry codecs, String sql) {
        this.transport = transport;
        this.codecs = codecs;
        this.sql = sql;
    }

    static Mono<Outcome> run(Transport transport, CodecRegistry codecs, String sql) {
        return Mono.create(sink -> {
            ReplicationCommandFlow flow = new ReplicationCommandFlow(transport, codecs, sql);
            flow.sink = sink;
            sink.onCancel(() -> {
                flow.done = true;
                flow.cancelBeforeWrite();
            });
            transport.submit(flow);
        });
    }

    @Override
    protected void writeTo(ByteBuf out) {
        new Query(sql).encode(out);
    }

    /**
     * A write barrier until ReadyForQuery: nothing is written behind a command, so that the CopyFail or
     * CopyDone that ends a COPY it started reaches the server before any other message.
     */
    @Override
    protected boolean writeComplete() {
        return over;
    }

    @Override
    protected boolean onMessage(BackendMessage message) {
        if (message instanceof DataRow) {
            row((DataRow) message);
        } else if (message instanceof RowDescription) {
            RowDescription.Field[] fields = ((RowDescription) message).fields();
            List<String> n = new ArrayList<>(fields.length);
            int[] oids = new int[fields.length];
            for (int i = 0; i < fields.length; i++) {
                n.add(fields[i].name());
                oids[i] = fields[i].typeOid();
            }
            names = List.copyOf(n);
            typeOids = oids;
            rows = new ArrayList<>();
        } else if (message instanceof CommandComplete) {
            tag = ((CommandComplete) message).tag();
        } else if (message instanceof EmptyQueryResponse) {
            tag = "";
        } else if (message instanceof ErrorResponse) {
            if (error == null) {
                error = PgExceptionFactory.create(ErrorDetails.of(((ErrorResponse) message).fields()), sql);
            }
        } else if (message instanceof NoticeResponse) {
            transport.notices().log((NoticeResponse) message);
        } else if (message instanceof ReadyForQuery) {
            finish();
            return true;
        } else if (message instanceof CopyData) {
            // a walsender may still send CopyData after its own CopyDone, up to CommandComplete
            ((CopyData) message).release();
            if (!copyStarted) {
                throw new ProtocolException("CopyData outside a COPY in a replication command");
            }
        } else if (message instanceof CopyDone) {
            if (!copyStarted) {
                throw new ProtocolException("CopyDone outside a COPY in a replication command");
            }
        } else if (message instanceof CopyInResponse) {
            refuseCopy("a COPY FROM STDIN");
            copyStarted = true;
            send(new CopyFail("not supported in a replication command"));
        } else if (message instanceof CopyOutResponse) {
            refuseCopy("a COPY TO STDOUT");
            copyStarted = true;
        } else if (message instanceof CopyBothResponse) {
            refuseCopy("a replication stream; use ReplicationConnection.startReplication");
            copyStarted = true;
            send(io.pgfast.protocol.frontend.CopyDone.INSTANCE);
        } else {
            ReferenceCountUtil.release(message);
            throw new ProtocolException("unexpected " + message.getClass().getSimpleName() + " in a replication command");
        }
        return false;
    }

    private void row(DataRow row) {
        if (row.columnCount() != typeOids.length) {
            throw new ProtocolException("DataRow with " + row.columnCount() + " values after a RowDescription of " + typeOids.length);
        }
        byte[][] values = new byte[row.columnCount()][];
        for (int i = 0; i < values.length; i++) {
            if (!row.isNull(i)) {
                values[i] = new byte[row.length(i)];
                row.buffer().getBytes(row.offset(i), values[i]);
            }
        }
        rows.add(new SqlRow(names, typeOids, values, codecs));
    }

    private void refuseCopy(String what) {
        if (error == null) {
            error = new PgfastClientException("the command started " + what + ": " + sql, null);
        }
    }

    private void send(io.pgfast.protocol.FrontendMessage message) {
        ByteBuf out = transport.channel().alloc().ioBuffer();
        message.encode(out);
        transport.writeMore(out);
    }

    private void finish() {
        over = true;
        if (done) {
            return;
        }
        done = true;
        if (error != null) {
            sink.error(error);
        } else {
            sink.success(new Outcome(List.copyOf(rows), tag));
        }
    }

    @Override
    protected void onConnectionFailure(Throwable failure) {
        over = true;
        if (!done) {
            done = true;
            sink.error(failure);
        }
    }
}
