package io.pgfast.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.pgfast.pool.PgfastPool;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;

/**
 * Binds every {@link PgfastPool} bean to the application's {@link MeterRegistry} with a {@link PgfastPoolMeterBinder}
 * tagged with the bean's name, as Boot's {@code ConnectionPoolMetricsAutoConfiguration} binds r2dbc-pool's
 * {@code ConnectionPool} beans. Runs after the registry is made (Boot's metrics module, as actuator brings it, or an
 * application's own {@code MeterRegistry} bean).
 */
@AutoConfiguration(after = {PgfastPoolAutoConfiguration.class, R2dbcAutoConfiguration.class},
        afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, PgfastPool.class})
@ConditionalOnBean({PgfastPool.class, MeterRegistry.class})
public final class PgfastPoolMetricsAutoConfiguration {

    @Autowired
    void bindPgfastPoolsToRegistry(ConfigurableListableBeanFactory beanFactory, MeterRegistry registry) {
        beanFactory.getBeansOfType(PgfastPool.class, false, false)
                .forEach((name, pool) -> new PgfastPoolMeterBinder(pool, name, Tags.empty()).bindTo(registry));
    }
}
