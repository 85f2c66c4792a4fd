package io.pgfast.spring.boot;

import java.util.function.ToIntFunction;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolMetrics;

/**
 * A {@link PgfastPool}'s gauges with the names, tag, unit and meanings Spring Boot gives r2dbc-pool's
 * ({@code r2dbc.pool.acquired}, {@code .allocated}, {@code .idle}, {@code .pending}, {@code .max.allocated},
 * {@code .max.pending}, tagged {@code name}), so that dashboards built on those keep working after the switch.
 * Usable without Boot: {@code new PgfastPoolMeterBinder(pool, "db", Tags.empty()).bindTo(registry)}.
 */
public final class PgfastPoolMeterBinder implements MeterBinder {

    private static final String CONNECTIONS = "connections";

    private final PgfastPool pool;
    private final Iterable<Tag> tags;

    /** {@code name} becomes the tag {@code name}, as Boot tags r2dbc-pool's gauges with the bean's name. */
    public PgfastPoolMeterBinder(PgfastPool pool, String name, Iterable<Tag> tags) {
        if (pool == null || name == null) {
            throw new IllegalArgumentException("pool and name must not be null");
        }
        this.pool = pool;
        this.tags = Tags.concat(tags, "name", name);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "acquired", PgfastPoolMetrics::getAcquiredSize, "Size of successfully acquired connections which are in active use.");
        gauge(registry, "allocated", PgfastPoolMetrics::getAllocatedSize, "Size of allocated connections in the pool which are in active use or idle.");
        gauge(registry, "idle", PgfastPoolMetrics::getIdleSize, "Size of idle connections in the pool.");
        gauge(registry, "pending", PgfastPoolMetrics::getPendingAcquireSize, "Size of pending to acquire connections from the underlying connection factory.");
        gauge(registry, "max.allocated", PgfastPoolMetrics::getMaxAllocatedSize, "Maximum size of allocated connections that this pool allows.");
        gauge(registry, "max.pending", PgfastPoolMetrics::getMaxPendingAcquireSize, "Maximum size of pending state to acquire connections that this pool allows.");
    }

    private void gauge(MeterRegistry registry, String suffix, ToIntFunction<PgfastPoolMetrics> reading, String description) {
        Gauge.builder("r2dbc.pool." + suffix, pool, p -> reading.applyAsInt(p.getMetrics()))
                .tags(tags)
                .description(description)
                .baseUnit(CONNECTIONS)
                .register(registry);
    }
}
