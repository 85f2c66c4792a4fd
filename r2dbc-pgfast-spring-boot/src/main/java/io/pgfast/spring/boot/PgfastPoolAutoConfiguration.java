package io.pgfast.spring.boot;

import java.util.List;
import java.util.Set;

import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.pool.PoolOption;
import io.pgfast.pool.PoolOptions;
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
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.r2dbc.ConnectionFactoryDecorator;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcConnectionDetails;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

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
 *
 * <p>The pool's options that Boot has no property for ({@code sharedLeases}, {@code pipeliningLimit},
 * {@code maxPending}, {@code validationIdleTime} …) are {@code pgfast.pool.*} properties, each named as in OPTIONS.md in
 * Boot's kebab case ({@code pgfast.pool.shared-leases=true}), with its value as a URL gives it. One that Boot has a
 * property for is refused there, naming Boot's.
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

    /** Where the pool's options that Boot has no property for are read. */
    static final String PREFIX = "pgfast.pool.";

    /** The options Boot's {@code spring.r2dbc.pool.*} set ({@link #configuration}). */
    static final Set<PoolOption<?>> FROM_BOOT = Set.of(PoolOptions.INITIAL_SIZE, PoolOptions.MAX_SIZE,
            PoolOptions.MIN_IDLE, PoolOptions.MAX_IDLE_TIME, PoolOptions.MAX_LIFE_TIME, PoolOptions.MAX_ACQUIRE_TIME,
            PoolOptions.MAX_CREATE_CONNECTION_TIME, PoolOptions.MAX_VALIDATION_TIME, PoolOptions.ACQUIRE_RETRY,
            PoolOptions.VALIDATION_QUERY, PoolOptions.VALIDATION_DEPTH);

    @Bean(name = NAME, destroyMethod = "dispose")
    PgfastPool connectionFactory(R2dbcProperties properties, ObjectProvider<R2dbcConnectionDetails> connectionDetails,
                                 ObjectProvider<ConnectionFactoryOptionsBuilderCustomizer> customizers,
                                 ObjectProvider<ConnectionFactoryDecorator> decorators, Environment environment) {
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
        return new PgfastPool(configuration(pgfast, properties.getPool(), Binder.get(environment)));
    }

    /**
     * Boot's {@code spring.r2dbc.pool.*}, each mapped as Boot maps it onto r2dbc-pool: Boot's defaults are the pool's,
     * and a combination r2dbc-pool refuses ({@code initialSize} above {@code maxSize}) is refused here too.
     */
    static PgfastPoolConfiguration configuration(PgfastConnectionFactory factory, R2dbcProperties.Pool pool, Binder binder) {
        PgfastPoolConfiguration.Builder builder = PgfastPoolConfiguration.builder(factory)
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
                .validationDepth(pool.getValidationDepth());
        for (PoolOption<?> option : PoolOptions.all()) {
            String key = PREFIX + kebab(option.name());
            String value = binder.bind(key, String.class).orElse(null);
            if (value == null) {
                continue;
            }
            if (option == PoolOptions.NAME) {
                throw new IllegalStateException(key + " is set, but the pool is named after its bean, " + NAME
                        + ", which tags its meters as Boot tags r2dbc-pool's; remove " + key);
            }
            if (option == PoolOptions.METER_REGISTRY) {
                throw new IllegalStateException(key + " is set, but the pool's meterRegistry is the application's own "
                        + "MeterRegistry bean, bound by PgfastPoolMetricsAutoConfiguration; remove " + key);
            }
            if (FROM_BOOT.contains(option)) {
                throw new IllegalStateException(key + " is set, but Boot has a property for it: use spring.r2dbc.pool."
                        + kebab(option.name()));
            }
            try {
                option.applyTo(builder, value);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(key + ": " + e.getMessage(), e);
            }
        }
        return builder.build();
    }

    /** {@code sharedLeases} → {@code shared-leases}: an option's name as a Spring property's last part. */
    static String kebab(String name) {
        StringBuilder b = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                b.append('-').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
