package io.pgfast.spring.boot;

import io.pgfast.pool.PgfastPool;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.r2dbc.ConnectionFactoryDecorator;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcConnectionDetails;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * Spring Boot 4: the application's {@code ConnectionFactory} as a {@link PgfastPool} when {@code spring.r2dbc.url} names
 * this driver ({@code r2dbc:pgfast:...}): the pool takes Boot's {@code spring.r2dbc.pool.*} properties with their names
 * and meanings, and Boot's own {@code R2dbcAutoConfiguration}, which runs after this one and defines its
 * {@code ConnectionFactory} only when none exists, no longer puts r2dbc-pool in front of the driver.
 *
 * <p>Backs off, leaving Boot's path as it is, when the URL names another driver or {@code r2dbc:pool:pgfast:}
 * (r2dbc-pool), when {@code spring.r2dbc.pool.enabled=false} (no pool), when the application defines its own
 * {@code ConnectionFactory}, and when an {@link R2dbcConnectionDetails} bean comes from elsewhere than the properties
 * (Testcontainers' {@code @ServiceConnection}, Docker Compose): Boot then ignores the URL too. On Spring Boot 3, whose
 * R2DBC classes live in other packages, it is skipped; r2dbc-pgfast-spring-boot3 does the same there.
 *
 * <p>The connection's options are Boot's: the URL with {@code spring.r2dbc.username}, {@code password} and
 * {@code properties.*}, then every {@link ConnectionFactoryOptionsBuilderCustomizer}. A
 * {@link ConnectionFactoryDecorator} (r2dbc-proxy, Boot's R2DBC observation) would wrap the driver's factory beneath
 * the pool, which pools only the driver's own connections: with one present, startup fails with an error that
 * names the ways out.
 *
 * <p>The pool's options that Boot has no property for ({@code sharedLeases}, {@code pipeliningLimit},
 * {@code maxPending}, {@code validationIdleTime} …) are {@code pgfast.pool.*} properties, each named as in OPTIONS.md in
 * Boot's kebab case ({@code pgfast.pool.shared-leases=true}), with its value as a URL gives it. One that Boot has a
 * property for is refused there, naming Boot's. {@link BootPoolFactory} holds what both Boot lines share.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration")
@ConditionalOnClass(name = {"io.r2dbc.spi.ConnectionFactory", "org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties"})
@Conditional(PgfastUrlCondition.class)
@ConditionalOnBooleanProperty(name = "spring.r2dbc.pool.enabled", matchIfMissing = true)
@ConditionalOnMissingBean({ConnectionFactory.class, R2dbcConnectionDetails.class})
@EnableConfigurationProperties(R2dbcProperties.class)
public final class PgfastPoolAutoConfiguration {

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
