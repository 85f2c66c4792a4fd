package io.pgfast.r2dbc;

import io.pgfast.flow.ResultFeed;
import io.pgfast.protocol.backend.DataRow;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.RowMetadata;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/** {@code Result.map}: each row mapped inside the driver, the row unusable right after the function. */
final class MapSubscription<T> extends ResultSubscription<T> {

    /** {@code map(BiFunction)}'s function, or null for {@code map(Function)}'s in {@link #readableMapper}. */
    private final BiFunction<? super PgfastRow, ? super RowMetadata, ? extends T> mapper;
    private final Function<? super Readable, ? extends T> readableMapper;

    MapSubscription(ResultFeed feed, Predicate<Result.Segment> filter,
                    BiFunction<? super PgfastRow, ? super RowMetadata, ? extends T> mapper,
                    Function<? super Readable, ? extends T> readableMapper) {
        super(feed, filter);
        this.mapper = mapper;
        this.readableMapper = readableMapper;
    }

    @Override
    public void row(DataRow data) {
        if (isCancelled() || isTerminated()) {
            return;
        }
        PgfastRowMetadata metadata = (PgfastRowMetadata) feed.columns();
        PgfastRow row = new PgfastRow(data, metadata);
        T value;
        try {
            if (filter != null && !filter.test(new Segments.RowSegment(row))) {
                return;
            }
            value = mapper != null ? mapper.apply(row, metadata) : readableMapper.apply(row);
        } catch (Throwable e) {
            abandon();
            signalError(e);
            return;
        } finally {
            row.expire();
        }
        if (value == null) {
            abandon();
            signalError(new NullPointerException("the mapping function returned null (Reactive Streams 2.13)"));
            return;
        }
        emitRowValue(value);
    }

    @Override
    public void complete(Long rowsUpdated) {
        signalComplete();
    }
}
