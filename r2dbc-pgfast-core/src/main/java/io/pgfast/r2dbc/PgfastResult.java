package io.pgfast.r2dbc;

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
        return new RowsUpdatedSubscription(feed, filter);
    }

    @Override
    public <T> Publisher<T> map(BiFunction<Row, RowMetadata, ? extends T> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        return afterTypes(new MapSubscription<T>(feed, filter, mappingFunction, null));
    }

    @Override
    public <T> Publisher<T> map(Function<? super Readable, ? extends T> mappingFunction) {
        if (mappingFunction == null) {
            throw new IllegalArgumentException("mappingFunction must not be null");
        }
        // the function itself, not a lambda around it: one object less per call
        return afterTypes(new MapSubscription<T>(feed, filter, null, mappingFunction));
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
        return afterTypes(Flux.concat(new SegmentSubscription<T>(feed, filter, mappingFunction)));
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
