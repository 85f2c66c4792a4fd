package io.pgfast.r2dbc;

import io.pgfast.codec.registry.DefaultCodecRegistry;
import io.pgfast.connect.ConnectionBootstrap;
import io.pgfast.config.PgfastConnectionConfiguration;
import io.pgfast.connect.Session;
import io.pgfast.codec.CodecRegistry;
import io.pgfast.observation.DriverObservations;
import io.pgfast.observation.Observability;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.ConnectionFactory;
import io.r2dbc.spi.ConnectionFactoryMetadata;
import reactor.core.publisher.Mono;


/**
 * Opens connections to PostgreSQL as a {@link PgfastConnectionConfiguration} describes.
 */
public final class PgfastConnectionFactory implements ConnectionFactory {

    /** The product name Spring and other tools match to pick their PostgreSQL dialect. */
    public static final String PRODUCT_NAME = "PostgreSQL";

    private static final ConnectionFactoryMetadata METADATA = () -> PRODUCT_NAME;

    private final PgfastConnectionConfiguration configuration;
    private final ConnectionBootstrap bootstrap;
    /** Null without an ObservationRegistry: then no class of micrometer-observation is ever loaded. */
    private final DriverObservations observations;

    /**
     * @throws IllegalArgumentException if {@code configuration} is null
     */
    public PgfastConnectionFactory(PgfastConnectionConfiguration configuration) {
        if (configuration == null) {
            throw new IllegalArgumentException("configuration must not be null");
        }
        this.configuration = configuration;
        CodecRegistry codecs = DefaultCodecRegistry.builtins();
        if (configuration.autodetectExtensions() || !configuration.codecs().isEmpty()) {
            DefaultCodecRegistry.Builder b = DefaultCodecRegistry.builder();
            if (configuration.autodetectExtensions()) {
                b.loadServiceCodecs(PgfastConnectionFactory.class.getClassLoader());
            }
            codecs = b.register(configuration.codecs().toArray(new io.pgfast.codec.Codec[0])).build();
        }
        this.bootstrap = new ConnectionBootstrap(configuration, codecs);
        this.observations = configuration.observationRegistry()
                .map(registry -> Observability.create(registry, configuration.database().orElse(configuration.username()),
                        configuration.socket().orElse(configuration.host()), configuration.port()))
                .orElse(null);
    }

    public PgfastConnectionConfiguration getConfiguration() {
        return configuration;
    }

    @Override
    public ConnectionFactoryMetadata getMetadata() {
        return METADATA;
    }

    /**
     * Opens a connection. Nothing happens until subscription; cancelling closes whatever was opened;
     * {@code connectTimeout} bounds the whole setup.
     */
    @Override
    public Mono<Connection> create() {
        DriverObservations o = observations;
        Mono<PgfastConnection> connect = bootstrap.connect().map(this::newConnection);
        if (o == null) {
            return connect.cast(Connection.class);
        }
        return o.connect(connect.doOnNext(c -> c.observeQueries(o.queries(c.transport().channel().remoteAddress()))))
                .cast(Connection.class);
    }

    private PgfastConnection newConnection(Session session) {
        return new PgfastConnection(session.transport(), session.codecs(), session.types(), configuration);
    }

    @Override
    public String toString() {
        return "PgfastConnectionFactory{" + configuration + '}';
    }
}
