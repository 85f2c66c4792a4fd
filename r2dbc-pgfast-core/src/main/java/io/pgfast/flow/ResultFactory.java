package io.pgfast.flow;

import io.pgfast.codec.CodecRegistry;
import io.pgfast.protocol.backend.RowDescription;
import io.r2dbc.spi.Result;

/**
 * How the query flows hand out what they open: the columns of a result, built once per RowDescription
 * (and kept with a cached prepared statement), and the Result that gives a {@link ResultFeed} to its one
 * consumer. The flows know results only through this interface; the R2DBC faces implement it.
 */
public interface ResultFactory {

    /**
     * @param formats the result format of each column as requested in Bind (one code for all, or one per
     *                column), or null to take each field's own format code (simple query, Describe Portal)
     */
    ResultColumns columns(RowDescription description, short[] formats, CodecRegistry codecs);

    /** The Result handed to the application for {@code feed}. */
    Result result(ResultFeed feed);
}
