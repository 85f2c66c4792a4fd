package io.pgfast.spring.boot3;

import java.util.function.Consumer;

import io.pgfast.spring.boot.PgfastPoolAutoConfigurationCases;
import io.pgfast.spring.boot.PgfastPoolMetricsAutoConfiguration;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.springframework.boot.actuate.autoconfigure.metrics.r2dbc.ConnectionPoolMetricsAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.r2dbc.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcConnectionDetails;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link PgfastPoolAutoConfigurationCases} on Spring Boot 3.5, with {@link PgfastPoolBoot3AutoConfiguration}, and with
 * the Boot 4 auto-configuration that r2dbc-pgfast-spring-boot lists beside it, as in an application, which must
 * step aside here.
 */
class PgfastPoolBoot3AutoConfigurationTest extends PgfastPoolAutoConfigurationCases {

    @Override
    protected AutoConfigurations autoConfigurations() {
        return AutoConfigurations.of(io.pgfast.spring.boot.PgfastPoolAutoConfiguration.class,
                PgfastPoolBoot3AutoConfiguration.class, R2dbcAutoConfiguration.class,
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
