package io.pgfast.flow;

import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.NoticeResponse;
import io.r2dbc.spi.R2dbcException;

/**
 * What a subscribed Result hands its segments to. Event loop only. Exactly one of {@link #complete} and
 * {@link #error} ends the stream.
 */
public interface ResultConsumer {

    /** Whether a DataRow may be delivered now (demand, or the consumer discards rows). */
    boolean acceptsRow();

    /**
     * Reads the row during the call: it is valid until the call returns (it may be the reader's borrowed view);
     * the consumer copies what must outlive it and never releases it (whoever made the row does).
     */
    void row(DataRow row);

    void notice(NoticeResponse notice);

    /** @param rowsUpdated the command tag's row count, or null when the tag has none */
    void complete(Long rowsUpdated);

    void error(R2dbcException error);
}
