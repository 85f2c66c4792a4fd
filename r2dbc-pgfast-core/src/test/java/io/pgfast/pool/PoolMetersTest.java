package io.pgfast.pool;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.pgfast.testing.RequiresPostgres;
import io.pgfast.testing.TestDb;
import io.r2dbc.spi.Connection;
import org.junit.jupiter.api.Test;

import static io.pgfast.testing.TestDb.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pool's meters under the names Spring Boot gives r2dbc-pool's, tagged with the pool's name. */
@RequiresPostgres
class PoolMetersTest {

    private static double gauge(MeterRegistry registry, String name, String pool) {
        return registry.get(name).tag("name", pool).gauge().value();
    }

    @Test
    void theGaugesFollowThePoolAndTheTimerCountsAcquisitions() {
        MeterRegistry registry = new SimpleMeterRegistry();
        String name = "pgfast-pool-meters";
        PgfastPool pool = new PgfastPool(PoolDb.pool(name).initialSize(0).maxSize(3).maxPending(5).meterRegistry(registry).build());
        try {
            Connection a = pool.create().block(TIMEOUT);
            Connection b = pool.create().block(TIMEOUT);
            TestDb.close(b);
            assertThat(gauge(registry, "r2dbc.pool.acquired", name)).isEqualTo(1);
            assertThat(gauge(registry, "r2dbc.pool.allocated", name)).isEqualTo(2);
            assertThat(gauge(registry, "r2dbc.pool.idle", name)).isEqualTo(1);
            assertThat(gauge(registry, "r2dbc.pool.pending", name)).isZero();
            assertThat(gauge(registry, "r2dbc.pool.max.allocated", name)).isEqualTo(3);
            assertThat(gauge(registry, "r2dbc.pool.max.pending", name)).isEqualTo(5);
            Timer acquire = registry.get("r2dbc.pool.acquire").tag("name", name).timer();
            assertThat(acquire.count()).isEqualTo(2);
            TestDb.close(a);
        } finally {
            pool.close().block(TIMEOUT);
        }
        assertThat(registry.getMeters().stream().map(Meter::getId).filter(id -> name.equals(id.getTag("name"))))
                .as("closing the pool removes its meters").isEmpty();
    }

    @Test
    void metersCanBeBoundOnceAfterThePoolIsMade() {
        MeterRegistry registry = new SimpleMeterRegistry();
        PgfastPool pool = new PgfastPool(PoolDb.pool("pgfast-pool-bind").initialSize(0).maxSize(1).build());
        try {
            pool.bindTo(registry);
            assertThat(gauge(registry, "r2dbc.pool.max.allocated", "pgfast-pool-bind")).isEqualTo(1);
            assertThatThrownBy(() -> pool.bindTo(registry)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> PoolDb.pool("x").meterRegistry("not a registry"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("MeterRegistry");
        } finally {
            pool.close().block(TIMEOUT);
        }
    }
}
