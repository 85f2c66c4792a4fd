package io.pgfast.observation.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.pgfast.observation.QueryObservation;
import io.pgfast.observation.QueryObserver;
import reactor.util.context.ContextView;

/** Starts an {@code r2dbc.query} observation per statement of one connection. */
final class MicrometerQueryObserver implements QueryObserver {

    private final ObservationRegistry registry;
    private final String database;
    private final String serverAddress;
    private final int serverPort;

    MicrometerQueryObserver(ObservationRegistry registry, String database, String serverAddress, int serverPort) {
        this.registry = registry;
        this.database = database;
        this.serverAddress = serverAddress;
        this.serverPort = serverPort;
    }

    @Override
    public QueryObservation start(String sql, ContextView reactorContext) {
        QueryContext context = new QueryContext(sql, database, serverAddress, serverPort);
        Observation observation = R2dbcObservationDocumentation.QUERY.observation(null,
                DefaultQueryObservationConvention.INSTANCE, () -> context, registry);
        MicrometerObservations.withParent(observation, reactorContext).start();
        return new MicrometerQueryObservation(observation, context);
    }
}
