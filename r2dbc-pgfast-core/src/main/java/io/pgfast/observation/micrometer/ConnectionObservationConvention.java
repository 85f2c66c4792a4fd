package io.pgfast.observation.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and key values of {@code r2dbc.connection} observations; registered as a global convention it
 * replaces {@link DefaultConnectionObservationConvention}.
 */
public interface ConnectionObservationConvention extends ObservationConvention<ConnectionContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof ConnectionContext;
    }
}
