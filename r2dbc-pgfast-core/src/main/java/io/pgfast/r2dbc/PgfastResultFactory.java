package io.pgfast.r2dbc;

import io.pgfast.connect.RuntimeTypes;
import io.pgfast.flow.ResultColumns;
import io.pgfast.flow.ResultFactory;
import io.pgfast.flow.ResultFeed;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.protocol.backend.RowDescription;
import io.pgfast.transport.Transport;
import io.r2dbc.spi.Result;
import reactor.core.publisher.Mono;

/**
 * The R2DBC faces of what the flows open: {@link PgfastRowMetadata} for columns, {@link PgfastResult} for a
 * feed. With {@link RuntimeTypes}, a RowDescription naming types the factory does not know yet gets them
 * looked up on the connection before its rows are decoded (see {@link PgfastRowMetadata#pending()}).
 */
final class PgfastResultFactory implements ResultFactory {

    /** Without type lookups: the codecs the flow was given decode everything. */
    static final PgfastResultFactory FIXED = new PgfastResultFactory(null, null);

    private final Transport transport;
    private final RuntimeTypes types;

    PgfastResultFactory(Transport transport, RuntimeTypes types) {
        this.transport = transport;
        this.types = types;
    }

    @Override
    public ResultColumns columns(RowDescription description, short[] formats, CodecRegistry codecs) {
        int[] own = types == null ? null : ownTypes(description);
        if (own == null) {
            return PgfastRowMetadata.of(description, formats, codecs);
        }
        // the registry may have learnt types since the statement started: plan with the newest
        CodecRegistry newest = types.registry();
        PgfastRowMetadata metadata = PgfastRowMetadata.of(description, formats, newest);
        if (types.unknown(newest, own) != null) {
            metadata.resolveWith(new Lookup(own), description, formats);
        }
        return metadata;
    }

    /** The lookup of one RowDescription's column types on this connection. */
    private final class Lookup implements PgfastRowMetadata.ColumnTypes {
        private final int[] oids;

        Lookup(int[] oids) {
            this.oids = oids;
        }

        @Override
        public Mono<CodecRegistry> resolve() {
            CodecRegistry newest = types.registry();
            int[] unknown = types.unknown(newest, oids);
            return unknown == null ? Mono.just(newest) : types.resolve(transport, unknown);
        }

        @Override
        public boolean complete(CodecRegistry codecs) {
            return types.unknown(codecs, oids) == null;
        }
    }

    /**
     * The column OIDs when one is not built in (from 16384 up), else null. Once per RowDescription; for
     * built-in columns one comparison each and no allocation.
     */
    private static int[] ownTypes(RowDescription description) {
        RowDescription.Field[] fields = description.fields();
        for (RowDescription.Field field : fields) {
            if (Integer.compareUnsigned(field.typeOid(), RuntimeTypes.FIRST_NORMAL_OBJECT_ID) >= 0) {
                int[] oids = new int[fields.length];
                for (int i = 0; i < oids.length; i++) {
                    oids[i] = fields[i].typeOid();
                }
                return oids;
            }
        }
        return null;
    }

    @Override
    public ResultFeed feed(ResultColumns columns, ResultFeed.Owner owner) {
        return new PgfastResult(columns, owner);
    }

    @Override
    public Result result(ResultFeed feed) {
        return (PgfastResult) feed;
    }
}
