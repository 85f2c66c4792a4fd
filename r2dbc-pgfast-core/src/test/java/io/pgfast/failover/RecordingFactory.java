package io.pgfast.failover;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.pgfast.r2dbc.PgfastConnection;
import io.pgfast.r2dbc.PgfastConnectionFactory;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * A connection factory that hands out the driver's own connections (so a pool over it sees them as they are,
 * {@code Lifecycle} and {@code validate} included) and remembers each, so that a test can ask afterwards
 * where every connection the pool ever held went.
 */
final class RecordingFactory implements ConnectionFactory {
    private final PgfastConnectionFactory factory;
    private final List<PgfastConnection> created = new CopyOnWriteArrayList<>();

    RecordingFactory(PgfastConnectionFactory factory) {
        this.factory = factory;
    }

    @Override
    public Publisher<? extends Connection> create() {
        return Mono.from(factory.create()).cast(PgfastConnection.class).doOnNext(created::add);
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return factory.getMetadata();
    }

    List<PgfastConnection> created() {
        return List.copyOf(created);
    }
}
