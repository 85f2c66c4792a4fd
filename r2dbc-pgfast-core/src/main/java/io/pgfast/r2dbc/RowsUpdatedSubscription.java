package io.pgfast.r2dbc;

import io.pgfast.flow.ResultFeed;
import io.pgfast.protocol.backend.DataRow;
import io.r2dbc.spi.Result;

import java.util.function.Predicate;

/**
 * {@code Result.getRowsUpdated}: rows are dropped unread as they arrive (no demand needed for them);
 * the command tag's count is emitted when the tag has one (INSERT, UPDATE, DELETE, MERGE, SELECT, COPY…).
 */
final class RowsUpdatedSubscription extends ResultSubscription<Long> {

    RowsUpdatedSubscription(ResultFeed feed, Predicate<Result.Segment> filter) {
        super(feed, filter);
    }

    @Override
    public boolean acceptsRow() {
        return true;
    }

    @Override
    public void row(DataRow data) {
        // unread
    }

    @Override
    public void complete(Long rowsUpdated) {
        if (rowsUpdated != null && (filter == null || filter.test(new Segments.UpdateCount(rowsUpdated)))) {
            emit(rowsUpdated);
        }
        signalComplete();
    }
}
