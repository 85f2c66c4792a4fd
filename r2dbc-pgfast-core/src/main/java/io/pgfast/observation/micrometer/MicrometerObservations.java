package io.pgfast.observation.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.pgfast.observation.DriverObservations;
import io.pgfast.observation.QueryObserver;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Micrometer Observation for one connection factory: {@code r2dbc.connection} around each connection
 * being opened, {@code r2dbc.query} around each statement. Conventions registered on the registry
 * ({@link QueryObservationConvention}, {@link ConnectionObservationConvention}) replace the defaults.
 * A parent observation is taken from the subscriber's Reactor context (key {@value #PARENT_KEY}, where
 * Micrometer's context propagation and Spring put the current observation).
 */
@SuppressWarnings("exports") // public for io.pgfast.observation, which is not exported; its PARENT_KEY is the API
public final class MicrometerObservations implements DriverObservations {

    /** {@code ObservationThreadLocalAccessor.KEY}; spelled out so that context-propagation need not be present. */
    static final String PARENT_KEY = "micrometer.observation";

    private final ObservationRegistry registry;
    private final String database;
    private final String serverAddress;
    private final int serverPort;

    private MicrometerObservations(ObservationRegistry registry, String database, String serverAddress, int serverPort) {
        this.registry = registry;
        this.database = database;
        this.serverAddress = serverAddress;
        this.serverPort = serverPort;
    }

    public static boolean isRegistry(Object registry) {
        return registry instanceof ObservationRegistry;
    }

    /** @param registry an {@link ObservationRegistry} ({@link #isRegistry} checked it) */
    public static DriverObservations create(Object registry, String database, String serverAddress, int serverPort) {
        return new MicrometerObservations((ObservationRegistry) registry, database, serverAddress, serverPort);
    }

    @Override
    public <T> Mono<T> connect(Mono<T> connect) {
        return Mono.deferContextual(reactorContext -> {
            Observation observation = R2dbcObservationDocumentation.CONNECTION.observation(null,
                    DefaultConnectionObservationConvention.INSTANCE,
                    () -> new ConnectionContext(database, serverAddress, serverPort), registry);
            withParent(observation, reactorContext).start();
            AtomicBoolean stopped = new AtomicBoolean();
            return connect
                    .doOnSuccess(c -> stopOnce(observation, stopped))
                    .doOnError(e -> {
                        observation.error(e);
                        stopOnce(observation, stopped);
                    })
                    .doOnCancel(() -> {
                        ((ConnectionContext) observation.getContext()).markCancelled();
                        observation.event(R2dbcObservationDocumentation.Events.CANCELLED);
                        stopOnce(observation, stopped);
                    });
        });
    }

    private static void stopOnce(Observation observation, AtomicBoolean stopped) {
        if (stopped.compareAndSet(false, true)) {
            observation.stop();
        }
    }

    @Override
    public QueryObserver queries(SocketAddress server) {
        if (server instanceof InetSocketAddress) {
            InetSocketAddress inet = (InetSocketAddress) server;
            return new MicrometerQueryObserver(registry, database, inet.getHostString(), inet.getPort());
        }
        // a Unix-domain socket: its path, and the port its file is named after
        return new MicrometerQueryObserver(registry, database, server == null ? serverAddress : server.toString(), serverPort);
    }

    static Observation withParent(Observation observation, ContextView reactorContext) {
        Object parent = reactorContext.getOrDefault(PARENT_KEY, null);
        if (parent instanceof Observation) {
            observation.parentObservation((Observation) parent);
        }
        return observation;
    }
}
