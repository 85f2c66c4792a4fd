package io.pgfast.pool;

import io.pgfast.config.PgOption;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.pgfast.r2dbc.PgfastConnectionFactoryProvider;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.ConnectionFactoryProvider;

/**
 * Serves the URLs that ask for the driver's own pool, {@code r2dbc:pgfast://host/db?pool=true&maxSize=4}: the
 * connection options go to {@link PgfastConnectionFactoryProvider} as for any pgfast URL, the pool's
 * ({@link PoolOptions}, r2dbc-pool's names) to the pool. Discovered through {@code META-INF/services} beside the plain
 * provider, which declines {@code pool=true}, so that exactly one of the two serves any options whatever order
 * {@code ServiceLoader} finds them in.
 */
public final class PgfastPoolConnectionFactoryProvider implements ConnectionFactoryProvider {

    private final PgfastConnectionFactoryProvider connections;

    /** The instance {@code ServiceLoader} creates. */
    public PgfastPoolConnectionFactoryProvider() {
        this(new PgfastConnectionFactoryProvider());
    }

    PgfastPoolConnectionFactoryProvider(PgfastConnectionFactoryProvider connections) {
        this.connections = connections;
    }

    @Override
    public PgfastPool create(ConnectionFactoryOptions options) {
        PgfastConnectionFactory factory = connections.create(options);
        return new PgfastPool(fromOptions(options, factory));
    }

    /**
     * The pool's configuration from R2DBC options: each of {@link PoolOptions} that is given (a String from a URL, or a
     * typed value from code), coerced and checked as the builder does.
     *
     * @throws IllegalArgumentException naming the option whose value is malformed or inconsistent
     */
    public static PgfastPoolConfiguration fromOptions(ConnectionFactoryOptions options, PgfastConnectionFactory factory) {
        PgfastPoolConfiguration.Builder b = PgfastPoolConfiguration.builder(factory);
        for (PgOption<?> option : PoolOptions.all()) {
            Object value = options.getValue(option.r2dbcOption());
            if (value != null) {
                option.applyTo(b, value);
            }
        }
        return b.build();
    }

    /** The options name this driver and set {@code pool=true}. */
    @Override
    public boolean supports(ConnectionFactoryOptions options) {
        return connections.servesDriver(options) && PgfastConnectionFactoryProvider.requestsPool(options);
    }

    @Override
    public String getDriver() {
        return PgfastConnectionFactoryProvider.PGFAST_DRIVER;
    }
}
