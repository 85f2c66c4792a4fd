package io.pgfast.observation.micrometer;

import io.micrometer.observation.Observation;
import io.pgfast.observation.QueryObservation;

/** One started {@code r2dbc.query} observation; see {@link QueryObservation} for when each method is called. */
final class MicrometerQueryObservation implements QueryObservation {

    private final Observation observation;
    private final QueryContext context;
    private boolean failed;

    MicrometerQueryObservation(Observation observation, QueryContext context) {
        this.observation = observation;
        this.context = context;
    }

    @Override
    public void result(boolean returnedRows, long count) {
        context.addRows(returnedRows, count);
    }

    @Override
    public void error(Throwable error) {
        if (!failed) {
            failed = true;
            observation.error(error);
        }
    }

    @Override
    public void cancelled() {
        if (!context.isCancelled()) {
            context.markCancelled();
            observation.event(R2dbcObservationDocumentation.Events.CANCELLED);
        }
    }

    @Override
    public void stop() {
        observation.stop();
    }
}
