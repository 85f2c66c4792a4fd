package io.pgfast.r2dbc;

import io.pgfast.flow.ResultColumns;
import io.pgfast.flow.ResultFactory;
import io.pgfast.flow.ResultFeed;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.protocol.backend.RowDescription;
import io.r2dbc.spi.Result;

/** The R2DBC faces of what the flows open: {@link PgfastRowMetadata} for columns, {@link PgfastResult} for a feed. */
final class PgfastResultFactory implements ResultFactory {

    static final PgfastResultFactory INSTANCE = new PgfastResultFactory();

    private PgfastResultFactory() {
    }

    @Override
    public ResultColumns columns(RowDescription description, short[] formats, CodecRegistry codecs) {
        return PgfastRowMetadata.of(description, formats, codecs);
    }

    @Override
    public Result result(ResultFeed feed) {
        return new PgfastResult(feed);
    }
}
