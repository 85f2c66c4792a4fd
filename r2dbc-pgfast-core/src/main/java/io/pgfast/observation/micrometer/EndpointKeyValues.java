package io.pgfast.observation.micrometer;

import io.micrometer.common.KeyValues;
import io.pgfast.observation.micrometer.R2dbcObservationDocumentation.LowCardinalityKeys;

/** The low-cardinality key values both default conventions give, always the same five keys. */
final class EndpointKeyValues {

    static final String DB_SYSTEM = "postgresql";
    static final String NO_ERROR = "none";

    private EndpointKeyValues() {
    }

    static KeyValues of(EndpointContext context) {
        Throwable error = context.getError();
        return KeyValues.of(
                LowCardinalityKeys.DB_SYSTEM.withValue(DB_SYSTEM),
                LowCardinalityKeys.DB_NAME.withValue(context.getDatabase()),
                LowCardinalityKeys.SERVER_ADDRESS.withValue(context.getServerAddress()),
                LowCardinalityKeys.SERVER_PORT.withValue(Integer.toString(context.getServerPort())),
                LowCardinalityKeys.ERROR.withValue(error == null ? NO_ERROR : error.getClass().getSimpleName()));
    }
}
