package io.pgfast.flow;

import io.pgfast.transport.Notices;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.NoticeResponse;
import io.r2dbc.spi.R2dbcException;

/** Consumes a Result nobody will read (its subscriber cancelled the results): rows are dropped unread. */
final class DiscardConsumer implements ResultConsumer {

    private final Notices notices;

    DiscardConsumer(Notices notices) {
        this.notices = notices;
    }

    @Override
    public boolean acceptsRow() {
        return true;
    }

    @Override
    public void row(DataRow row) {
        // unread
    }

    @Override
    public void notice(NoticeResponse notice) {
        notices.log(notice);
    }

    @Override
    public void complete(Long rowsUpdated) {
    }

    @Override
    public void error(R2dbcException error) {
    }
}
