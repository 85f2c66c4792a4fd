package io.pgfast.spring.boot;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import io.pgfast.config.PgOption;
import io.pgfast.pool.PgfastPool;
import io.pgfast.pool.PgfastPoolConfiguration;
import io.pgfast.pool.PoolOptions;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.springframework.beans.BeanWrapper;
import org.springframework.beans.PropertyAccessorFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.r2dbc.ConnectionFactoryDecorator;
import org.springframework.core.env.Environment;

/**
 * The application's {@link PgfastPool} as both Spring Boot lines' auto-configurations define it:
 * {@link PgfastPoolAutoConfiguration} (Boot 4) and {@code io.pgfast.spring.boot3.PgfastPoolBoot3AutoConfiguration}
 * (Boot 3.5, in r2dbc-pgfast-spring-boot3) read their line's {@code R2dbcProperties}, {@code R2dbcConnectionDetails}
 * and customizers, whose packages differ between the lines, and hand the values here. Everything here is typed with
 * classes both lines have ({@link ConnectionFactoryDecorator} has one name in both). Not an API for applications.
 */
public final class BootPoolFactory {

    /** The bean's name, as Boot names its own, and the pool's, which tags its meters as Boot tags r2dbc-pool's. */
    public static final String NAME = "connectionFactory";

    /** Where the pool's options that Boot has no property for are read. */
    static final String PREFIX = "pgfast.pool.";

    /**
     * The options Boot's {@code spring.r2dbc.pool.*} set, each read from the property of its name on Boot's
     * {@code R2dbcProperties.Pool} (the same names on both lines).
     */
    static final Set<PgOption<?>> FROM_BOOT = Set.of(PoolOptions.INITIAL_SIZE, PoolOptions.MAX_SIZE,
            PoolOptions.MIN_IDLE, PoolOptions.MAX_IDLE_TIME, PoolOptions.MAX_LIFE_TIME, PoolOptions.MAX_ACQUIRE_TIME,
            PoolOptions.MAX_CREATE_CONNECTION_TIME, PoolOptions.MAX_VALIDATION_TIME, PoolOptions.ACQUIRE_RETRY,
            PoolOptions.VALIDATION_QUERY, PoolOptions.VALIDATION_DEPTH);

    private BootPoolFactory() {
    }

    /**
     * The pool over the driver's factory for {@code options}.
     *
     * @param decorators the application's {@code ConnectionFactoryDecorator}s: with any, startup fails
     * @param options    Boot's connection options (connection details, then every customizer), asked for only when
     *                   there is no decorator
     * @param bootPool   the line's {@code R2dbcProperties.Pool}
     * @throws IllegalStateException naming the ways out when the application's set-up and this pool contradict
     */
    public static PgfastPool create(ObjectProvider<ConnectionFactoryDecorator> decorators,
                                    Supplier<ConnectionFactoryOptions> options, Object bootPool, Environment environment) {
        List<ConnectionFactoryDecorator> found = decorators.orderedStream().toList();
        if (!found.isEmpty()) {
            throw new IllegalStateException("spring.r2dbc.url names r2dbc:pgfast:, whose pool holds only the driver's own "
                    + "connections, but ConnectionFactoryDecorator beans would wrap them (" + found + "). Use "
                    + "spring.r2dbc.url=r2dbc:pool:pgfast:... to keep r2dbc-pool with the decorators, or remove them "
                    + "(the driver observes itself with Micrometer: its observationRegistry option, which a "
                    + "ConnectionFactoryOptionsBuilderCustomizer can set)");
        }
        ConnectionFactory factory = ConnectionFactories.get(options.get());
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
        return new PgfastPool(configuration(pgfast, bootPool, Binder.get(environment)));
    }

    /**
     * Boot's {@code spring.r2dbc.pool.*}, each mapped as Boot maps it onto r2dbc-pool (an unset one, null, leaves the
     * pool's default): Boot's defaults are the pool's, and a combination r2dbc-pool refuses ({@code initialSize} above
     * {@code maxSize}) is refused here too. Then the {@code pgfast.pool.*} properties for the options Boot has none for.
     */
    static PgfastPoolConfiguration configuration(PgfastConnectionFactory factory, Object bootPool, Binder binder) {
        PgfastPoolConfiguration.Builder builder = PgfastPoolConfiguration.builder(factory).name(NAME);
        BeanWrapper boot = PropertyAccessorFactory.forBeanPropertyAccess(bootPool);
        for (PgOption<?> option : PoolOptions.all()) {
            String key = property(option);
            String value = binder.bind(key, String.class).orElse(null);
            if (value != null) {
                refuseAsPgfastPoolProperty(option, key);
                try {
                    option.applyTo(builder, value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalStateException(key + ": " + e.getMessage(), e);
                }
            } else if (FROM_BOOT.contains(option)) {
                Object boots = boot.getPropertyValue(option.name());
                if (boots != null) {
                    option.applyTo(builder, boots);
                }
            }
        }
        return builder.build();
    }

    /**
     * Whether {@code option} is read from its {@code pgfast.pool.*} property: Boot has none for it, and neither the
     * bean's name nor the application's {@code MeterRegistry} decides it.
     */
    static boolean isPgfastPoolProperty(PgOption<?> option) {
        return !FROM_BOOT.contains(option) && option != PoolOptions.NAME && option != PoolOptions.METER_REGISTRY;
    }

    /** The {@code pgfast.pool.*} property of {@code option}. */
    static String property(PgOption<?> option) {
        return PREFIX + kebab(option.name());
    }

    private static void refuseAsPgfastPoolProperty(PgOption<?> option, String key) {
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
