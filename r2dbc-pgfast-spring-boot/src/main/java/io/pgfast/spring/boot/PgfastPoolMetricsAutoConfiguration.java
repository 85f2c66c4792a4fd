package io.pgfast.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.pgfast.pool.PgfastPool;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;

/**
 * Registers the meters of every {@link PgfastPool} bean in the application's {@link MeterRegistry}
 * ({@link PgfastPool#bindTo}): the gauges Boot's {@code ConnectionPoolMetricsAutoConfiguration} registers for
 * r2dbc-pool's {@code ConnectionPool} beans, under the same names ({@code r2dbc.pool.acquired}, {@code .allocated},
 * {@code .idle}, {@code .pending}, {@code .max.allocated}, {@code .max.pending}) and tagged {@code name} with the
 * pool's name (for the auto-configured pool, its bean's name, as Boot tags them), plus the timer
 * {@code r2dbc.pool.acquire}. Runs after the registry is made (Boot's metrics module, as actuator brings it, or an
 * application's own {@code MeterRegistry} bean).
 *
 * <p>Serves both Spring Boot lines: it uses no class whose package differs between them, and names each line's
 * auto-configurations it runs after (Boot 4's, then Boot 3.5's).
 */
@AutoConfiguration(after = PgfastPoolAutoConfiguration.class, afterName = {
        "io.pgfast.spring.boot3.PgfastPoolBoot3AutoConfiguration",
        "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration",
        "org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({MeterRegistry.class, PgfastPool.class})
@ConditionalOnBean({PgfastPool.class, MeterRegistry.class})
public final class PgfastPoolMetricsAutoConfiguration {

    @Autowired
    void bindPgfastPoolsToRegistry(ConfigurableListableBeanFactory beanFactory, MeterRegistry registry) {
        for (PgfastPool pool : beanFactory.getBeansOfType(PgfastPool.class, false, false).values()) {
            if (pool.getConfiguration().meterRegistry() == null) {
                pool.bindTo(registry);
            }
        }
    }
}
