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

    /**
     * A new feed for a result with {@code columns} (null: no rows), filled by {@code owner}. The R2DBC layer's
     * Result is a subclass of the feed, so that a result costs one object rather than a feed and a Result.
     */
    ResultFeed feed(ResultColumns columns, ResultFeed.Owner owner);

    /** The Result handed to the application for {@code feed} (one this factory made). */
    Result result(ResultFeed feed);
}
