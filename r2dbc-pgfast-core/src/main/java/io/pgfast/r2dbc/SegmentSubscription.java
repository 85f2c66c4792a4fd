package io.pgfast.r2dbc;

import io.pgfast.flow.ResultFeed;
import io.pgfast.protocol.backend.DataRow;
import io.pgfast.protocol.backend.NoticeResponse;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Result;
import org.reactivestreams.Publisher;

import java.util.function.Function;
import java.util.function.Predicate;

/**
 * {@code Result.flatMap}: every segment — rows, the update count, notices and errors as Message
 * segments — goes through the user's function at once (a row is valid only during that call), and the
 * publishers it returns are concatenated in order by the caller.
 */
final class SegmentSubscription<T> extends ResultSubscription<Publisher<? extends T>> {

    private final Function<Result.Segment, ? extends Publisher<? extends T>> mapper;

    SegmentSubscription(ResultFeed feed, Predicate<Result.Segment> filter,
                        Function<Result.Segment, ? extends Publisher<? extends T>> mapper) {
        super(feed, filter);
        this.mapper = mapper;
    }

    private boolean apply(Result.Segment segment) {
        Publisher<? extends T> p;
        try {
            if (filter != null && !filter.test(segment)) {
                return true;
            }
            p = mapper.apply(segment);
        } catch (Throwable e) {
            abandon();
            signalError(e);
            return false;
        }
        if (p == null) {
            abandon();
            signalError(new NullPointerException("the flatMap function returned null"));
            return false;
        }
        emit(p);
        return true;
    }

    @Override
    public void row(DataRow data) {
        if (isCancelled() || isTerminated()) {
            return;
        }
        PgfastRow row = new PgfastRow(data, (PgfastRowMetadata) feed.columns());
        try {
            apply(new Segments.RowSegment(row));
        } finally {
            row.expire();
        }
    }

    @Override
    public void notice(NoticeResponse notice) {
        super.notice(notice);
        if (!isCancelled() && !isTerminated()) {
            apply(new Segments.Message(asException(notice)));
        }
    }

    @Override
    public void complete(Long rowsUpdated) {
        if (rowsUpdated == null || apply(new Segments.UpdateCount(rowsUpdated))) {
            signalComplete();
        }
    }

    @Override
    public void error(R2dbcException error) {
        if (apply(new Segments.Message(error))) {
            signalComplete();
        }
    }
}
