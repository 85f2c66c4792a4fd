package io.pgfast.flow;

import io.pgfast.protocol.BackendMessage;
import io.pgfast.protocol.backend.BindComplete;
import io.pgfast.protocol.backend.CommandComplete;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.ParameterDescription;
import io.pgfast.protocol.backend.ParseComplete;
import io.pgfast.protocol.backend.ReadyForQuery;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.config.PgfastConnectionConfigurationBuilder;
import io.r2dbc.spi.Statement;
import reactor.core.publisher.Flux;

import java.nio.charset.StandardCharsets;

/**
 * The conversations a connection has with the server, each as a script of what the client writes and
 * what opens, fills and ends its result: the simple query protocol, the extended protocol with a named
 * prepared statement (binary results), the same with a row limit per Execute (fetchSize), the extended
 * protocol with the unnamed statement (text results) and a driver command (BEGIN).
 *
 * <p>Each result has one int4 column {@code v}.
 */
enum FlowKind {

    /** {@code SELECT v FROM t}: Query; RowDescription, DataRow*, CommandComplete, ReadyForQuery (55.2.2). */
    SIMPLE {
        @Override
        Statement statement(PgfastConnection c) {
            return c.createStatement("SELECT v FROM t");
        }

        @Override
        void expectRequest(ScriptedServer s) {
            s.expect('Q');
        }

        @Override
        BackendMessage[] resultStart() {
            return new BackendMessage[] {description()};
        }
    },

    /**
     * {@code SELECT $1::int4}: Parse, Describe(S), Sync; then Bind, Execute, Sync; BindComplete opens the
     * result, whose columns the statement's description gave, in binary.
     */
    EXTENDED {
        @Override
        Statement statement(PgfastConnection c) {
            return c.createStatement("SELECT $1::int4 AS v").bind(0, 1);
        }

        @Override
        void expectRequest(ScriptedServer s) {
            prepare(s, ScriptedServer.INT4);
            s.expectAll("BES");
        }

        @Override
        BackendMessage[] resultStart() {
            return new BackendMessage[] {BindComplete.INSTANCE};
        }

        @Override
        DataRow row(int value) {
            return binaryRow(value);
        }
    },

    /** {@code SELECT v FROM t} with fetchSize 10: as EXTENDED, but Execute(10) and Flush; Sync after the last window. */
    FETCH {
        @Override
        Statement statement(PgfastConnection c) {
            return c.createStatement("SELECT v FROM t").fetchSize(10);
        }

        @Override
        void expectRequest(ScriptedServer s) {
            prepare(s);
            s.expectAll("BEH");
        }

        @Override
        BackendMessage[] resultStart() {
            return new BackendMessage[] {BindComplete.INSTANCE};
        }

        @Override
        DataRow row(int value) {
            return binaryRow(value);
        }

        @Override
        void finish(ScriptedServer s, int rows) {
            // the client writes its Sync only once the portal has run to completion
            s.send(new CommandComplete("SELECT " + rows));
            s.expect('S');
            s.send(ReadyForQuery.IDLE);
        }
    },

    /** {@code SELECT $1::int4} without a statement cache: Parse, Bind, Describe(P), Execute, Sync; text results. */
    UNNAMED {
        @Override
        PgfastConnectionConfigurationBuilder configure(PgfastConnectionConfigurationBuilder b) {
            return b.preparedStatementCacheQueries(0);
        }

        @Override
        Statement statement(PgfastConnection c) {
            return c.createStatement("SELECT $1::int4 AS v").bind(0, 1);
        }

        @Override
        void expectRequest(ScriptedServer s) {
            s.expectAll("PBDES");
        }

        @Override
        BackendMessage[] resultStart() {
            return new BackendMessage[] {ParseComplete.INSTANCE, BindComplete.INSTANCE, description()};
        }
    },

    /**
     * {@code setStatementTimeout(5s)}: a driver command that waits for its answer, Query "SET statement_timeout = 5000";
     * CommandComplete, ReadyForQuery(I). ({@code beginTransaction()} does not wait: its BEGIN is pipelined.)
     */
    COMMAND {
        @Override
        Statement statement(PgfastConnection c) {
            throw new UnsupportedOperationException("a driver command has no Statement; use run()");
        }

        @Override
        Flux<Object> run(PgfastConnection c) {
            return Flux.from(c.setStatementTimeout(java.time.Duration.ofSeconds(5))).cast(Object.class);
        }

        @Override
        void expectRequest(ScriptedServer s) {
            s.expect('Q');
        }

        @Override
        BackendMessage[] resultStart() {
            return new BackendMessage[0];
        }

        @Override
        BackendMessage[] end(int rows) {
            return new BackendMessage[] {new CommandComplete("SET"), ReadyForQuery.IDLE};
        }
    };

    /** The connection options this flow needs. */
    PgfastConnectionConfigurationBuilder configure(PgfastConnectionConfigurationBuilder b) {
        return b;
    }

    /** The flow's statement, ready to execute. */
    abstract Statement statement(PgfastConnection c);

    /** Runs the flow: the values of its rows (nothing for COMMAND). */
    Flux<Object> run(PgfastConnection c) {
        return Flux.from(statement(c).execute()).concatMap(r -> r.map((row, md) -> row.get(0)));
    }

    /** Scripts what the client writes up to the point where the result's messages are due. */
    abstract void expectRequest(ScriptedServer s);

    /** The messages that open the result (before its first DataRow). */
    abstract BackendMessage[] resultStart();

    /**
     * What comes before the first DataRow but for the message that opens the result (RowDescription, or
     * BindComplete for a prepared statement, whose columns are known from its description).
     */
    BackendMessage[] resultStartWithoutDescription() {
        return this == UNNAMED ? new BackendMessage[] {ParseComplete.INSTANCE, BindComplete.INSTANCE} : new BackendMessage[0];
    }

    /** A row in the format this flow asked for. */
    DataRow row(int value) {
        return DataRow.of(Integer.toString(value).getBytes(StandardCharsets.US_ASCII));
    }

    /**
     * CommandComplete and ReadyForQuery, as they end the result after {@code rows} rows (for FETCH only
     * once the client has sent its Sync: see {@link #finish}).
     */
    BackendMessage[] end(int rows) {
        return new BackendMessage[] {new CommandComplete("SELECT " + rows), ReadyForQuery.IDLE};
    }

    /** Scripts the normal end of the result after {@code rows} rows. */
    void finish(ScriptedServer s, int rows) {
        s.send(end(rows));
    }

    /** Rows in this flow's format; none for COMMAND, which reads no rows. */
    BackendMessage[] rows(int... values) {
        if (!hasRows()) {
            return new BackendMessage[0];
        }
        BackendMessage[] rows = new BackendMessage[values.length];
        for (int i = 0; i < values.length; i++) {
            rows[i] = row(values[i]);
        }
        return rows;
    }

    /** Whether the flow reads rows at all. */
    boolean hasRows() {
        return this != COMMAND;
    }

    /** The one int4 column {@code v}, as RowDescription reports it (format 0: a statement Describe does not know it). */
    static RowDescription description() {
        return new RowDescription(new RowDescription.Field[] {ScriptedServer.column("v", ScriptedServer.INT4, (short) 4, (short) 0)});
    }

    static DataRow binaryRow(int value) {
        return DataRow.of(new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value});
    }

    /** The statement's preparation: Parse, Describe(S), Sync; ParseComplete, ParameterDescription, RowDescription, ReadyForQuery. */
    static void prepare(ScriptedServer s, int... parameterOids) {
        s.expectAll("PDS");
        s.send(ParseComplete.INSTANCE, new ParameterDescription(parameterOids), description(), ReadyForQuery.IDLE);
    }
}
