package io.pgfast.r2dbc;

import io.pgfast.flow.ResultFeed;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Row;
import io.r2dbc.spi.RowMetadata;
import org.reactivestreams.Publisher;
import reactor.core.CoreSubscriber;
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
 */
final class PgfastResult implements Result {

    private final ResultFeed feed;
    private final Predicate<Segment> filter;

    PgfastResult(ResultFeed feed) {
        this(feed, null);
    }

    private PgfastResult(ResultFeed feed, Predicate<Segment> filter) {
        this.feed = feed;
        this.filter = filter;
    }

    @Override
    public Publisher<Long> getRowsUpdated() {
        return new RowsUpdatedFlux(feed, filter);
    }

    /** The update count: a Flux of its own rather than {@code Flux.from(lambda)}, one object per call. */
    private static final class RowsUpdatedFlux extends Flux<Long> {

        private final ResultFeed feed;
        private final Predicate<Segment> filter;

        RowsUpdatedFlux(ResultFeed feed, Predicate<Segment> filter) {
            this.feed = feed;
            this.filter = filter;
        }

        @Override
        public void subscribe(CoreSubscriber<? super Long> actual) {
            new RowsUpdatedSubscription(actual, feed, filter).start();
        }
    }

    @Override
    public <T> Publisher<T> map(BiFunction<Row, RowMetadata, ? extends T> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        return afterTypes(new MapFlux<T>(feed, filter, mappingFunction, null));
    }

    @Override
    public <T> Publisher<T> map(Function<? super Readable, ? extends T> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        // the function itself, not a lambda around it: one object less per call
        return afterTypes(new MapFlux<T>(feed, filter, null, mappingFunction));
    }

    /** The rows mapped: one object per {@code map} call, no Reactor operator between it and its subscriber. */
    private static final class MapFlux<T> extends Flux<T> {

        private final ResultFeed feed;
        private final Predicate<Segment> filter;
        /** Exactly one of the two is set. */
        private final BiFunction<? super PgfastRow, ? super RowMetadata, ? extends T> mapper;
        private final Function<? super Readable, ? extends T> readableMapper;

        MapFlux(ResultFeed feed, Predicate<Segment> filter, BiFunction<? super PgfastRow, ? super RowMetadata, ? extends T> mapper,
                Function<? super Readable, ? extends T> readableMapper) {
            this.feed = feed;
            this.filter = filter;
            this.mapper = mapper;
            this.readableMapper = readableMapper;
        }

        @Override
        public void subscribe(CoreSubscriber<? super T> actual) {
            new MapSubscription<T>(actual, feed, filter, mapper, readableMapper).start();
        }
    }

    @Override
    public Result filter(Predicate<Segment> predicate) {
        if (predicate == null) {
            throw new IllegalArgumentException("predicate must not be null");
        }
        return new PgfastResult(feed, filter == null ? predicate : filter.and(predicate));
    }

    @Override
    public <T> Publisher<T> flatMap(Function<Segment, ? extends Publisher<? extends T>> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        Flux<Publisher<? extends T>> segments = Flux.from(s -> new SegmentSubscription<T>(s, feed, filter, mappingFunction).start());
        return afterTypes(Flux.concat(segments));
    }

    /**
     * {@code rows}, once the types of the columns looked up at run time are known (nearly always at once). A
     * subscriber that cancels while waiting still subscribes to the rows and cancels them, so the result is
     * discarded as any cancelled one is, not left without a consumer.
     */
    private <T> Flux<T> afterTypes(Flux<T> rows) {
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

    @Override
    public String toString() {
        return "PgfastResult{" + (feed.columns() == null ? "no rows" : feed.columns()) + '}';
    }
}
