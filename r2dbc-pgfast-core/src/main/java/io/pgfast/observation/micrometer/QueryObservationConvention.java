package io.pgfast.observation.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * Names and key values of {@code r2dbc.query} observations. To change them, register an implementation
 * as a global convention: {@code registry.observationConfig().observationConvention(myConvention)}; it
 * then replaces {@link DefaultQueryObservationConvention} (extend that one to change only a part).
 */
public interface QueryObservationConvention extends ObservationConvention<QueryContext> {

    @Override
    default boolean supportsContext(Observation.Context context) {
        return context instanceof QueryContext;
    }
}
