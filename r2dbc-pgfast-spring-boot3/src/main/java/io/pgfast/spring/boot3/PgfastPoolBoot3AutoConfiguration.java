package io.pgfast.spring.boot3;

import io.pgfast.pool.PgfastPool;
import io.pgfast.spring.boot.BootPoolFactory;
import io.pgfast.spring.boot.PgfastUrlCondition;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.r2dbc.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcConnectionDetails;
import org.springframework.boot.autoconfigure.r2dbc.R2dbcProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.r2dbc.ConnectionFactoryDecorator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * Spring Boot 3.5: what {@code io.pgfast.spring.boot.PgfastPoolAutoConfiguration} does on Boot 4, from Boot 3's R2DBC
 * classes ({@code org.springframework.boot.autoconfigure.r2dbc}). With {@code spring.r2dbc.url=r2dbc:pgfast:...} the
 * application's {@code ConnectionFactory} is a {@link PgfastPool} built from {@code spring.r2dbc.pool.*} and
 * {@code pgfast.pool.*}, defined before Boot's {@code R2dbcAutoConfiguration}, which then does not put r2dbc-pool in
 * front of the driver. It backs off, and refuses, exactly as that class says; {@link BootPoolFactory} does both for the
 * two lines. On Spring Boot 4 it is skipped.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.autoconfigure.r2dbc.R2dbcAutoConfiguration")
@ConditionalOnClass(name = {"io.r2dbc.spi.ConnectionFactory", "org.springframework.boot.autoconfigure.r2dbc.R2dbcProperties"})
@Conditional(PgfastUrlCondition.class)
@ConditionalOnBooleanProperty(name = "spring.r2dbc.pool.enabled", matchIfMissing = true)
@ConditionalOnMissingBean({ConnectionFactory.class, R2dbcConnectionDetails.class})
@EnableConfigurationProperties(R2dbcProperties.class)
public final class PgfastPoolBoot3AutoConfiguration {

    @Bean(name = BootPoolFactory.NAME, destroyMethod = "dispose")
    PgfastPool connectionFactory(R2dbcProperties properties, ObjectProvider<R2dbcConnectionDetails> connectionDetails,
                                 ObjectProvider<ConnectionFactoryOptionsBuilderCustomizer> customizers,
                                 ObjectProvider<ConnectionFactoryDecorator> decorators, Environment environment) {
        return BootPoolFactory.create(decorators, () -> {
            ConnectionFactoryOptions.Builder options = connectionDetails.getObject().getConnectionFactoryOptions().mutate();
            customizers.orderedStream().forEach(customizer -> customizer.customize(options));
            return options.build();
        }, properties.getPool(), environment);
    }
}
