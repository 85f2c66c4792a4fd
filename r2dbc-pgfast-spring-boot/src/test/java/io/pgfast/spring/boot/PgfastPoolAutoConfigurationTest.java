package io.pgfast.spring.boot;

import java.util.function.Consumer;

import io.r2dbc.spi.ConnectionFactoryOptions;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcConnectionDetails;
import org.springframework.boot.r2dbc.autoconfigure.metrics.ConnectionPoolMetricsAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@link PgfastPoolAutoConfigurationCases} on Spring Boot 4, with {@link PgfastPoolAutoConfiguration}. */
class PgfastPoolAutoConfigurationTest extends PgfastPoolAutoConfigurationCases {

    @Override
    protected AutoConfigurations autoConfigurations() {
        return AutoConfigurations.of(PgfastPoolAutoConfiguration.class, R2dbcAutoConfiguration.class,
                PgfastPoolMetricsAutoConfiguration.class, ConnectionPoolMetricsAutoConfiguration.class);
    }

    @Override
    protected ApplicationContextRunner withCustomizer(ApplicationContextRunner runner,
                                                      Consumer<ConnectionFactoryOptions.Builder> customizer) {
        return runner.withBean(ConnectionFactoryOptionsBuilderCustomizer.class, () -> customizer::accept);
    }

    @Override
    protected ApplicationContextRunner withConnectionDetails(ApplicationContextRunner runner, ConnectionFactoryOptions options) {
        return runner.withBean(R2dbcConnectionDetails.class, () -> () -> options);
    }
}
