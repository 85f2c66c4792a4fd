package io.pgfast.examples;

import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.Wrapped;

/** Looks through Boot's wrappers (the r2dbc-pool, the options holder) for the driver's factory. */
final class ConnectionFactories {

    private ConnectionFactories() {
    }

    static ConnectionFactory innermost(ConnectionFactory factory) {
        ConnectionFactory current = factory;
        while (current instanceof Wrapped<?> wrapped && wrapped.unwrap() instanceof ConnectionFactory inner) {
            current = inner;
        }
        return current;
    }
}
