package io.pgfast.r2dbc;

import io.pgfast.flow.ResultColumns;
import io.pgfast.flow.ResultFeed;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.RowMetadata;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The result of one statement (one per statement of a multi-statement simple query, one per binding of
 * a batch). It can be consumed once, by {@link #map}, {@link #getRowsUpdated} or {@link #flatMap}.
 *
 * <p>It is its own {@link ResultFeed} (one object per result); {@link #filter} returns a {@link Filtered} view
 * of it, consumed through the same feed.
 */
final class PgfastResult extends ResultFeed implements Result {

    PgfastResult(ResultColumns columns, Owner owner) {
        super(columns, owner);
    }

    @Override
    public Publisher<Long> getRowsUpdated() {
        return new RowsUpdatedSubscription(this, null);
    }

    @Override
    public <T> Publisher<T> map(BiFunction<Row, RowMetadata, ? extends T> mappingFunction) {
        return map(this, null, mappingFunction);
    }

    @Override
    public <T> Publisher<T> map(Function<? super Readable, ? extends T> mappingFunction) {
        return map(this, null, mappingFunction);
    }

    @Override
    public Result filter(Predicate<Segment> predicate) {
        return new Filtered(this, checked(predicate));
    }

    @Override
    public <T> Publisher<T> flatMap(Function<Segment, ? extends Publisher<? extends T>> mappingFunction) {
        return flatMap(this, null, mappingFunction);
    }

    @Override
    public String toString() {
        return "PgfastResult{" + (columns() == null ? "no rows" : columns()) + '}';
    }

    /** A filtered view of a result: the same feed, consumed once, with only the segments {@code filter} keeps. */
    private static final class Filtered implements Result {

        private final ResultFeed feed;
        private final Predicate<Segment> filter;

        Filtered(ResultFeed feed, Predicate<Segment> filter) {
            this.feed = feed;
            this.filter = filter;
        }

        @Override
        public Publisher<Long> getRowsUpdated() {
            return new RowsUpdatedSubscription(feed, filter);
        }

        @Override
        public <T> Publisher<T> map(BiFunction<Row, RowMetadata, ? extends T> mappingFunction) {
            return PgfastResult.map(feed, filter, mappingFunction);
        }

        @Override
        public <T> Publisher<T> map(Function<? super Readable, ? extends T> mappingFunction) {
            return PgfastResult.map(feed, filter, mappingFunction);
        }

        @Override
        public Result filter(Predicate<Segment> predicate) {
            return new Filtered(feed, filter.and(checked(predicate)));
        }

        @Override
        public <T> Publisher<T> flatMap(Function<Segment, ? extends Publisher<? extends T>> mappingFunction) {
            return PgfastResult.flatMap(feed, filter, mappingFunction);
        }

        @Override
        public String toString() {
            return "PgfastResult{" + (feed.columns() == null ? "no rows" : feed.columns()) + ", filtered}";
        }
    }

    private static Predicate<Result.Segment> checked(Predicate<Result.Segment> predicate) {
        if (predicate == null) {
            throw new IllegalArgumentException("predicate must not be null");
        }
        return predicate;
    }

    private static <T> Publisher<T> map(ResultFeed feed, Predicate<Segment> filter, BiFunction<Row, RowMetadata, ? extends T> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        return afterTypes(feed, new MapSubscription<T>(feed, filter, mappingFunction, null));
    }

    private static <T> Publisher<T> map(ResultFeed feed, Predicate<Segment> filter, Function<? super Readable, ? extends T> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        // the function itself, not a lambda around it: one object less per call
        return afterTypes(feed, new MapSubscription<T>(feed, filter, null, mappingFunction));
    }

    private static <T> Publisher<T> flatMap(ResultFeed feed, Predicate<Segment> filter,
                                            Function<Segment, ? extends Publisher<? extends T>> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        return afterTypes(feed, Flux.concat(new SegmentSubscription<T>(feed, filter, mappingFunction)));
    }

    /**
     * {@code rows}, once the types of the columns looked up at run time are known (nearly always at once). A
     * subscriber that cancels while waiting still subscribes to the rows and cancels them, so the result is
     * discarded as any cancelled one is, not left without a consumer.
     */
    private static <T> Flux<T> afterTypes(ResultFeed feed, Flux<T> rows) {
        Mono<Void> pending = feed.columns() instanceof PgfastRowMetadata m ? m.pending() : null;
        if (pending == null) {
            return rows;
        }
        AtomicBoolean started = new AtomicBoolean();
        return pending.thenMany(Flux.defer(() -> started.compareAndSet(false, true) ? rows : Flux.<T>empty()))
                .doOnCancel(() -> {
                    if (started.compareAndSet(false, true)) {
                        rows.subscribe(new BaseSubscriber<T>() {
                            @Override
                            protected void hookOnSubscribe(Subscription subscription) {
                                subscription.cancel();
                            }
                        });
                    }
                });
    }
}
