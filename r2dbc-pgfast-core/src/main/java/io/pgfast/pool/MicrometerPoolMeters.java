package io.pgfast.pool;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The pool's meters in Micrometer: the gauges Spring Boot registers for r2dbc-pool (same names, same {@code name}
 * tag), so that dashboards built on them keep working, and a timer of acquisitions. The only class that imports
 * micrometer-core; reached through {@link PoolMeters} only.
 */
final class MicrometerPoolMeters implements PoolMeters {

    /** The prefix of Boot's r2dbc-pool meters. */
    static final String PREFIX = "r2dbc.pool";
    /** Time from subscribing to {@code create()} to the connection handed out, successful acquisitions only. */
    static final String ACQUIRE_TIMER = PREFIX + ".acquire";

    private final MeterRegistry registry;
    private final List<Meter> meters = new ArrayList<>();
    private final Timer acquire;

    private MicrometerPoolMeters(MeterRegistry registry, PgfastPool pool) {
        this.registry = registry;
        Tags tags = Tags.of("name", pool.getConfiguration().name());
        PgfastPoolMetrics m = pool.getMetrics();
        gauge("acquired", "Connections handed out and not yet given back.", m, PgfastPoolMetrics::getAcquiredSize, tags);
        gauge("allocated", "Connections open or being opened: handed out, idle and being given back.", m,
                PgfastPoolMetrics::getAllocatedSize, tags);
        gauge("idle", "Connections waiting in the pool to be handed out.", m, PgfastPoolMetrics::getIdleSize, tags);
        gauge("pending", "Acquisitions waiting for a connection.", m,
                PgfastPoolMetrics::getPendingAcquireSize, tags);
        gauge("max.allocated", "maxSize: connections open at most.", m,
                PgfastPoolMetrics::getMaxAllocatedSize, tags);
        gauge("max.pending", "maxPending: acquisitions that may wait at once.", m,
                PgfastPoolMetrics::getMaxPendingAcquireSize, tags);
        this.acquire = Timer.builder(ACQUIRE_TIMER).description("Time from asking the pool for a connection to having it, for acquisitions that got one.").tags(tags)
                .register(registry);
        meters.add(acquire);
    }

    private void gauge(String name, String description, PgfastPoolMetrics m, ToDoubleFunction<PgfastPoolMetrics> f, Tags tags) {
        // "connections" as Boot's r2dbc-pool binder sets it: Prometheus puts the unit in the name
        meters.add(Gauge.builder(PREFIX + "." + name, m, f).description(description).baseUnit("connections").tags(tags)
                .register(registry));
    }

    static boolean isRegistry(Object registry) {
        return registry instanceof MeterRegistry;
    }

    static PoolMeters register(Object registry, PgfastPool pool) {
        return new MicrometerPoolMeters((MeterRegistry) registry, pool);
    }

    @Override
    public void acquired(long nanos) {
        acquire.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void remove() {
        for (Meter meter : meters) {
            registry.remove(meter);
        }
    }
}
