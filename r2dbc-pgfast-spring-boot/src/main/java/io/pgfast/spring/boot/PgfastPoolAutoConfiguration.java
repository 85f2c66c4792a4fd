package io.pgfast.spring.boot;

import java.util.List;

import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.ConnectionFactories;
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
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcConnectionDetails;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * The application's {@code ConnectionFactory} as a {@link PgfastPool} when {@code spring.r2dbc.url} names this driver
 * ({@code r2dbc:pgfast:...}): the pool takes Boot's {@code spring.r2dbc.pool.*} properties with their names and
 * meanings, and Boot's own {@code R2dbcAutoConfiguration}, which runs after this one and defines its
 * {@code ConnectionFactory} only when none exists, no longer puts r2dbc-pool in front of the driver.
 *
 * <p>Backs off, leaving Boot's path as it is, when the URL names another driver or {@code r2dbc:pool:pgfast:}
 * (r2dbc-pool), when {@code spring.r2dbc.pool.enabled=false} (no pool), when the application defines its own
 * {@code ConnectionFactory}, and when an {@link R2dbcConnectionDetails} bean comes from elsewhere than the properties
 * (Testcontainers' {@code @ServiceConnection}, Docker Compose): Boot then ignores the URL too.
 *
 * <p>The connection's options are Boot's: the URL with {@code spring.r2dbc.username}, {@code password} and
 * {@code properties.*}, then every {@link ConnectionFactoryOptionsBuilderCustomizer}. A
 * {@link ConnectionFactoryDecorator} (r2dbc-proxy, Boot's R2DBC observation) would wrap the driver's factory beneath
 * the pool, which pools only the driver's own connections: with one present, startup fails with an error that
 * names the ways out.
 */
@AutoConfiguration(before = R2dbcAutoConfiguration.class)
@ConditionalOnClass({ConnectionFactory.class, R2dbcProperties.class})
@Conditional(PgfastUrlCondition.class)
@ConditionalOnBooleanProperty(name = "spring.r2dbc.pool.enabled", matchIfMissing = true)
@ConditionalOnMissingBean({ConnectionFactory.class, R2dbcConnectionDetails.class})
@EnableConfigurationProperties(R2dbcProperties.class)
public final class PgfastPoolAutoConfiguration {

    /** The bean's name, as Boot names its own, and the pool's, which tags its meters as Boot tags r2dbc-pool's. */
    static final String NAME = "connectionFactory";

    @Bean(name = NAME, destroyMethod = "dispose")
    PgfastPool connectionFactory(R2dbcProperties properties, ObjectProvider<R2dbcConnectionDetails> connectionDetails,
                                 ObjectProvider<ConnectionFactoryOptionsBuilderCustomizer> customizers,
                                 ObjectProvider<ConnectionFactoryDecorator> decorators) {
        List<ConnectionFactoryDecorator> found = decorators.orderedStream().toList();
        if (!found.isEmpty()) {
            throw new IllegalStateException("spring.r2dbc.url names r2dbc:pgfast:, whose pool holds only the driver's own "
                    + "connections, but ConnectionFactoryDecorator beans would wrap them (" + found + "). Use "
                    + "spring.r2dbc.url=r2dbc:pool:pgfast:... to keep r2dbc-pool with the decorators, or remove them "
                    + "(the driver observes itself with Micrometer: its observationRegistry option, which a "
                    + "ConnectionFactoryOptionsBuilderCustomizer can set)");
        }
        ConnectionFactoryOptions.Builder options = connectionDetails.getObject().getConnectionFactoryOptions().mutate();
        customizers.orderedStream().forEach(customizer -> customizer.customize(options));
        ConnectionFactory factory = ConnectionFactories.get(options.build());
        if (factory instanceof PgfastPool urlPool) {
            // two pools' settings for one pool: refuse rather than silently drop one of them
            urlPool.dispose();
            throw new IllegalStateException("spring.r2dbc.url names r2dbc:pgfast: with pool=true, and Boot's "
                    + "spring.r2dbc.pool.* configure a pool too. Remove pool=true (and the pool options) from the URL "
                    + "to configure the pool with spring.r2dbc.pool.*, or set spring.r2dbc.pool.enabled=false to use "
                    + "the pool the URL describes");
        }
        if (!(factory instanceof PgfastConnectionFactory pgfast)) {
            throw new IllegalStateException("spring.r2dbc.url names r2dbc:pgfast:, but the options give a "
                    + factory.getClass().getName() + " (a ConnectionFactoryOptionsBuilderCustomizer changed the driver?); "
                    + "the pool pools only PgfastConnectionFactory connections");
        }
        return new PgfastPool(configuration(pgfast, properties.getPool()));
    }

    /**
     * Boot's {@code spring.r2dbc.pool.*}, each mapped as Boot maps it onto r2dbc-pool: Boot's defaults are the pool's,
     * and a combination r2dbc-pool refuses ({@code initialSize} above {@code maxSize}) is refused here too.
     */
    static PgfastPoolConfiguration configuration(PgfastConnectionFactory factory, R2dbcProperties.Pool pool) {
        return PgfastPoolConfiguration.builder(factory)
                .name(NAME)
                .initialSize(pool.getInitialSize())
                .maxSize(pool.getMaxSize())
                .minIdle(pool.getMinIdle())
                .maxIdleTime(pool.getMaxIdleTime())
                .maxLifeTime(pool.getMaxLifeTime())
                .maxAcquireTime(pool.getMaxAcquireTime())
                .maxCreateConnectionTime(pool.getMaxCreateConnectionTime())
                .maxValidationTime(pool.getMaxValidationTime())
                .acquireRetry(pool.getAcquireRetry())
                .validationQuery(pool.getValidationQuery())
                .validationDepth(pool.getValidationDepth())
                .build();
    }
}
